/**
 * The registered benchmarks: the only module that imports concrete benchmarks. Runs, the store, reports,
 * the CLI and the reference server find a benchmark here by id and know it only through the `Benchmark`
 * contract (`src/spec/benchmark.ts`).
 *
 * A benchmark's module (its cases, protocol, tools and domains) is imported when it is first used. What
 * the command line needs before that — the ids, titles and option declarations, for `--help` and for
 * parsing flags — is read from `catalog.ts`, a snapshot of those fields that a test keeps equal to the
 * benchmarks themselves.
 *
 * By default importing this module loads every benchmark (so `getBenchmark` and `allBenchmarks` answer
 * at once, as library code and tests expect). The command line asks for lazy loading first (see
 * {@link LAZY_BENCHMARKS}) and then loads what a command uses with `loadBenchmark`.
 *
 * Adding a benchmark: a folder `src/benchmarks/<id>/` whose `index.ts` exports its `Benchmark`, one entry
 * in `BENCHMARK_MODULES` below, and the catalog rewritten (`TOOLGAUGE_WRITE_CATALOG=1 npx vitest run
 * src/benchmarks/registry.test.ts`, then `npx biome format --write src/benchmarks/catalog.ts`).
 */
import type { AnyBenchmark, AnyBenchmarkReader, BenchmarkAggregator, BenchmarkOption } from '../spec/index.js';
import { BENCHMARK_CATALOG } from './catalog.js';

/** What is known of a benchmark without loading it. */
export interface BenchmarkDescriptor {
  readonly id: string;
  readonly title: string;
  readonly hidden?: boolean;
  /** See `Benchmark.simulatedUser`. */
  readonly simulatedUser?: boolean;
  readonly options: readonly BenchmarkOption[];
}

/**
 * Set on `globalThis` (to `true`) before this module is first imported to load benchmarks only when
 * `loadBenchmark` asks for them; the command line does, so that `--help` or `list runs` load none.
 */
export const LAZY_BENCHMARKS = Symbol.for('toolgauge.lazyBenchmarks');

/**
 * Benchmarks used only by toolgauge's own tests, registered when `TOOLGAUGE_TEST_BENCHMARKS=1` (so the
 * published package does without them).
 */
const TEST_BENCHMARK_IDS: readonly string[] = process.env.TOOLGAUGE_TEST_BENCHMARKS === '1' ? ['example'] : [];

/**
 * The benchmark a command plays when none is named: the one a reference server given case files alone
 * (`serve-reference --data`) serves them as.
 */
export const DEFAULT_BENCHMARK = 'sandbox';

/** How each benchmark's module is imported, by id (every benchmark, test ones included). */
export const BENCHMARK_MODULES: Readonly<Record<string, () => Promise<AnyBenchmark>>> = {
  sandbox: async () => (await import('./sandbox/index.js')).sandboxBenchmark,
  tooltalk: async () => (await import('./tooltalk/index.js')).tooltalkBenchmark,
  toolscan: async () => (await import('./toolscan/index.js')).toolscanBenchmark,
  teval: async () => (await import('./teval/index.js')).tevalBenchmark,
  example: async () => (await import('./example/index.js')).exampleBenchmark,
};

/**
 * Benchmarks whose reading part (declarations, aggregation, record: `BenchmarkReader`) is a module of its
 * own, lighter than the whole benchmark; reading a stored run imports only that. Others are read through
 * their whole module.
 */
const READER_MODULES: Readonly<Record<string, () => Promise<AnyBenchmarkReader>>> = {
  sandbox: async () => (await import('./sandbox/reader.js')).sandboxReader,
  toolscan: async () => (await import('./toolscan/reader.js')).toolscanReader,
  tooltalk: async () => (await import('./tooltalk/reader.js')).tooltalkReader,
  teval: async () => (await import('./teval/reader.js')).tevalReader,
};

/**
 * Benchmarks whose reporting part (declarations and aggregation: `BenchmarkAggregator`) is a module of its
 * own, lighter than their reader; reporting a stored run imports only that. Others report through their
 * reader.
 */
const AGGREGATOR_MODULES: Readonly<Record<string, () => Promise<BenchmarkAggregator>>> = {
  sandbox: async () => (await import('./sandbox/aggregator.js')).sandboxAggregator,
  toolscan: async () => (await import('./toolscan/aggregator.js')).toolscanAggregator,
  tooltalk: async () => (await import('./tooltalk/aggregator.js')).tooltalkAggregator,
  teval: async () => (await import('./teval/aggregator.js')).tevalAggregator,
};

/** The registered benchmarks in registration order: the built-in ones, then the test ones. */
const REGISTERED: readonly BenchmarkDescriptor[] = BENCHMARK_CATALOG.filter(
  (entry) => !entry.hidden || TEST_BENCHMARK_IDS.includes(entry.id),
);

const loaded = new Map<string, AnyBenchmark>();
const loading = new Map<string, Promise<AnyBenchmark>>();
const loadedReaders = new Map<string, AnyBenchmarkReader>();
const loadedAggregators = new Map<string, BenchmarkAggregator>();

/** The registered benchmarks' ids, titles and options, without loading any of them (hidden ones included). */
export function benchmarkDescriptors(): readonly BenchmarkDescriptor[] {
  return REGISTERED;
}

/** The ids of the benchmarks users see (hidden test benchmarks left out). */
export function benchmarkIds(): string[] {
  return REGISTERED.filter((entry) => !entry.hidden).map((entry) => entry.id);
}

/** Whether a benchmark with this id is registered. */
export function hasBenchmark(id: string): boolean {
  return REGISTERED.some((entry) => entry.id === id);
}

/** The benchmark with this id, imported on first use; an unknown id is an error listing the registered ones. */
export function loadBenchmark(id: string): Promise<AnyBenchmark> {
  const ready = loaded.get(id);
  if (ready) return Promise.resolve(ready);
  const load = BENCHMARK_MODULES[id];
  if (!hasBenchmark(id) || !load) return Promise.reject(unknownBenchmark(id));
  let pending = loading.get(id);
  if (!pending) {
    pending = load().then((benchmark) => {
      loaded.set(id, benchmark);
      return benchmark;
    });
    loading.set(id, pending);
  }
  return pending;
}

/** Every registered benchmark, loaded, in registration order. */
export function loadAllBenchmarks(): Promise<readonly AnyBenchmark[]> {
  return Promise.all(REGISTERED.map((entry) => loadBenchmark(entry.id)));
}

/** The registered benchmarks, in registration order (hidden ones included); each must be loaded. */
export function allBenchmarks(): readonly AnyBenchmark[] {
  return REGISTERED.map((entry) => getBenchmark(entry.id));
}

/**
 * The benchmark with this id, or an error listing the registered ones. It must be loaded: always so
 * unless lazy loading was asked for, and then after `loadBenchmark(id)`.
 */
export function getBenchmark(id: string): AnyBenchmark {
  const found = loaded.get(id);
  if (found) return found;
  if (!hasBenchmark(id)) throw unknownBenchmark(id);
  throw new Error(`the ${id} benchmark is not loaded yet: await loadBenchmark('${id}') before using it`);
}

/**
 * What reading a benchmark's stored episodes needs (see `BenchmarkReader`): the whole benchmark when it
 * is loaded, else its reader module where it has one (imported on first use), else the whole benchmark.
 */
export async function loadBenchmarkReader(id: string): Promise<AnyBenchmarkReader> {
  const ready = loaded.get(id) ?? loadedReaders.get(id);
  if (ready) return ready;
  const load = READER_MODULES[id];
  if (!hasBenchmark(id) || !load) return loadBenchmark(id);
  const reader = await load();
  loadedReaders.set(id, reader);
  return reader;
}

/** The reading part of a benchmark (the whole benchmark, or its reader); it must be loaded. */
export function getBenchmarkReader(id: string): AnyBenchmarkReader {
  return loaded.get(id) ?? loadedReaders.get(id) ?? getBenchmark(id);
}

/**
 * What reporting a benchmark's stored episodes needs (see `BenchmarkAggregator`): whatever of the benchmark
 * is loaded already, else its aggregator module where it has one (imported on first use), else its reader.
 */
export async function loadBenchmarkAggregator(id: string): Promise<BenchmarkAggregator> {
  const ready = loaded.get(id) ?? loadedReaders.get(id) ?? loadedAggregators.get(id);
  if (ready) return ready;
  const load = AGGREGATOR_MODULES[id];
  if (!hasBenchmark(id) || !load) return loadBenchmarkReader(id);
  const aggregator = await load();
  loadedAggregators.set(id, aggregator);
  return aggregator;
}

/** The reporting part of a benchmark (the whole benchmark, its reader or its aggregator); it must be loaded. */
export function getBenchmarkAggregator(id: string): BenchmarkAggregator {
  return loaded.get(id) ?? loadedReaders.get(id) ?? loadedAggregators.get(id) ?? getBenchmark(id);
}

function unknownBenchmark(id: string): UnknownBenchmarkError {
  return new UnknownBenchmarkError(
    `unknown benchmark "${id}"; the registered benchmarks are: ${benchmarkIds().join(', ')}`,
  );
}

export class UnknownBenchmarkError extends Error {
  override readonly name = 'UnknownBenchmarkError';
}

if ((globalThis as Record<symbol, unknown>)[LAZY_BENCHMARKS] !== true) await loadAllBenchmarks();
