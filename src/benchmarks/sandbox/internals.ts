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
export * from './prove-claims.js';
export * from './prove-facts.js';
export * from './prove-floors.js';
export * from './prove-summary.js';
export * from './record.js';
export * from './sandbox-scenario.js';
export * from './sandbox-toolkit.js';
export * from './scenario-file.js';
export * from './scenario-loader.js';
export * from './scenario-problem.js';
export * from './scoring-option.js';
export * from './trivial-agents.js';
export * from './unhelpful-agent.js';
export * from './withheld-information.js';
