import type { Agent } from '../../spec/index.js';
import { UnhelpfulAgent } from './builtin-agents.js';
import type { SandboxCase } from './sandbox-cases.js';
import { sandboxToolSet } from './sandbox-episode.js';
import { presentCallsFor, SolutionAgent } from './solution-agent.js';

/** The built-in agents of the sandbox benchmark. */
export const SANDBOX_AGENTS = ['oracle', 'unhelpful'] as const;
export type SandboxAgentName = (typeof SANDBOX_AGENTS)[number];

/** A fresh agent for one case: `oracle` plays the case's gold solution, `unhelpful` always declines. */
export function builtinAgent(name: SandboxAgentName, sandboxCase: SandboxCase): Agent {
  if (name === 'unhelpful') return new UnhelpfulAgent();
  return new SolutionAgent(sandboxCase.scenario.gold, 'oracle', presentCallsFor(sandboxToolSet(sandboxCase)));
}
