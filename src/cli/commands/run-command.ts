import { resolve } from 'node:path';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { runExampleEpisode } from '../../demo/example-episode.js';
import { createModelAdapter, parseModelSpec } from '../../models/index.js';
import { parseScoreThreshold, type ScoreThreshold } from '../../runs/exit-codes.js';
import {
  buildRunReport,
  CUSTOM_AGENT_PREFIX,
  DEFAULT_RETRY_POLICY,
  DEFAULT_STORE_PATH,
  EndpointLimiter,
  executeRunInWorkers,
  identityManifest,
  isBuiltinAgent,
  isRunWorker,
  loadPriceTable,
  ResilientModelAdapter,
  type RunManifest,
  RunStore,
  runBenchmark,
  SCRIPTED_USER,
  sendEventsToParent,
  stopWithParent,
  storedOptionValues,
  workerCommandFor,
} from '../../runs/index.js';
import { formatPreflightProblems, type PreflightTarget, preflight } from '../../runs/preflight.js';
import { agentModuleProvenance } from '../../runs/run-provenance.js';
import {
  checkAllowChanged,
  requireSameRunSettings,
  runIdentity,
  SettingsMismatchError,
} from '../../runs/run-settings-compare.js';
import type { AnyBenchmark, ModelAdapter } from '../../spec/index.js';
import { addBenchmarkOptions, benchmarkOption, chosenBenchmark, resolveBenchmarkOptions } from '../cli-options.js';
import { loadConfigFile } from '../config-file.js';
import { formatCaseProblem } from '../format-problem.js';
import { loadAgentModule } from '../load-agent-module.js';
import { progressReporter } from '../progress.js';
import { renderRunReport } from '../render-run-report.js';
import { renderTrajectory } from '../render-trajectory.js';
import { mergeRunFlags, type RunFlags, type RunSettings, runSettings } from '../run-settings.js';
import { resumeHint, runVerdict, writeJunitFile } from '../run-verdict.js';
import { UsageError } from '../usage-error.js';

interface RunCommandOptions extends RunFlags {
  example?: boolean;
  runId?: string;
  resume?: string;
  shard?: { index: number; count: number };
  config?: string;
  json?: boolean;
  embedderBaseUrl?: string;
  failUnder?: ScoreThreshold;
  junit?: string;
  junitPassScore?: number;
  preflight: boolean;
  allowChanged?: string[];
  workers: number;
}

/** A stored run, as far as comparing settings goes. */
interface StoredRunSettings {
  readonly config: Readonly<Record<string, unknown>>;
  readonly manifest: RunManifest;
}

export function registerRun(program: Command): void {
  const command = program
    .command('run')
    .description('run a benchmark and store its episodes (default: the sandbox corpus with the oracle agent, offline)')
    .addOption(benchmarkOption())
    .option(
      '--agent <agent>',
      'a built-in agent of the benchmark (oracle, …), a model spec (openai:gpt-4o, anthropic:claude-sonnet-4-0, openai-compatible:llama3), or module:./my-agent.js',
      'oracle',
    )
    .option('--base-url <url>', "the agent model's server (required for openai-compatible)")
    .option(
      '--user <user>',
      "scripted (the benchmark's own user), or a model spec for the LLM user simulator",
      'scripted',
    )
    .option('--user-model <spec>', 'same as --user <spec>')
    .option('--user-base-url <url>', "the user simulator model's server")
    .option('--data <path>', "the benchmark's case files or folder (default: its built-in cases)")
    .option('--scenarios <path>', 'same as --data (the sandbox calls its cases scenarios)')
    .option('--case <glob>', 'only cases whose id matches, e.g. "phone-*/distraction-0"')
    .option('--limit <n>', 'at most n cases', positiveInteger)
    .option('--trials <k>', 'run each case k times', positiveInteger, 1)
    .option('--concurrency <n>', 'episodes at once', positiveInteger, 4)
    .option(
      '--endpoint-concurrency <n>',
      'requests at once per provider endpoint (default: --concurrency)',
      positiveInteger,
    )
    .option('--temperature <t>', 'sampling temperature', nonNegativeNumber, 0)
    .option('--seed <n>', 'sampling seed passed to providers that accept one', integer)
    .option('--max-tokens <n>', 'output token limit per model call', positiveInteger)
    .option('--max-messages <n>', 'message limit per episode (default 30)', positiveInteger)
    .option('--timeout-ms <n>', 'time limit of one model request', positiveInteger)
    .option(
      '--embedder <spec>',
      'the embedder for semantic similarity, for benchmarks that need one (use-lite: the offline default; lexical; openai-compatible:<model>)',
    )
    .option(
      '--embedder-base-url <url>',
      'base URL of the OpenAI-compatible embeddings server for --embedder openai-compatible:<model> (sets TOOLGAUGE_EMBEDDER_BASE_URL)',
    )
    .addOption(
      new Option(
        '--cache <mode>',
        'response cache: use, replay (never ask a model) or off; default use at temperature 0',
      ).choices(['use', 'replay', 'off']),
    )
    .option('--no-cache', 'do not read or write the response cache')
    .option('--max-cost <usd>', 'stop starting episodes once the run has cost this much', nonNegativeNumber)
    .option('--db <file>', 'the store: a SQLite file, or postgres://user@host:port/db', DEFAULT_STORE_PATH)
    .option('--workers <n>', 'worker processes that play the run together, sharing its store', positiveInteger, 1)
    .option('--run-id <id>', 'name the run; repeating a command with the same id continues it')
    .option('--resume <run-id>', 'continue a stored run with its stored settings')
    .option('--shard <i/n>', 'play only slice i of n (0-based) so machines can share a run', parseShard)
    .option('--config <file>', 'a toolgauge.config.{ts,json,yaml} (default: the one in this folder, if any)')
    .option('--json', 'print the run report as JSON')
    .option(
      '--fail-under <score>',
      'exit 4 when the headline metric is below <score> (or <metric>=<score>, e.g. precision=0.8)',
      scoreThreshold,
    )
    .option('--junit <file>', 'also write the run as JUnit XML (one test case per episode) for CI dashboards')
    .option(
      '--junit-pass-score <n>',
      'in --junit, a scored episode below this is a failure (default: the --fail-under score, or 1)',
      nonNegativeNumber,
    )
    .option('--no-preflight', 'skip checking keys, URLs and one tiny request per model before the run')
    .option(
      '--allow-changed <field...>',
      'with --resume (or a reused --run-id): accept a changed setting, e.g. trials or baseUrl',
    )
    .option('--example', 'play the tiny built-in example episode instead and print its trajectory');
  addBenchmarkOptions(command, 'run').action(async (options: RunCommandOptions, command: Command) => {
    if (options.embedderBaseUrl) process.env.TOOLGAUGE_EMBEDDER_BASE_URL = options.embedderBaseUrl;
    if (options.example) {
      process.stdout.write(`${renderTrajectory(await runExampleEpisode())}\n`);
      return;
    }
    const { config } = await loadConfigFile(options.config);
    const flags = mergeRunFlags(command, options, config);
    const store = await RunStore.open(flags.db);
    try {
      const { runId, settings, benchmark, stored } = resolveRun(store, command, options, flags, config);
      checkParticipants(benchmark, settings);
      const modulePath = settings.agent.startsWith(CUSTOM_AGENT_PREFIX)
        ? settings.agent.slice(CUSTOM_AGENT_PREFIX.length)
        : undefined;
      const customAgent = modulePath ? await loadAgentModule(modulePath) : undefined;
      const modelSettings = {
        temperature: settings.temperature,
        ...(settings.seed === undefined ? {} : { seed: settings.seed }),
        ...(settings.maxTokens === undefined ? {} : { maxOutputTokens: settings.maxTokens }),
      };
      const source = settings.data ?? settings.scenarios;
      const worker = isRunWorker();
      const interruption = interruptOnSignals(worker);
      let outcome: Awaited<ReturnType<typeof runBenchmark>>;
      try {
        outcome = await runBenchmark({
          benchmark,
          runId,
          store,
          settings: settings as unknown as Record<string, unknown>,
          ...(source ? { source } : {}),
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
          },
          context: { adapterFor: modelAdapters(settings, flags), ...(customAgent ? { customAgent } : {}) },
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
                execute: (run) =>
                  executeRunInWorkers({
                    ...run,
                    workers: options.workers,
                    command: workerCommandFor(run.runId),
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
            if (options.preflight && settings.cache !== 'replay') await preflightModels(settings, flags);
            const allowedChanges = [...(stored?.manifest.allowedChanges ?? []), ...allowed];
            return {
              manifest: { ...manifest, ...(allowedChanges.length > 0 ? { allowedChanges } : {}) },
              ...(allowed.length > 0 ? { settings: settings as unknown as Record<string, unknown> } : {}),
            };
          },
        }).catch((error: unknown) => {
          if (error instanceof Error && /case matches the filters/.test(error.message)) {
            throw new UsageError('no case matches the filters');
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
      process.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : `${renderRunReport([report])}\n`);
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
      store.close();
    }
  });
}

/** One tiny request per model (and a check of its key and URL) before anything is played. */
async function preflightModels(settings: RunSettings, flags: RunFlags): Promise<void> {
  const targets: PreflightTarget[] = (['agent', 'user'] as const)
    .map((role) => ({ role, spec: role === 'agent' ? settings.agent : settings.user }))
    .filter(({ spec }) => isModelSpec(spec))
    .map(({ role, spec }) => ({
      role,
      spec,
      adapter: () => {
        const baseUrl = baseUrlFor(role, settings, flags);
        return createModelAdapter(spec, baseUrl ? { baseUrl } : {});
      },
    }));
  const problems = await preflight(targets);
  if (problems.length > 0) throw new UsageError(formatPreflightProblems(problems));
}

/** Whether an agent or user spec names a model (and so gets a preflight request). */
function isModelSpec(spec: string): boolean {
  if (spec === SCRIPTED_USER || spec.startsWith(CUSTOM_AGENT_PREFIX)) return false;
  try {
    parseModelSpec(spec);
    return true;
  } catch {
    return false;
  }
}

/** The base URL a role's model is reached at: the flag (which may carry credentials), else the stored one. */
function baseUrlFor(role: 'agent' | 'user', settings: RunSettings, flags: RunFlags): string | undefined {
  return role === 'user' ? (flags.userBaseUrl ?? settings.userBaseUrl) : (flags.baseUrl ?? settings.baseUrl);
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

/** Model specs are checked before anything runs; a bare name that is not a built-in agent lists them. */
function checkParticipants(benchmark: AnyBenchmark, settings: RunSettings): void {
  if (!isBuiltinAgent(benchmark, settings.agent) && !settings.agent.startsWith(CUSTOM_AGENT_PREFIX)) {
    try {
      parseModelSpec(settings.agent);
    } catch (error) {
      const names = benchmark.agents.map((agent) => agent.name).join(', ');
      throw new InvalidArgumentError(
        `${error instanceof Error ? error.message : String(error)} (the ${benchmark.id} benchmark's built-in agents: ${names})`,
      );
    }
  }
  if (settings.user !== SCRIPTED_USER) parseModelSpec(settings.user);
}

/**
 * The run to play: a stored one (`--resume`: its stored settings, with any setting given on the command
 * line or in the config file applied on top — and compared before anything is played), or a new or
 * repeated one (`--run-id`; a stored run with that id is compared the same way). A `module:` agent is
 * stored by its absolute path, so a resume from another folder loads the same file.
 */
function resolveRun(
  store: RunStore,
  command: Command,
  options: RunCommandOptions,
  flags: RunFlags,
  config: Readonly<Record<string, unknown>>,
): { runId: string; settings: RunSettings; benchmark: AnyBenchmark; stored?: StoredRunSettings } {
  if (options.resume) {
    const stored = store.getRun(options.resume);
    if (!stored) throw new UsageError(`no run "${options.resume}" in ${store.path}; see \`toolgauge list runs\``);
    if (options.runId && options.runId !== options.resume) {
      throw new UsageError(`--resume ${options.resume} and --run-id ${options.runId} name different runs; give one`);
    }
    const storedSettings = stored.config as unknown as RunSettings;
    const benchmark = chosenBenchmark(String(storedSettings.benchmark ?? 'sandbox'));
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
    const settings = withAbsoluteModule({ ...storedSettings, ...fromCommandLine } as RunSettings);
    return { runId: options.resume, settings, benchmark, stored };
  }
  const benchmark = chosenBenchmark(flags.benchmark);
  const settings = withAbsoluteModule(
    runSettings(flags, benchmark, resolveBenchmarkOptions(command, benchmark, 'run', config)),
  );
  const runId =
    options.runId ??
    `${settings.benchmark}-${settings.agent.replace(/[^A-Za-z0-9.-]+/g, '-')}-${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}`;
  const stored = store.getRun(runId);
  return { runId, settings, benchmark, ...(stored && store.episodeCount(runId) > 0 ? { stored } : {}) };
}

/** `module:./agent.mjs` → `module:/abs/path/agent.mjs`. */
function withAbsoluteModule(settings: RunSettings): RunSettings {
  if (!settings.agent.startsWith(CUSTOM_AGENT_PREFIX)) return settings;
  return { ...settings, agent: `${CUSTOM_AGENT_PREFIX}${resolve(settings.agent.slice(CUSTOM_AGENT_PREFIX.length))}` };
}

/** One queued, retried adapter per model spec; one request limiter per endpoint. */
function modelAdapters(settings: RunSettings, flags: RunFlags): (spec: string, role: 'agent' | 'user') => ModelAdapter {
  const adapters = new Map<string, ModelAdapter>();
  const limiters = new Map<string, EndpointLimiter>();
  return (spec, role) => {
    const baseUrl = role === 'user' ? (flags.userBaseUrl ?? settings.userBaseUrl) : (flags.baseUrl ?? settings.baseUrl);
    const key = `${spec}@${baseUrl ?? ''}`;
    let adapter = adapters.get(key);
    if (!adapter) {
      const endpoint = `${parseModelSpec(spec).provider}@${baseUrl ?? 'default'}`;
      let limiter = limiters.get(endpoint);
      if (!limiter) {
        limiter = new EndpointLimiter(flags.endpointConcurrency ?? flags.concurrency);
        limiters.set(endpoint, limiter);
      }
      const policy = settings.timeoutMs
        ? { ...DEFAULT_RETRY_POLICY, timeoutMs: settings.timeoutMs }
        : DEFAULT_RETRY_POLICY;
      adapter = new ResilientModelAdapter(createModelAdapter(spec, baseUrl ? { baseUrl } : {}), limiter, policy);
      adapters.set(key, adapter);
    }
    return adapter;
  };
}

function scoreThreshold(value: string): ScoreThreshold {
  try {
    return parseScoreThreshold(value);
  } catch (error) {
    throw new InvalidArgumentError(error instanceof Error ? error.message : String(error));
  }
}

function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new InvalidArgumentError(`"${value}" is not a positive whole number`);
  return number;
}

function integer(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number)) throw new InvalidArgumentError(`"${value}" is not a whole number`);
  return number;
}

function nonNegativeNumber(value: string): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new InvalidArgumentError(`"${value}" is not a number ≥ 0`);
  return number;
}

function parseShard(value: string): { index: number; count: number } {
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index >= count) {
    throw new InvalidArgumentError(`"${value}" is not a shard like 0/4 (index from 0 to count − 1)`);
  }
  return { index, count };
}
