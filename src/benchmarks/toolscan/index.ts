/**
 * ToolScan (arXiv 2411.13547) on toolgauge: single-goal queries over five offline environments, a
 * feedback mechanism that rejects malformed calls before they run, seven error patterns scored against
 * several gold trajectories, success by the expected answer, and the paper's ablations as run options.
 */
export { toolscanBenchmark } from './benchmark.js';
export type { ToolscanCase } from './load-cases.js';
export type { ToolscanRecord } from './record.js';
