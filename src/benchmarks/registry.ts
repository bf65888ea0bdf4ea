/**
 * The registered benchmarks: the only module that imports concrete benchmarks. Runs, the store, reports,
 * the CLI and the reference server find a benchmark here by id and know it only through the `Benchmark`
 * contract (`src/spec/benchmark.ts`).
 *
 * Adding a benchmark: a folder `src/benchmarks/<id>/` whose `index.ts` exports its `Benchmark`, and one
 * import plus one entry below.
 */
import type { AnyBenchmark } from '../spec/index.js';
import { exampleBenchmark } from './example/index.js';
import { sandboxBenchmark } from './sandbox/index.js';
import { tevalBenchmark } from './teval/index.js';
import { toolscanBenchmark } from './toolscan/index.js';
import { tooltalkBenchmark } from './tooltalk/index.js';

const BENCHMARKS: readonly AnyBenchmark[] = [
  sandboxBenchmark,
  tooltalkBenchmark,
  toolscanBenchmark,
  tevalBenchmark,
  ...(process.env.TOOLGAUGE_TEST_BENCHMARKS === '1' ? [exampleBenchmark] : []),
];

/** The registered benchmarks, in registration order (hidden ones included). */
export function allBenchmarks(): readonly AnyBenchmark[] {
  return BENCHMARKS;
}

/** The ids of the benchmarks users see (hidden test benchmarks left out). */
export function benchmarkIds(): string[] {
  return BENCHMARKS.filter((benchmark) => !benchmark.hidden).map((benchmark) => benchmark.id);
}

/** The benchmark with this id, or an error listing the registered ones. */
export function getBenchmark(id: string): AnyBenchmark {
  const found = BENCHMARKS.find((benchmark) => benchmark.id === id);
  if (!found) {
    throw new UnknownBenchmarkError(
      `unknown benchmark "${id}"; the registered benchmarks are: ${benchmarkIds().join(', ')}`,
    );
  }
  return found;
}

/** Whether a benchmark with this id is registered. */
export function hasBenchmark(id: string): boolean {
  return BENCHMARKS.some((benchmark) => benchmark.id === id);
}

export class UnknownBenchmarkError extends Error {
  override readonly name = 'UnknownBenchmarkError';
}
