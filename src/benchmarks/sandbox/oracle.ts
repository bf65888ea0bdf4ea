import { presentCallsFor, SolutionAgent } from '../../agents/solution-agent.js';
import type { Agent } from '../../spec/index.js';
import type { SandboxCase } from './cases.js';
import { sandboxToolSet } from './play.js';
import { UnhelpfulAgent } from './unhelpful-agent.js';

/** The built-in agents of the sandbox benchmark. */
export const SANDBOX_AGENTS = ['oracle', 'unhelpful'] as const;
export type SandboxAgentName = (typeof SANDBOX_AGENTS)[number];

/** A fresh agent for one case: `oracle` plays the case's gold solution, `unhelpful` always declines. */
export function builtinAgent(name: SandboxAgentName, sandboxCase: SandboxCase): Agent {
  if (name === 'unhelpful') return new UnhelpfulAgent();
  return new SolutionAgent(sandboxCase.scenario.gold, 'oracle', presentCallsFor(sandboxToolSet(sandboxCase)));
}
