import { type Command, InvalidArgumentError, Option } from 'commander';
import { runExampleEpisode } from '../../demo/example-episode.js';
import { createModelAdapter, parseModelSpec } from '../../models/index.js';
import {
  AdaptiveConcurrencyLimiter,
  buildRunReport,
  type ConcurrencyLimiter,
  CUSTOM_AGENT_PREFIX,
  DEFAULT_RETRY_POLICY,
  DEFAULT_STORE_PATH,
  isBuiltinAgent,
  loadPriceTable,
  ResilientModelAdapter,
  RunStore,
  runBenchmark,
  SCRIPTED_USER,
  storedOptionValues,
} from '../../runs/index.js';
import type { AnyBenchmark, ModelAdapter } from '../../spec/index.js';
import { addBenchmarkOptions, benchmarkOption, chosenBenchmark, resolveBenchmarkOptions } from '../cli-options.js';
import { loadConfigFile } from '../config-file.js';
import { formatCaseProblem } from '../format-problem.js';
import { loadAgentModule } from '../load-agent-module.js';
import { progressReporter } from '../progress.js';
import { renderRunReport } from '../render-run-report.js';
import { renderTrajectory } from '../render-trajectory.js';
import { mergeRunFlags, type RunFlags, type RunSettings, runSettings, settingsDifferences } from '../run-settings.js';

interface RunCommandOptions extends RunFlags {
  example?: boolean;
  runId?: string;
  resume?: string;
  shard?: { index: number; count: number };
  config?: string;
  json?: boolean;
  embedderBaseUrl?: string;
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
    .option('--db <file>', 'the SQLite store', DEFAULT_STORE_PATH)
    .option('--run-id <id>', 'name the run; repeating a command with the same id continues it')
    .option('--resume <run-id>', 'continue a stored run with its stored settings')
    .option('--shard <i/n>', 'play only slice i of n (0-based) so machines can share a run', parseShard)
    .option('--config <file>', 'a toolgauge.config.{ts,json,yaml} (default: the one in this folder, if any)')
    .option('--json', 'print the run report as JSON')
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
      const { runId, settings, benchmark } = resolveRun(store, command, options, flags, config);
      checkParticipants(benchmark, settings);
      const customAgent = settings.agent.startsWith(CUSTOM_AGENT_PREFIX)
        ? await loadAgentModule(settings.agent.slice(CUSTOM_AGENT_PREFIX.length))
        : undefined;
      const modelSettings = {
        temperature: settings.temperature,
        ...(settings.seed === undefined ? {} : { seed: settings.seed }),
        ...(settings.maxTokens === undefined ? {} : { maxOutputTokens: settings.maxTokens }),
      };
      const source = settings.data ?? settings.scenarios;
      await runBenchmark({
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
        onEvent: progressReporter(),
        onProblem: (problem) => process.stderr.write(`skipped: ${formatCaseProblem(problem)}\n`),
      }).catch((error: unknown) => {
        if (error instanceof Error && /case matches the filters/.test(error.message)) {
          throw new InvalidArgumentError('no case matches the filters');
        }
        throw error;
      });
      const report = buildRunReport(store, runId);
      process.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : `${renderRunReport([report])}\n`);
    } finally {
      store.close();
    }
  });
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

/** The run to play: a stored one (`--resume`), or a new or repeated one (`--run-id`, same settings). */
function resolveRun(
  store: RunStore,
  command: Command,
  options: RunCommandOptions,
  flags: RunFlags,
  config: Readonly<Record<string, unknown>>,
): { runId: string; settings: RunSettings; benchmark: AnyBenchmark } {
  if (options.resume) {
    const stored = store.getRun(options.resume);
    if (!stored)
      throw new InvalidArgumentError(`no run "${options.resume}" in ${store.path}; see \`toolgauge list runs\``);
    const settings = stored.config as unknown as RunSettings;
    return { runId: options.resume, settings, benchmark: chosenBenchmark(String(settings.benchmark ?? 'sandbox')) };
  }
  const benchmark = chosenBenchmark(flags.benchmark);
  const settings = runSettings(flags, benchmark, resolveBenchmarkOptions(command, benchmark, 'run', config));
  const runId =
    options.runId ??
    `${settings.benchmark}-${settings.agent.replace(/[^A-Za-z0-9.-]+/g, '-')}-${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}`;
  const stored = store.getRun(runId);
  if (stored) {
    const differences = settingsDifferences(stored.config, settings);
    if (differences.length > 0) {
      throw new InvalidArgumentError(
        `run "${runId}" already exists with other settings (${differences.join('; ')}); use --resume ${runId} to continue it, or another --run-id`,
      );
    }
  }
  return { runId, settings, benchmark };
}

/** One queued, retried adapter per model spec; one request limiter per endpoint. */
function modelAdapters(settings: RunSettings, flags: RunFlags): (spec: string, role: 'agent' | 'user') => ModelAdapter {
  const adapters = new Map<string, ModelAdapter>();
  const limiters = new Map<string, ConcurrencyLimiter>();
  return (spec, role) => {
    const baseUrl = role === 'user' ? (flags.userBaseUrl ?? settings.userBaseUrl) : (flags.baseUrl ?? settings.baseUrl);
    const key = `${spec}@${baseUrl ?? ''}`;
    let adapter = adapters.get(key);
    if (!adapter) {
      const endpoint = `${parseModelSpec(spec).provider}@${baseUrl ?? 'default'}`;
      let limiter = limiters.get(endpoint);
      if (!limiter) {
        // The concurrency is the ceiling: start there, halve on 429s, grow back by one per window.
        const ceiling = flags.endpointConcurrency ?? flags.concurrency;
        limiter = new AdaptiveConcurrencyLimiter({
          ceiling,
          initial: ceiling,
          latencyTolerance: Number.POSITIVE_INFINITY,
        });
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
