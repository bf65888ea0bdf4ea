/**
 * The registered benchmarks: the only module that imports concrete benchmarks, and the only core module
 * that may name one. Runs, the store, reports, the CLI and the reference server find a benchmark here by
 * id and know it only through the contracts (`src/spec/benchmark.ts`, `src/spec/benchmark-declaration.ts`).
 *
 * Each built-in benchmark's folder has a light `declaration.ts` (id, title, options, datasets, and how to
 * import the rest), imported here statically: that is what `--help`, flag parsing and `data pull` need.
 * The benchmark's modules (its cases, protocol, tools and domains) are imported when first used, through
 * `loadBenchmark` (or the lighter `loadBenchmarkReader` / `loadBenchmarkAggregator` for reading stored
 * runs). Importing this module loads no benchmark.
 *
 * Benchmarks from outside the repository (`--benchmark module:./my-bench.mjs`, `evaluate({ benchmark })`)
 * join the registry at run time through `registerBenchmark` (see `benchmark-module.ts`).
 *
 * Adding a built-in benchmark: a folder `src/benchmarks/<id>/` with its `index.ts` (the `Benchmark`) and
 * `declaration.ts` (the `BenchmarkDeclaration`), and one entry in `BUILT_IN` below.
 */
import type {
  AnyBenchmark,
  AnyBenchmarkReader,
  BenchmarkAggregator,
  BenchmarkDeclaration,
  DatasetSource,
} from '../spec/index.js';
import { exampleDeclaration } from './example/declaration.js';
import { sandboxDeclaration } from './sandbox/declaration.js';
import { tevalDeclaration } from './teval/declaration.js';
import { toolscanDeclaration } from './toolscan/declaration.js';
import { tooltalkDeclaration } from './tooltalk/declaration.js';

/** The built-in benchmarks, in the order commands list them (test-only ones last). */
const BUILT_IN: readonly BenchmarkDeclaration[] = [
  sandboxDeclaration,
  tooltalkDeclaration,
  toolscanDeclaration,
  tevalDeclaration,
  exampleDeclaration,
];

/**
 * The benchmark a command plays when none is named: the one a reference server given case files alone
 * (`serve-reference --data`) serves them as.
 */
export const DEFAULT_BENCHMARK = 'sandbox';

/**
 * Benchmarks used only by toolgauge's own tests (hidden ones), registered when
 * `TOOLGAUGE_TEST_BENCHMARKS=1` (so the published package does without them).
 */
const withTestBenchmarks = process.env.TOOLGAUGE_TEST_BENCHMARKS === '1';

/** What is known of a registered benchmark without loading it. */
export type BenchmarkDescriptor = BenchmarkDeclaration;

/** The registered benchmarks in registration order: the built-in ones, then those registered at run time. */
const registered: BenchmarkDeclaration[] = BUILT_IN.filter((entry) => !entry.hidden || withTestBenchmarks);
/** Where each benchmark registered from a module came from (its absolute file URL), by id. */
const moduleUrls = new Map<string, string>();

const loaded = new Map<string, AnyBenchmark>();
const loading = new Map<string, Promise<AnyBenchmark>>();
const loadedReaders = new Map<string, AnyBenchmarkReader>();
const loadedAggregators = new Map<string, BenchmarkAggregator>();

/** Every built-in benchmark's declaration, test-only ones included (registered or not). */
export function builtInDeclarations(): readonly BenchmarkDeclaration[] {
  return BUILT_IN;
}

/** The registered benchmarks' declarations, without loading any of them (hidden ones included). */
export function benchmarkDescriptors(): readonly BenchmarkDeclaration[] {
  return registered;
}

/** The ids of the benchmarks users see (hidden test benchmarks left out). */
export function benchmarkIds(): string[] {
  return registered.filter((entry) => !entry.hidden).map((entry) => entry.id);
}

/** Whether a benchmark with this id is registered. */
export function hasBenchmark(id: string): boolean {
  return registered.some((entry) => entry.id === id);
}

/** The datasets `toolgauge data pull` can fetch: those the registered benchmarks declare. */
export function benchmarkDatasets(): readonly DatasetSource[] {
  return registered.flatMap((entry) => entry.datasets ?? []);
}

/**
 * Registers a benchmark that is not built in (a user's module or object): from now on it is found by its
 * id like a built-in one, its options are flags, and its runs can be read. `moduleUrl` is the absolute
 * URL of the module it came from, recorded with its runs (see {@link benchmarkModuleUrl}). Registering
 * another benchmark under the same id replaces it; a built-in id is refused.
 */
export function registerBenchmark(benchmark: AnyBenchmark, moduleUrl?: string): void {
  const builtIn = BUILT_IN.find((entry) => entry.id === benchmark.id);
  if (builtIn) {
    throw new BenchmarkIdTakenError(
      `${moduleUrl ?? 'the benchmark given'}: its id "${benchmark.id}" is a built-in benchmark's (${builtIn.title}); give it another id`,
    );
  }
  const declaration: BenchmarkDeclaration = {
    id: benchmark.id,
    title: benchmark.title,
    ...(benchmark.hidden ? { hidden: true } : {}),
    ...(benchmark.simulatedUser ? { simulatedUser: true } : {}),
    options: benchmark.options,
    load: async () => benchmark,
  };
  const index = registered.findIndex((entry) => entry.id === benchmark.id);
  if (index >= 0) registered[index] = declaration;
  else registered.push(declaration);
  if (moduleUrl) moduleUrls.set(benchmark.id, moduleUrl);
  else moduleUrls.delete(benchmark.id);
  loaded.set(benchmark.id, benchmark);
  loading.delete(benchmark.id);
  loadedReaders.delete(benchmark.id);
  loadedAggregators.delete(benchmark.id);
}

/** The absolute URL of the module a registered benchmark came from; undefined for built-in ones and objects. */
export function benchmarkModuleUrl(id: string): string | undefined {
  return moduleUrls.get(id);
}

/** The id of the benchmark registered from the module at this URL, if one was. */
export function benchmarkIdOfModule(moduleUrl: string): string | undefined {
  return [...moduleUrls].find(([, url]) => url === moduleUrl)?.[0];
}

/** The benchmark with this id, imported on first use; an unknown id is an error listing the registered ones. */
export function loadBenchmark(id: string): Promise<AnyBenchmark> {
  const ready = loaded.get(id);
  if (ready) return Promise.resolve(ready);
  const declaration = registered.find((entry) => entry.id === id);
  if (!declaration) return Promise.reject(unknownBenchmark(id));
  let pending = loading.get(id);
  if (!pending) {
    pending = declaration.load().then((benchmark) => {
      loaded.set(id, benchmark);
      return benchmark;
    });
    loading.set(id, pending);
  }
  return pending;
}

/** Every registered benchmark, loaded, in registration order. */
export function loadAllBenchmarks(): Promise<readonly AnyBenchmark[]> {
  return Promise.all(registered.map((entry) => loadBenchmark(entry.id)));
}

/** The registered benchmarks, in registration order (hidden ones included); each must be loaded. */
export function allBenchmarks(): readonly AnyBenchmark[] {
  return registered.map((entry) => getBenchmark(entry.id));
}

/** The benchmark with this id, or an error listing the registered ones. It must be loaded (`loadBenchmark`). */
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
  const load = registered.find((entry) => entry.id === id)?.loadReader;
  if (!load) return loadBenchmark(id);
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
  const load = registered.find((entry) => entry.id === id)?.loadAggregator;
  if (!load) return loadBenchmarkReader(id);
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
    `unknown benchmark "${id}"; the registered benchmarks are: ${benchmarkIds().join(', ')} (or --benchmark module:<file> for your own)`,
  );
}

export class UnknownBenchmarkError extends Error {
  override readonly name = 'UnknownBenchmarkError';
}

export class BenchmarkIdTakenError extends Error {
  override readonly name = 'BenchmarkIdTakenError';
}
