import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { runExampleEpisode } from '../../benchmarks/example/example-episode.js';
import {
  BUILT_IN_SCENARIOS,
  filterCases,
  formatProblem,
  loadScenarios,
  SANDBOX_CATEGORIES,
  type SandboxCategory,
  sandboxCases,
} from '../../benchmarks/sandbox/index.js';
import { createModelAdapter, parseModelSpec } from '../../models/index.js';
import { parseScoreThreshold, type ScoreThreshold } from '../../runs/exit-codes.js';
import {
  buildRunReport,
  CUSTOM_AGENT_PREFIX,
  DEFAULT_RETRY_POLICY,
  DEFAULT_STORE_PATH,
  EndpointLimiter,
  executeRun,
  loadPriceTable,
  manifestOf,
  ResilientModelAdapter,
  RunStore,
  sandboxJobs,
} from '../../runs/index.js';
import { formatPreflightProblems, type PreflightTarget, preflight } from '../../runs/preflight.js';
import { agentModuleProvenance, caseSetOf, gitCommitOf, toolgaugeVersion } from '../../runs/run-provenance.js';
import {
  checkAllowChanged,
  type IdentityManifest,
  requireSameRunSettings,
  runIdentity,
  SettingsMismatchError,
} from '../../runs/run-settings-compare.js';
import type { ModelAdapter } from '../../spec/index.js';
import { AUGMENTATIONS, type Augmentation } from '../../tools/index.js';
import { benchmarkOption } from '../cli-options.js';
import { loadConfigFile } from '../config-file.js';
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
  failUnder?: ScoreThreshold;
  junit?: string;
  junitPassScore?: number;
  preflight: boolean;
  allowChanged?: string[];
}

/** What a run records besides its settings, to be reproduced and compared (stored under `manifest`). */
interface Manifest extends IdentityManifest {
  readonly formatVersion: 1;
  readonly toolgaugeVersion: string;
  readonly gitCommit?: string;
  readonly nodeVersion: string;
  readonly priceTableVersion: string;
}

export function registerRun(program: Command): void {
  program
    .command('run')
    .description('run a benchmark and store its episodes (default: the sandbox corpus with the oracle agent, offline)')
    .addOption(benchmarkOption())
    .option(
      '--agent <agent>',
      'oracle, unhelpful, a model spec (openai:gpt-4o, anthropic:claude-sonnet-4-0, openai-compatible:llama3), or module:./my-agent.js',
      'oracle',
    )
    .option('--base-url <url>', "the agent model's server (required for openai-compatible)")
    .option('--user <user>', 'scripted, or a model spec for the LLM user simulator', 'scripted')
    .option('--user-model <spec>', 'same as --user <spec>')
    .option('--user-base-url <url>', "the user simulator model's server")
    .option('--scenarios <path>', 'scenario files or folder (default: the built-in corpus)')
    .option('--case <glob>', 'only cases whose id matches, e.g. "phone-*/distraction-0"')
    .addOption(new Option('--category <name...>', 'only cases in these categories').choices([...SANDBOX_CATEGORIES]))
    .addOption(new Option('--augmentation <name...>', 'only these tool augmentations').choices([...AUGMENTATIONS]))
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
    .addOption(
      new Option(
        '--cache <mode>',
        'response cache: use, replay (never ask a model) or off; default use at temperature 0',
      ).choices(['use', 'replay', 'off']),
    )
    .option('--no-cache', 'do not read or write the response cache')
    .option('--max-cost <usd>', 'stop starting episodes once the run has cost this much', nonNegativeNumber)
    .option('--db <file>', 'the SQLite store', DEFAULT_STORE_PATH)
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
    .option('--example', 'play the tiny built-in example episode instead and print its trajectory')
    .action(async (options: RunCommandOptions, command: Command) => {
      if (options.example) {
        process.stdout.write(`${renderTrajectory(await runExampleEpisode())}\n`);
        return;
      }
      const { config } = await loadConfigFile(options.config);
      const flags = mergeRunFlags(command, options, config);
      const store = await RunStore.open(flags.db);
      try {
        const { runId, settings, stored } = resolveRun(store, options, flags, command, config);
        for (const spec of [settings.agent, settings.user]) {
          if (!['oracle', 'unhelpful', 'scripted'].includes(spec) && !spec.startsWith(CUSTOM_AGENT_PREFIX))
            parseModelSpec(spec);
        }
        const modulePath = settings.agent.startsWith(CUSTOM_AGENT_PREFIX)
          ? settings.agent.slice(CUSTOM_AGENT_PREFIX.length)
          : undefined;
        const customAgent = modulePath ? await loadAgentModule(modulePath) : undefined;

        const { scenarios, problems } = await loadScenarios([settings.scenarios ?? fileURLToPath(BUILT_IN_SCENARIOS)]);
        for (const problem of problems) process.stderr.write(`skipped: ${formatProblem(problem)}\n`);
        const cases = filterCases(sandboxCases(scenarios), {
          ...(settings.case ? { casePattern: settings.case } : {}),
          ...(settings.category ? { categories: settings.category as SandboxCategory[] } : {}),
          ...(settings.augmentation ? { augmentations: settings.augmentation as Augmentation[] } : {}),
          ...(settings.limit === undefined ? {} : { limit: settings.limit }),
        });
        if (cases.length === 0) throw new UsageError('no case matches the filters');

        const prices = loadPriceTable(config.prices);
        const gitCommit = gitCommitOf();
        const manifest: Manifest = {
          formatVersion: 1,
          toolgaugeVersion: toolgaugeVersion(),
          ...(gitCommit ? { gitCommit } : {}),
          nodeVersion: process.versions.node,
          priceTableVersion: prices.version,
          caseSet: caseSetOf(
            cases.map((sandboxCase) => ({
              id: sandboxCase.id,
              content: { scenario: sandboxCase.scenario, opening: sandboxCase.opening },
            })),
          ),
          ...(modulePath ? { agentModule: agentModuleProvenance(modulePath) } : {}),
        };
        const allowedChanges = stored ? checkStoredSettings(runId, stored, settings, manifest, options) : [];

        const adapterFor = modelAdapters(settings, flags);
        if (options.preflight && settings.cache !== 'replay') {
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
        const previousChanges = Array.isArray(stored?.config.allowedChanges) ? stored.config.allowedChanges : [];
        const storedConfig = {
          ...settings,
          manifest,
          ...(previousChanges.length + allowedChanges.length > 0
            ? { allowedChanges: [...previousChanges, ...allowedChanges] }
            : {}),
        };
        store.ensureRun(runId, storedConfig, new Date().toISOString());
        if (stored && store.episodeCount(runId) > 0) store.updateRunConfig(runId, storedConfig);

        const modelSettings = {
          temperature: settings.temperature,
          ...(settings.seed === undefined ? {} : { seed: settings.seed }),
          ...(settings.maxTokens === undefined ? {} : { maxOutputTokens: settings.maxTokens }),
        };
        const jobs = sandboxJobs(
          cases,
          settings.trials,
          {
            agent: settings.agent,
            user: settings.user,
            agentSettings: modelSettings,
            userSettings: modelSettings,
            cache: settings.cache,
          },
          { store, adapterFor, ...(customAgent ? { customAgent } : {}) },
          settings.maxMessages === undefined ? {} : { maxMessages: settings.maxMessages },
        );
        const interruption = interruptOnSignals();
        let outcome: Awaited<ReturnType<typeof executeRun>>;
        try {
          outcome = await executeRun({
            runId,
            benchmark: 'sandbox',
            jobs,
            store,
            prices,
            concurrency: flags.concurrency,
            ...(settings.maxCost === undefined ? {} : { maxCost: settings.maxCost }),
            ...(options.shard ? { shard: options.shard } : {}),
            onEvent: progressReporter(),
            signal: interruption.signal,
          });
        } finally {
          interruption.dispose();
        }
        const report = buildRunReport(store, runId);
        if (outcome.interrupted) {
          process.stderr.write(`${resumeHint(runId, flags.db, store.episodeCount(runId))}\n`);
          process.exitCode = 130;
          return;
        }
        process.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : `${renderRunReport([report])}\n`);
        const passScore = options.junitPassScore ?? options.failUnder?.minimum ?? 1;
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
              metrics: { turnCount: row.turnCount },
            })),
            { runId, manifest: { ...manifest, settings }, passScore },
          );
        }
        const benchmarks = Object.entries(report.benchmarks);
        const failed = benchmarks.reduce((total, [, result]) => total + result.status.failed, 0);
        const verdict = runVerdict({
          runId,
          outcome: { scored: outcome.scored, failed, notRun: outcome.notRun },
          results: benchmarks.map(([benchmark, result]) => ({
            benchmark,
            headline: 'similarity',
            metrics: { similarity: result.overall.score, turnCount: result.overall.turnCount },
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

/** Whether an agent or user spec names a model (and so gets a preflight request). */
function isModelSpec(spec: string): boolean {
  return !['oracle', 'unhelpful', 'scripted'].includes(spec) && !spec.startsWith(CUSTOM_AGENT_PREFIX);
}

/** The base URL a role's model is reached at: the flag (which may carry credentials), else the stored one. */
function baseUrlFor(role: 'agent' | 'user', settings: RunSettings, flags: RunFlags): string | undefined {
  return role === 'user' ? (flags.userBaseUrl ?? settings.userBaseUrl) : (flags.baseUrl ?? settings.baseUrl);
}

/**
 * Ctrl-C (or SIGTERM) stops starting episodes and lets running ones end, so that everything finished
 * is stored and the resume command can be printed; a second one exits at once.
 */
function interruptOnSignals(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onSignal = () => {
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write('\nstopping: no new episodes start; press Ctrl-C again to quit at once\n');
    controller.abort();
  };
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
  stored: StoredRunConfig,
  settings: RunSettings,
  manifest: Manifest,
  options: RunCommandOptions,
): { field: string; stored: unknown; now: unknown; at: string }[] {
  const storedIdentity = runIdentity(stored.config, manifestOf(stored.config));
  const requested = runIdentity(settings as unknown as Record<string, unknown>, manifest);
  const allowChanged = options.allowChanged ?? [];
  checkAllowChanged(allowChanged, storedIdentity, requested);
  try {
    const allowed = requireSameRunSettings('resume', runId, storedIdentity, requested, allowChanged);
    const at = new Date().toISOString();
    return allowed.map((difference) => ({
      field: difference.field,
      stored: difference.stored,
      now: difference.requested,
      at,
    }));
  } catch (error) {
    if (!(error instanceof SettingsMismatchError)) throw error;
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

interface StoredRunConfig {
  readonly config: Readonly<Record<string, unknown>>;
}

/**
 * The run to play: a stored one (`--resume`: its stored settings, with any setting given on the command
 * line applied on top — and compared later), or a new or repeated one (`--run-id`). A `module:` agent is
 * stored by its absolute path, so a resume from another folder loads the same file.
 */
function resolveRun(
  store: RunStore,
  options: RunCommandOptions,
  flags: RunFlags,
  command: Command,
  configured: Readonly<Record<string, unknown>>,
): { runId: string; settings: RunSettings; stored?: StoredRunConfig } {
  if (options.resume) {
    const stored = store.getRun(options.resume);
    if (!stored) throw new UsageError(`no run "${options.resume}" in ${store.path}; see \`toolgauge list runs\``);
    if (options.runId && options.runId !== options.resume) {
      throw new UsageError(`--resume ${options.resume} and --run-id ${options.runId} name different runs; give one`);
    }
    const { manifest: _manifest, allowedChanges: _allowed, ...storedSettings } = stored.config;
    const given = runSettings(flags) as unknown as Record<string, unknown>;
    const fromCommandLine = Object.fromEntries(
      Object.keys(given)
        .filter(
          (key) =>
            command.getOptionValueSource(key) === 'cli' ||
            configured[key] !== undefined ||
            (key === 'user' && options.userModel !== undefined),
        )
        .map((key) => [key, given[key]]),
    );
    const settings = { ...storedSettings, ...fromCommandLine } as unknown as RunSettings;
    return { runId: options.resume, settings: withAbsoluteModule(settings), stored };
  }
  const settings = withAbsoluteModule(runSettings(flags));
  const runId =
    options.runId ??
    `${settings.benchmark}-${settings.agent.replace(/[^A-Za-z0-9.-]+/g, '-')}-${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}`;
  const stored = store.getRun(runId);
  return { runId, settings, ...(stored && store.episodeCount(runId) > 0 ? { stored } : {}) };
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
