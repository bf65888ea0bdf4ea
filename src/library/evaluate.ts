import { loadRunBenchmark, registerRunBenchmark } from '../benchmarks/benchmark-module.js';
import {
  benchmarkModuleUrl,
  DEFAULT_BENCHMARK,
  loadAllBenchmarks,
  loadBenchmarkAggregator,
} from '../benchmarks/registry.js';
import {
  buildRunReport,
  DEFAULT_RETRY_POLICY,
  type EmbedderFactory,
  EndpointLimiter,
  loadPriceTable,
  ResilientModelAdapter,
  type RunEventListener,
  type RunReport,
  RunStore,
  rescoreRun,
  runBenchmark,
} from '../runs/index.js';
import type {
  Agent,
  AnyBenchmark,
  BenchmarkCase,
  BenchmarkOptionValues,
  CaseProblem,
  ModelAdapter,
  ModelSettings,
} from '../spec/index.js';
import { type BenchmarkChoice, libraryBenchmark } from './library-benchmark.js';

/** A registered benchmark as the library lists it. */
export interface BenchmarkInfo {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly headline: string;
  readonly metrics: readonly string[];
  readonly agents: readonly string[];
}

/** The benchmarks this toolgauge knows (test-only ones left out), each loaded to describe it. */
export async function listBenchmarks(): Promise<BenchmarkInfo[]> {
  return (await loadAllBenchmarks())
    .filter((benchmark) => !benchmark.hidden)
    .map((benchmark) => ({
      id: benchmark.id,
      title: benchmark.title,
      description: benchmark.description,
      headline: benchmark.headline,
      metrics: benchmark.metrics.map((metric) => metric.id),
      agents: benchmark.agents.map((agent) => agent.name),
    }));
}

/**
 * A benchmark's cases: built-in, or from the user's files (`data`); problems name file and field. The
 * benchmark is a registered id, `module:<path or file URL>`, or your own `Benchmark` object.
 */
export async function loadBenchmarkCases(
  benchmarkId: string | AnyBenchmark,
  request: {
    readonly data?: string;
    readonly options?: BenchmarkOptionValues;
    readonly benchmarkModule?: BenchmarkChoice['benchmarkModule'];
  } = {},
): Promise<{
  readonly cases: readonly BenchmarkCase[];
  readonly problems: readonly CaseProblem[];
  readonly caseSetHash: string;
}> {
  const benchmark = await libraryBenchmark(
    {
      benchmark: benchmarkId,
      ...(request.benchmarkModule === undefined ? {} : { benchmarkModule: request.benchmarkModule }),
    },
    'loadBenchmarkCases()',
  );
  return benchmark.loadCases({
    ...(request.data ? { source: request.data } : {}),
    options: withDefaults(benchmark, request.options),
  });
}

export interface EvaluateOptions extends BenchmarkChoice {
  /**
   * A registered benchmark id (e.g. `sandbox`); `module:<path or file URL>`, a module of your own whose
   * default export (or `benchmark` export) is a `Benchmark`, loaded as `--benchmark module:` loads it and
   * recorded with the run (its absolute URL, `benchmarkModule` in the settings) so that `toolgauge report`
   * reads the run with no flag; or your own `Benchmark` object (see `toolgauge/spec`), registered under
   * its id for this process — give `benchmarkModule` too, and its runs record that module the same way.
   */
  readonly benchmark: string | AnyBenchmark;
  /**
   * With a `Benchmark` object: the module it is the export of (a path relative to the current folder, or
   * a file URL such as `new URL('./my-bench.mjs', import.meta.url)`), recorded with the run.
   */
  readonly benchmarkModule?: string | URL;
  /**
   * Who plays: a built-in agent of the benchmark (`oracle`, …), a model spec (`openai:gpt-4o`), or your own
   * agent (a function making a fresh one per episode, given the case).
   */
  readonly agent: string | ((benchmarkCase: BenchmarkCase) => Agent);
  /** `scripted` (default: the benchmark's own user) or a model spec for an LLM user simulator. */
  readonly user?: string;
  /** Where the run is stored (a SQLite file); default: in memory, gone when the call returns. */
  readonly store?: string;
  /** Default: `<benchmark>-<agent>-<time>`. Reusing an id continues that run (scored episodes are kept). */
  readonly runId?: string;
  /** The user's case files or folder; default: the built-in cases. */
  readonly data?: string;
  /** Glob on case ids, and at most this many cases. */
  readonly cases?: string;
  readonly limit?: number;
  /** The benchmark's own options by flag name (`{ category: ['state_dependency'] }`). */
  readonly options?: BenchmarkOptionValues;
  readonly trials?: number;
  readonly concurrency?: number;
  /** The model server of the agent (and user) model, for `openai-compatible:` specs and proxies. */
  readonly baseUrl?: string;
  readonly userBaseUrl?: string;
  readonly modelSettings?: ModelSettings;
  readonly maxMessages?: number;
  readonly maxCost?: number;
  /** The embedder spec for benchmarks that need one, or your own factory. */
  readonly embedder?: string;
  readonly embedderFactory?: EmbedderFactory;
  readonly onEvent?: RunEventListener;
  readonly onProblem?: (problem: CaseProblem) => void;
  readonly signal?: AbortSignal;
}

/**
 * Runs a benchmark's cases with an agent and returns the run's typed report (the same JSON that
 * `toolgauge report --format json` prints): headline, metrics, the benchmark's tables, trials, usage.
 */
export async function evaluate(options: EvaluateOptions): Promise<RunReport> {
  const benchmark = await libraryBenchmark(options, 'evaluate()');
  const store = await RunStore.open(options.store ?? ':memory:');
  try {
    const agentName = typeof options.agent === 'string' ? options.agent : 'module:library';
    const runId =
      options.runId ??
      `${benchmark.id}-${agentName.replace(/[^A-Za-z0-9.-]+/g, '-')}-${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}`;
    const benchmarkOptions = withDefaults(benchmark, options.options);
    const modelSettings = options.modelSettings ?? { temperature: 0 };
    const settings = {
      formatVersion: 2,
      benchmark: benchmark.id,
      // Where a benchmark from a module came from, so that the stored run can be read again later.
      ...(benchmarkModuleUrl(benchmark.id) ? { benchmarkModule: benchmarkModuleUrl(benchmark.id) } : {}),
      agent: agentName,
      user: options.user ?? 'scripted',
      trials: options.trials ?? 1,
      ...(options.data ? { data: options.data } : {}),
      ...(options.cases ? { case: options.cases } : {}),
      ...(options.limit === undefined ? {} : { limit: options.limit }),
      // As the command line stores it: a rescore of the run compares texts with the same embedder.
      ...(options.embedder ? { embedder: options.embedder } : {}),
      ...Object.fromEntries(Object.entries(benchmarkOptions).filter(([, value]) => value !== undefined)),
    };
    const customAgent = typeof options.agent === 'function' ? options.agent : undefined;
    await runBenchmark({
      benchmark,
      runId,
      store,
      settings,
      ...(options.data ? { source: options.data } : {}),
      selection: {
        ...(options.cases ? { casePattern: options.cases } : {}),
        ...(options.limit === undefined ? {} : { limit: options.limit }),
      },
      options: benchmarkOptions,
      trials: options.trials ?? 1,
      participants: {
        agent: agentName,
        user: options.user ?? 'scripted',
        agentSettings: modelSettings,
        userSettings: modelSettings,
        cache: options.store ? 'use' : 'off',
      },
      context: {
        adapterFor: modelAdapters(options, await modelProviders(benchmark, options)),
        ...(customAgent ? { customAgent } : {}),
      },
      ...(options.maxMessages === undefined ? {} : { maxMessages: options.maxMessages }),
      ...(options.embedder ? { embedder: options.embedder } : {}),
      ...(options.embedderFactory ? { embedderFactory: options.embedderFactory } : {}),
      prices: loadPriceTable(),
      concurrency: options.concurrency ?? 4,
      ...(options.maxCost === undefined ? {} : { maxCost: options.maxCost }),
      ...(options.onEvent ? { onEvent: options.onEvent } : {}),
      ...(options.onProblem ? { onProblem: options.onProblem } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return buildRunReport(store, runId);
  } finally {
    store.close();
  }
}

export interface RescoreOptions {
  /** The store that holds the run (a SQLite file or a postgres:// URL); the new run is written there. */
  readonly store: string;
  readonly runId: string;
  /** The new run's id (default `<runId>-rescored-<time>`). */
  readonly as?: string;
  /** The scoring options to change, by flag (e.g. `{ scoring: 'paper' }`): only options marked for `rescore`. */
  readonly options?: BenchmarkOptionValues;
  readonly embedder?: string;
  readonly embedderFactory?: EmbedderFactory;
  readonly signal?: AbortSignal;
  /**
   * The run's benchmark, when it is your own object, or `module:<path or file URL>` when its module has
   * moved since the run (a registered id or a recorded module is found without it). The new run records
   * the module the benchmark now comes from.
   */
  readonly benchmark?: string | AnyBenchmark;
  /** With a `Benchmark` object: the module it is the export of (see `EvaluateOptions.benchmarkModule`). */
  readonly benchmarkModule?: string | URL;
}

/**
 * Scores a stored run's trajectories again with other scoring options, into a new run in the same
 * store, without a model request (`toolgauge rescore`); returns the new run's report.
 */
export async function rescore(options: RescoreOptions): Promise<RunReport> {
  const store = await RunStore.open(options.store);
  try {
    const source = store.requireRun(options.runId);
    if (options.benchmark !== undefined) await givenBenchmark(options, 'rescore()');
    const benchmark = await loadRunBenchmark(options.runId, source.config, DEFAULT_BENCHMARK);
    const benchmarkModule = benchmarkModuleUrl(benchmark.id);
    const { as } = await rescoreRun({
      store,
      runId: options.runId,
      ...(options.as === undefined ? {} : { as: options.as }),
      benchmark,
      ...(benchmarkModule ? { benchmarkModule } : {}),
      changes: options.options ?? {},
      ...(options.embedder === undefined ? {} : { embedder: options.embedder }),
      ...(options.embedderFactory ? { embedderFactory: options.embedderFactory } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return buildRunReport(store, as);
  } finally {
    store.close();
  }
}

/**
 * The typed report of a stored run (`toolgauge report --format json`). A run of your own benchmark object
 * needs it (`benchmark`) unless the run recorded its module; a registered one, or one from a module the run
 * recorded, is found by itself (`benchmark: 'module:<new path>'` when that module has moved).
 */
export async function readReport(
  store: string,
  runId: string,
  options: { readonly benchmark?: string | AnyBenchmark; readonly benchmarkModule?: string | URL } = {},
): Promise<RunReport> {
  const opened = await RunStore.open(store);
  try {
    if (options.benchmark !== undefined) await givenBenchmark(options, 'readReport()');
    const run = opened.requireRun(runId);
    await registerRunBenchmark(runId, run.config);
    for (const id of opened.runBenchmarks(runId)) await loadBenchmarkAggregator(id);
    return buildRunReport(opened, runId);
  } finally {
    opened.close();
  }
}

/** The benchmark a call reading a stored run was given (it overrides the one the run recorded). */
function givenBenchmark(
  options: { readonly benchmark?: string | AnyBenchmark; readonly benchmarkModule?: string | URL },
  caller: string,
): Promise<AnyBenchmark> {
  return libraryBenchmark(
    {
      benchmark: options.benchmark as string | AnyBenchmark,
      ...(options.benchmarkModule === undefined ? {} : { benchmarkModule: options.benchmarkModule }),
    },
    caller,
  );
}

function withDefaults(benchmark: AnyBenchmark, given: BenchmarkOptionValues = {}): BenchmarkOptionValues {
  for (const flag of Object.keys(given)) {
    if (!benchmark.options.some((option) => option.flag === flag)) {
      throw new Error(`the ${benchmark.id} benchmark has no option "${flag}"`);
    }
  }
  return Object.fromEntries(benchmark.options.map((option) => [option.flag, given[option.flag] ?? option.default]));
}

type CreateModelAdapter = (spec: string, options: { baseUrl?: string }) => ModelAdapter;

/**
 * The model providers (the AI SDK, undici: most of a second to load), imported only by a run that has a
 * model play: an agent that is neither built in nor the caller's own, or an LLM user.
 */
async function modelProviders(benchmark: AnyBenchmark, options: EvaluateOptions): Promise<CreateModelAdapter> {
  const agentIsModel =
    typeof options.agent === 'string' && !benchmark.agents.some((agent) => agent.name === options.agent);
  const userIsModel = options.user !== undefined && options.user !== 'scripted';
  if (!agentIsModel && !userIsModel) {
    return (spec) => {
      throw new Error(`no model was expected in this run, yet ${spec} was asked for`);
    };
  }
  return (await import('../models/providers/create-model-adapter.js')).createModelAdapter;
}

function modelAdapters(
  options: EvaluateOptions,
  createModelAdapter: CreateModelAdapter,
): (spec: string, role: 'agent' | 'user') => ModelAdapter {
  const adapters = new Map<string, ModelAdapter>();
  const limiter = new EndpointLimiter(options.concurrency ?? 4);
  return (spec, role) => {
    const baseUrl = role === 'user' ? (options.userBaseUrl ?? options.baseUrl) : options.baseUrl;
    const key = `${spec}@${baseUrl ?? ''}`;
    let adapter = adapters.get(key);
    if (!adapter) {
      adapter = new ResilientModelAdapter(
        createModelAdapter(spec, baseUrl ? { baseUrl } : {}),
        limiter,
        DEFAULT_RETRY_POLICY,
      );
      adapters.set(key, adapter);
    }
    return adapter;
  };
}
