/** A tiny benchmark for toolgauge's own tests (registered only with TOOLGAUGE_TEST_BENCHMARKS=1). */
export { exampleBenchmark } from './benchmark.js';
export type { ExampleCase } from './cases.js';
export type { ExampleRecord } from './record.js';
