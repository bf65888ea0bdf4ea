/**
 * The sandbox benchmark's building blocks, for its own tests and tools. Production code outside this
 * folder reaches the benchmark through `index.ts` (the `Benchmark` contract) via the registry.
 */
export * from './case-filter.js';
export * from './cases.js';
export * from './load-cases.js';
export * from './oracle.js';
export * from './play.js';
export * from './prove.js';
export * from './record.js';
export * from './sandbox-scenario.js';
export * from './sandbox-toolkit.js';
export * from './scenario-file.js';
export * from './scenario-loader.js';
export * from './scenario-problem.js';
export * from './unhelpful-agent.js';
