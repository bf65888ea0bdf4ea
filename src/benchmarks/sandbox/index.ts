/**
 * The ToolSandbox benchmark. Only `src/benchmarks/registry.ts` imports this folder; everything else
 * reaches the benchmark through the `Benchmark` contract.
 */
export { sandboxBenchmark } from './benchmark.js';
export type { SandboxCase } from './cases.js';
export type { SandboxEpisodeRecord } from './record.js';
