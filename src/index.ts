/**
 * toolgauge: measure how well large language models use tools.
 *
 * The library surface, curated: the contracts (`spec`), running a benchmark and reading its typed report,
 * config files, and the pieces to write your own agent, tools and episodes. Test doubles live on
 * `toolgauge/testing`.
 */

/**
 * The zod toolgauge's `defineTool` checks parameters with: a tool module (or a benchmark from outside
 * the repository) uses this one, so that it needs no zod of its own and its schemas are the same zod's.
 */
export { z } from 'zod';
// Writing agents, tools and episodes.
export { ReplayAgent } from './agents/replay-agent.js';
export { SolutionAgent } from './agents/solution-agent.js';
export { benchmarkIds, getBenchmark, loadBenchmark } from './benchmarks/registry.js';
export { runExampleEpisode } from './demo/example-episode.js';
export type { Domain } from './domains/domain.js';
export { endConversationTool } from './engine/end-conversation.js';
export { runEpisode } from './engine/episode.js';
export { Executor } from './engine/executor.js';
export { type ConfigFile, defineConfig } from './library/config.js';
// Benchmarks: list them, load their cases, run them into a store or in memory, read a typed report.
export {
  type BenchmarkInfo,
  type EvaluateOptions,
  evaluate,
  listBenchmarks,
  loadBenchmarkCases,
  type RescoreOptions,
  readReport,
  rescore,
} from './library/evaluate.js';
export { ModelAgent } from './models/model-agent.js';
// The providers' SDKs load on the first call, not when `toolgauge` is imported.
export { createModelAdapter } from './models/providers/model-adapter-on-demand.js';
export { parseModelSpec } from './models/providers/model-spec.js';
export { createEmbedder, type EmbedderFactory } from './runs/execution/embedder-factory.js';
export type { RunEvent, RunEventListener } from './runs/execution/run-events.js';
export type { BenchmarkReport, EpisodeReport, RunReport } from './runs/outputs/run-report.js';
export { RUN_REPORT_FORMAT_VERSION } from './runs/outputs/run-report.js';
// The contracts: messages, tools, trajectories, participants, model adapters, the Benchmark contract.
export * from './spec/index.js';
export { defineTool } from './tools/define-tool.js';
export { fail } from './tools/tool-failure.js';
export { ToolRegistry } from './tools/tool-registry.js';
export { ToolSet } from './tools/tool-set.js';
export { LlmUser } from './users/llm-user.js';
export { ScriptedUser } from './users/scripted-user.js';
export { canonicalJson } from './util/canonical-json.js';
export { EpisodeClock } from './world/episode-clock.js';
export { worldAtMessage } from './world/replay-world.js';
export { defineWorldSchema } from './world/world-schema.js';
export { WorldSnapshot } from './world/world-snapshot.js';
