import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Command, InvalidArgumentError } from 'commander';
import { loadRunBenchmark } from '../../benchmarks/benchmark-module.js';
import { benchmarkModuleUrl, DEFAULT_BENCHMARK } from '../../benchmarks/registry.js';
import { runExampleEpisode } from '../../demo/example-episode.js';
import { hasRedactedCredentials } from '../../models/providers/endpoint.js';
import { parseModelSpec } from '../../models/providers/model-spec.js';
import { CASE_SNAPSHOT_ENVIRONMENT, readCaseSnapshot } from '../../runs/execution/case-snapshot.js';
import { agentModuleProvenance } from '../../runs/execution/run-provenance.js';
import {
  announceStoreMigration,
  buildRunReport,
  CUSTOM_AGENT_PREFIX,
  EXTERNAL_AGENT_PREFIXES,
  executeRunInWorkers,
  identityManifest,
  isBuiltinAgent,
  isCustomAgentSpec,
  isRunWorker,
  loadPriceTable,
  type RunManifest,
  RunStore,
  runBenchmark,
  SCRIPTED_USER,
  sendEventsToParent,
  startWaitingWorkers,
  stopWithParent,
  storedOptionValues,
  workerCommandFor,
} from '../../runs/index.js';
import type { ScoreThreshold } from '../../runs/outputs/exit-codes.js';
import {
  checkAllowChanged,
  requireSameRunSettings,
  runIdentity,
  SettingsMismatchError,
} from '../../runs/store/run-settings-compare.js';
import type { AnyBenchmark } from '../../spec/index.js';
import { asUsageError } from '../benchmark-module-flag.js';
import { loadConfigFile } from '../config-file.js';
import { formatCaseProblem } from '../format-problem.js';
import { writeJsonText } from '../json-text.js';
import { loadAgentModule } from '../load-agent-module.js';
import { progressReporter } from '../progress.js';
import { renderRunReport } from '../render-run-report.js';
import { renderTrajectory } from '../render-trajectory.js';
import { chosenBenchmark, resolveBenchmarkOptions } from '../resolve-benchmark-options.js';
import { mergeRunFlags, type RunFlags, type RunSettings, runSettings } from '../run-settings.js';
import { resumeHint, runVerdict, writeJunitFile } from '../run-verdict.js';
import { UsageError } from '../usage-error.js';
import type { RunCommandOptions } from './run-command.js';
import { externalAgents, isModelSpec, loadModelProviders, modelAdapters, preflightModels } from './run-models.js';

/** A stored run, as far as comparing settings goes. */
interface StoredRunSettings {
  readonly config: Readonly<Record<string, unknown>>;
  readonly manifest: RunManifest;
}

/** `run`: plays the benchmark into the store, prints the report and sets the exit code. */
export async function runRun(options: RunCommandOptions, command: Command): Promise<void> {
  if (options.embedderBaseUrl) process.env.TOOLGAUGE_EMBEDDER_BASE_URL = options.embedderBaseUrl;
  if (options.example) {
    process.stdout.write(`${renderTrajectory(await runExampleEpisode())}\n`);
    return;
  }
  const { config } = await loadConfigFile(options.config);
  const flags = mergeRunFlags(command, options, config);
  // The processes of a `--workers` run are its parallelism: each embeds on one model thread of its own
  // (a thread costs about 185 MB) unless TOOLGAUGE_EMBEDDER_THREADS says otherwise. Set before the
  // workers start, so they have it too.
  if (options.workers > 1) process.env.TOOLGAUGE_EMBEDDER_THREADS ??= '1';
  // The workers start loading now, while this process loads the cases (they are told their run later).
  const waiting =
    options.workers > 1 && !isRunWorker()
      ? startWaitingWorkers(options.workers - 1, {
          script: process.argv[1] ?? '',
          ...(options.resume ? {} : { benchmark: flags.benchmark }),
        })
      : undefined;
  const store = await RunStore.open(flags.db, { onMigration: announceStoreMigration }).catch((error: unknown) => {
    waiting?.dispose();
    throw error;
  });
  try {
    const { runId, settings, benchmark, stored } = await resolveRun(store, command, options, flags, config);
    checkParticipants(benchmark, settings);
    if (options.failUnder) checkFailUnderMetric(benchmark, options.failUnder);
    const modulePath = settings.agent.startsWith(CUSTOM_AGENT_PREFIX)
      ? settings.agent.slice(CUSTOM_AGENT_PREFIX.length)
      : undefined;
    const customAgent = modulePath
      ? await loadAgentModule(modulePath)
      : isCustomAgentSpec(settings.agent)
        ? await externalAgents(settings)
        : undefined;
    const modelSettings = {
      temperature: settings.temperature,
      ...(settings.seed === undefined ? {} : { seed: settings.seed }),
      ...(settings.maxTokens === undefined ? {} : { maxOutputTokens: settings.maxTokens }),
    };
    const source = settings.data ?? settings.scenarios;
    const worker = isRunWorker();
    // A worker plays the cases its parent loaded (when it could hand them over), not a second load of them.
    const snapshotPath = worker ? process.env[CASE_SNAPSHOT_ENVIRONMENT] : undefined;
    const loaded = snapshotPath ? readCaseSnapshot(snapshotPath, benchmark.id) : undefined;
    // The providers (the AI SDK, undici) are loaded only by a run that talks to a model.
    const makeAdapter = [settings.agent, settings.user, settings.model ?? ''].some(isModelSpec)
      ? await loadModelProviders()
      : undefined;
    const interruption = interruptOnSignals(worker);
    let outcome: Awaited<ReturnType<typeof runBenchmark>>;
    try {
      outcome = await runBenchmark({
        benchmark,
        runId,
        store,
        settings: settings as unknown as Record<string, unknown>,
        ...(source ? { source } : {}),
        ...(loaded ? { loaded } : {}),
        selection: {
          ...(settings.case ? { casePattern: settings.case } : {}),
          ...(settings.limit === undefined ? {} : { limit: settings.limit }),
        },
        options: storedOptionValues(benchmark, settings),
        trials: settings.trials,
        participants: {
          agent: settings.agent,
          user: settings.user,
          agentSettings: modelSettings,
          userSettings: modelSettings,
          cache: settings.cache,
          ...(settings.model ? { model: settings.model } : {}),
        },
        context: {
          adapterFor: modelAdapters(settings, flags, options.client, makeAdapter),
          ...(customAgent ? { customAgent } : {}),
        },
        ...(settings.maxMessages === undefined ? {} : { maxMessages: settings.maxMessages }),
        ...(settings.embedder ? { embedder: settings.embedder } : {}),
        prices: loadPriceTable(config.prices),
        concurrency: flags.concurrency,
        ...(settings.maxCost === undefined ? {} : { maxCost: settings.maxCost }),
        ...(options.shard ? { shard: options.shard } : {}),
        onEvent: worker ? sendEventsToParent() : progressReporter(),
        onProblem: (problem) => {
          if (!worker) process.stderr.write(`skipped: ${formatCaseProblem(problem)}\n`);
        },
        signal: interruption.signal,
        ...(options.workers > 1 && !worker
          ? {
              execute: (run, selected) =>
                executeRunInWorkers({
                  ...run,
                  cases: { benchmark: benchmark.id, loaded: selected },
                  workers: options.workers,
                  command: workerCommandFor(run.runId),
                  ...(waiting ? { waiting } : {}),
                  onWorkerExit: ({ worker: slot, pid, how }) =>
                    process.stderr.write(`\nworker ${slot} (pid ${pid}) ${how}; its episodes go to the others\n`),
                }),
            }
          : {}),
        // Before anything is stored: compare with the stored run, check the configuration, complete the manifest.
        prepare: async (planned) => {
          const manifest: RunManifest = {
            ...planned,
            ...(modulePath ? { agentModule: agentModuleProvenance(modulePath) } : {}),
          };
          const allowed = stored ? checkStoredSettings(runId, stored, settings, manifest, options) : [];
          if (options.preflight && settings.cache !== 'replay')
            await preflightModels(settings, flags, options.client, makeAdapter);
          const allowedChanges = [...(stored?.manifest.allowedChanges ?? []), ...allowed];
          // A benchmark module that moved is recorded in its new place, for reading the run later.
          const moved = stored !== undefined && stored.config.benchmarkModule !== settings.benchmarkModule;
          return {
            manifest: { ...manifest, ...(allowedChanges.length > 0 ? { allowedChanges } : {}) },
            ...(allowed.length > 0 || moved ? { settings: settings as unknown as Record<string, unknown> } : {}),
          };
        },
      }).catch((error: unknown) => {
        if (error instanceof Error && /case matches the filters/.test(error.message)) {
          const filters = [
            settings.case === undefined ? undefined : `--case "${settings.case}"`,
            ...Object.entries(settings)
              .filter(([key, value]) => (key === 'category' || key === 'augmentation') && value !== undefined)
              .map(([key, value]) => `--${key} ${[value].flat().join(',')}`),
          ].filter((filter) => filter !== undefined);
          throw new UsageError(
            `no case of ${settings.benchmark} matches ${filters.length > 0 ? filters.join(' and ') : 'the filters'}; see \`toolgauge list cases --benchmark ${settings.benchmark}\``,
          );
        }
        throw error;
      });
    } finally {
      interruption.dispose();
    }
    if (worker) {
      // A worker's part is done; its parent reports the run.
      process.exitCode = outcome.interrupted ? 130 : 0;
      return;
    }
    if (outcome.interrupted) {
      process.stderr.write(`${resumeHint(runId, store.path, store.episodeCount(runId))}\n`);
      process.exitCode = 130;
      return;
    }
    const report = buildRunReport(store, runId);
    if (options.json) await writeJsonText(report, process.stdout);
    else process.stdout.write(`${renderRunReport([report])}\n`);
    if (options.junit) {
      await writeJunitFile(
        options.junit,
        store.episodes(runId, { withRecords: false }).map((row) => ({
          benchmark: row.benchmark,
          caseId: row.caseId,
          trial: row.trial,
          status: row.status,
          score: row.score,
          error: row.error,
          durationMs: row.durationMs,
          metrics: row.metrics,
        })),
        {
          runId,
          manifest: { ...report.manifest, settings: report.config },
          passScore: options.junitPassScore ?? options.failUnder?.minimum ?? 1,
        },
      );
    }
    const results = Object.values(report.benchmarks);
    const verdict = runVerdict({
      runId,
      outcome: {
        scored: outcome.scored,
        failed: results.reduce((total, result) => total + result.status.failed, 0),
        notRun: outcome.notRun,
      },
      results: results.map((result) => ({
        benchmark: result.benchmark,
        headline: result.headline,
        metrics: { ...result.metrics, [result.headline]: result.overall.score },
      })),
      ...(options.failUnder ? { failUnder: options.failUnder } : {}),
    });
    if (verdict.code !== 0) process.stderr.write(`toolgauge: ${verdict.reason} (exit code ${verdict.code})\n`);
    process.exitCode = verdict.code;
  } finally {
    waiting?.dispose();
    store.close();
  }
}

/**
 * Ctrl-C (or SIGTERM) stops starting episodes and lets running ones end, so that everything finished
 * is stored and the resume command can be printed; a second one exits at once.
 */
function interruptOnSignals(worker: boolean): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onSignal = () => {
    if (controller.signal.aborted) process.exit(130);
    if (!worker) process.stderr.write('\nstopping: no new episodes start; press Ctrl-C again to quit at once\n');
    controller.abort();
  };
  // A worker of a `--workers` run stops when its parent says so, or is gone.
  if (worker) stopWithParent(onSignal);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}

/**
 * Compares a stored run's settings and manifest with the ones about to be used; refuses (exit 2) on a
 * difference `--allow-changed` does not cover, and returns the allowed ones (recorded with the run).
 */
function checkStoredSettings(
  runId: string,
  stored: StoredRunSettings,
  settings: RunSettings,
  manifest: RunManifest,
  options: RunCommandOptions,
): { field: string; stored: unknown; now: unknown; at: string }[] {
  const storedIdentity = runIdentity(stored.config, identityManifest(stored.manifest));
  const requested = runIdentity(settings as unknown as Record<string, unknown>, identityManifest(manifest));
  const allowChanged = options.allowChanged ?? [];
  try {
    checkAllowChanged(allowChanged, storedIdentity, requested);
    const allowed = requireSameRunSettings('resume', runId, storedIdentity, requested, allowChanged);
    const at = new Date().toISOString();
    return allowed.map((difference) => ({
      field: difference.field,
      stored: difference.stored,
      now: difference.requested,
      at,
    }));
  } catch (error) {
    if (!(error instanceof SettingsMismatchError)) throw new UsageError(String((error as Error).message));
    if (options.resume) throw new UsageError(error.message);
    const listed = error.differences
      .map(
        (difference) =>
          `${difference.field}: stored ${JSON.stringify(difference.stored)}, now ${JSON.stringify(difference.requested)}`,
      )
      .join('; ');
    throw new UsageError(
      `run "${runId}" already exists with other settings (${listed}); use --resume ${runId} to continue it, another --run-id, or --allow-changed <field>`,
    );
  }
}

/**
 * `--fail-under <metric>=<score>` must name a metric of the benchmark: checked before anything runs, not
 * found out after the run (where it could only fail the run).
 */
function checkFailUnderMetric(benchmark: AnyBenchmark, threshold: ScoreThreshold): void {
  if (threshold.metric === undefined) return;
  const names = benchmark.metrics.map((metric) => metric.id);
  if (names.includes(threshold.metric)) return;
  throw new UsageError(
    `--fail-under ${threshold.metric}=${threshold.minimum}: the ${benchmark.id} benchmark has no metric "${threshold.metric}"; its metrics are: ${names.join(', ')}`,
  );
}

/** Model specs are checked before anything runs; a bare name that is not a built-in agent lists them. */
function checkParticipants(benchmark: AnyBenchmark, settings: RunSettings): void {
  if (settings.model !== undefined) {
    if (!EXTERNAL_AGENT_PREFIXES.some((prefix) => settings.agent.startsWith(prefix))) {
      throw new UsageError(
        `--model ${settings.model}: only an external agent (--agent command:… or endpoint:…) is served a model; to have toolgauge play a model, give it as --agent`,
      );
    }
    try {
      parseModelSpec(settings.model);
    } catch (error) {
      throw new UsageError(`--model: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (!isBuiltinAgent(benchmark, settings.agent) && !isCustomAgentSpec(settings.agent)) {
    try {
      parseModelSpec(settings.agent);
    } catch (error) {
      const names = benchmark.agents.map((agent) => agent.name).join(', ');
      throw new InvalidArgumentError(
        `${error instanceof Error ? error.message : String(error)} (the ${benchmark.id} benchmark's built-in agents: ${names})`,
      );
    }
  }
  if (settings.user !== SCRIPTED_USER) {
    parseModelSpec(settings.user);
    if (!benchmark.simulatedUser) {
      throw new UsageError(
        `--user-model ${settings.user}: the ${benchmark.id} benchmark has no simulated user for a model to play (its users are replayed or absent)`,
      );
    }
  }
}

/**
 * The run to play: a stored one (`--resume`: its stored settings, with any setting given on the command
 * line or in the config file applied on top — and compared before anything is played), or a new or
 * repeated one (`--run-id`; a stored run with that id is compared the same way). A `module:` agent is
 * stored by its absolute path, so a resume from another folder loads the same file.
 */
async function resolveRun(
  store: RunStore,
  command: Command,
  options: RunCommandOptions,
  flags: RunFlags,
  config: Readonly<Record<string, unknown>>,
): Promise<{ runId: string; settings: RunSettings; benchmark: AnyBenchmark; stored?: StoredRunSettings }> {
  if (options.resume) {
    const stored = store.getRun(options.resume);
    if (!stored) throw new UsageError(`no run "${options.resume}" in ${store.path}; see \`toolgauge list runs\``);
    if (options.runId && options.runId !== options.resume) {
      throw new UsageError(`--resume ${options.resume} and --run-id ${options.runId} name different runs; give one`);
    }
    const storedSettings = stored.config as unknown as RunSettings;
    checkResumedBenchmark(options.resume, storedSettings, command, flags);
    const benchmark = await loadRunBenchmark(options.resume, stored.config, DEFAULT_BENCHMARK).catch(
      (error: unknown) => {
        throw asUsageError(error);
      },
    );
    const given = runSettings(
      flags,
      benchmark,
      resolveBenchmarkOptions(command, benchmark, 'run', config),
    ) as unknown as Record<string, unknown>;
    const fromCommandLine = Object.fromEntries(
      Object.keys(given)
        .filter(
          (key) =>
            key !== 'benchmark' &&
            key !== 'formatVersion' &&
            (command.getOptionValueSource(key) === 'cli' ||
              config[key] !== undefined ||
              (key === 'user' && options.userModel !== undefined)),
        )
        .map((key) => [key, given[key]]),
    );
    // Where the benchmark's module is now: given again with --benchmark module:<new path> when it moved.
    const benchmarkModule = benchmarkModuleUrl(benchmark.id) ?? storedSettings.benchmarkModule;
    const settings = withAbsoluteModule({
      ...storedSettings,
      ...fromCommandLine,
      ...(benchmarkModule ? { benchmarkModule } : {}),
    } as RunSettings);
    // Credentials are never stored: a URL that had them must be given again, or requests would go out
    // with the placeholder in their place.
    for (const [key, flag] of [
      ['baseUrl', '--base-url'],
      ['userBaseUrl', '--user-base-url'],
    ] as const) {
      const url = settings[key];
      if (url && hasRedactedCredentials(url) && (key === 'baseUrl' ? flags.baseUrl : flags.userBaseUrl) === undefined) {
        throw new UsageError(
          `run "${options.resume}" was started with credentials in ${flag} (${url}), which are never stored: give ${flag} again with them to resume`,
        );
      }
    }
    return { runId: options.resume, settings, benchmark, stored };
  }
  const benchmark = await chosenBenchmark(flags.benchmark);
  const settings = withAbsoluteModule(
    runSettings(flags, benchmark, resolveBenchmarkOptions(command, benchmark, 'run', config)),
  );
  const runId =
    options.runId ??
    `${settings.benchmark}-${settings.agent.replace(/[^A-Za-z0-9.-]+/g, '-')}-${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}`;
  const stored = store.getRun(runId);
  return { runId, settings, benchmark, ...(stored && store.episodeCount(runId) > 0 ? { stored } : {}) };
}

/**
 * `--resume <run> --benchmark …` may give the run's benchmark module in its new place, never another
 * benchmark: a run's episodes are of one benchmark.
 */
function checkResumedBenchmark(runId: string, stored: RunSettings, command: Command, flags: RunFlags): void {
  if (command.getOptionValueSource('benchmark') !== 'cli') return;
  const storedId = stored.benchmark ?? DEFAULT_BENCHMARK;
  if (flags.benchmark === storedId) return;
  const module = benchmarkModuleUrl(flags.benchmark);
  const given = module ? `module:${fileURLToPath(module)}` : flags.benchmark;
  throw new UsageError(
    `--benchmark ${given} is the "${flags.benchmark}" benchmark, but run "${runId}" was played with the "${storedId}" benchmark; resume it with the "${storedId}" benchmark (a module of it that moved: --benchmark module:<its new path>), or leave --benchmark out`,
  );
}

/** `module:./agent.mjs` → `module:/abs/path/agent.mjs`. */
function withAbsoluteModule(settings: RunSettings): RunSettings {
  if (!settings.agent.startsWith(CUSTOM_AGENT_PREFIX)) return settings;
  return { ...settings, agent: `${CUSTOM_AGENT_PREFIX}${resolve(settings.agent.slice(CUSTOM_AGENT_PREFIX.length))}` };
}
