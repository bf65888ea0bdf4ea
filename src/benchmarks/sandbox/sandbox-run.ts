import type { Agent, User } from '../../spec/index.js';
import { UnhelpfulAgent } from './builtin-agents.js';
import type { SandboxCase } from './sandbox-cases.js';
import { runSandboxCase, sandboxToolSet } from './sandbox-episode.js';
import { type SandboxEpisodeRecord, sandboxEpisodeRecord } from './sandbox-results.js';
import { presentCallsFor, SolutionAgent } from './solution-agent.js';

/** The built-in agents of the sandbox benchmark. */
export const SANDBOX_AGENTS = ['oracle', 'unhelpful'] as const;
export type SandboxAgentName = (typeof SANDBOX_AGENTS)[number];

/** A fresh agent for one case: `oracle` plays the case's gold solution, `unhelpful` always declines. */
export function builtinAgent(name: SandboxAgentName, sandboxCase: SandboxCase): Agent {
  if (name === 'unhelpful') return new UnhelpfulAgent();
  return new SolutionAgent(sandboxCase.scenario.gold, 'oracle', presentCallsFor(sandboxToolSet(sandboxCase)));
}

export interface SandboxRunOptions {
  readonly cases: readonly SandboxCase[];
  /** Makes the agent for a case (each episode gets its own). */
  readonly agentFor: (sandboxCase: SandboxCase) => Agent;
  /** Makes the user for a case; default: the scenario's scripted user. */
  readonly userFor?: (sandboxCase: SandboxCase) => User;
  readonly trials?: number;
  /** Called after each episode, in order. */
  readonly onEpisode?: (record: SandboxEpisodeRecord) => void | Promise<void>;
}

/** Plays every case (× trials) and returns the scored records. */
export async function runSandboxCases(options: SandboxRunOptions): Promise<SandboxEpisodeRecord[]> {
  const records: SandboxEpisodeRecord[] = [];
  for (const sandboxCase of options.cases) {
    for (let trial = 0; trial < (options.trials ?? 1); trial += 1) {
      const agent = options.agentFor(sandboxCase);
      const user = options.userFor?.(sandboxCase);
      const played = await runSandboxCase({ sandboxCase, agent, trial, ...(user ? { user } : {}) });
      const record = sandboxEpisodeRecord(sandboxCase, trial, agent.name, played);
      records.push(record);
      await options.onEpisode?.(record);
    }
  }
  return records;
}
