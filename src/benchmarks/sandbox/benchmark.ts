import type { Benchmark } from '../../spec/index.js';
import type { SandboxCase } from './cases.js';
import { judgeOf } from './judge-option.js';
import { loadSandboxCases } from './load-cases.js';
import { SANDBOX_AGENTS, sandboxReference } from './oracle.js';
import { playSandboxEpisode, rescoreSandboxEpisode } from './play.js';
import { proveSandboxCase } from './prove.js';
import { summarizeSandboxProofs } from './prove-summary.js';
import { loadSandboxRecordSchema, sandboxReader } from './reader.js';
import type { SandboxEpisodeRecord } from './record.js';
import { sandboxReferencePlayer } from './reference/reference-player.js';
import { sandboxToolkit } from './sandbox-toolkit.js';
import { scenarioFileJsonSchema } from './scenario-file.js';
import { scoringProfileOf } from './scoring-option.js';
import { SANDBOX_USER_INSTRUCTIONS } from './user-instructions.js';

// The whole benchmark reads any stored record at once (reports, resumes, tests): its schema comes with it.
await loadSandboxRecordSchema();

/**
 * ToolSandbox (Lu et al., 2024): stateful, conversational episodes between the agent, a simulated user and
 * tools that read and change a world, scored by milestones (what must happen) and minefields (what must
 * not), matched onto the trajectory.
 */
export const sandboxBenchmark: Benchmark<SandboxCase, SandboxEpisodeRecord> = {
  // Declarations, aggregation and record: also served alone to readers of stored runs (reader.ts).
  ...sandboxReader,
  agents: SANDBOX_AGENTS,
  userInstructions: SANDBOX_USER_INSTRUCTIONS,
  simulatedUser: true,
  reportView: 'world-timeline',
  // The gold solution's agent turns, and the closing one: one model request each.
  expectedLength: (sandboxCase) => sandboxCase.scenario.gold.length + 1,
  // A scenario's cases share what a process builds for the scenario (its world): one process plays them first.
  caseGroup: (sandboxCase) => sandboxCase.scenario.id,
  loadCases: loadSandboxCases,
  play: playSandboxEpisode,
  rescore: rescoreSandboxEpisode,
  prove: async (sandboxCase, { options }) =>
    proveSandboxCase(sandboxCase, scoringProfileOf(options, sandboxCase.scenario), await judgeOf(options)),
  summarizeProofs: summarizeSandboxProofs,
  reference: sandboxReference,
  referencePlayer: sandboxReferencePlayer,
  tools: () => sandboxToolkit().registry.list(),
  tablePrimaryKeys: () =>
    Object.fromEntries([...sandboxToolkit().schema.tables.values()].map((table) => [table.name, table.primaryKey])),
  caseFileSchema: scenarioFileJsonSchema,
};
