import { presentCallsFor, SolutionAgent } from '../../agents/index.js';
import type { Agent, BuiltinAgentDefinition, ReferenceCase } from '../../spec/index.js';
import type { SandboxCase } from './cases.js';
import { agentPromptOf, sandboxToolSet } from './play.js';
import { UnhelpfulAgent } from './unhelpful-agent.js';

/** The sandbox's built-in agents: `oracle` plays the case's gold solution, `unhelpful` always declines. */
export const SANDBOX_AGENTS: readonly BuiltinAgentDefinition<SandboxCase>[] = [
  {
    name: 'oracle',
    description: "plays the case's gold solution, calling tools by the names the case shows (scores 1)",
    create: (sandboxCase) => sandboxOracle(sandboxCase),
  },
  {
    name: 'unhelpful',
    description: "the paper's baseline: always declines, so it scores only where declining is right",
    create: () => new UnhelpfulAgent(),
  },
];

/** The gold solution of a case as an agent, calling tools by the names the case's augmentation shows. */
export function sandboxOracle(sandboxCase: SandboxCase, name = 'oracle'): Agent {
  return new SolutionAgent(sandboxCase.scenario.gold, name, presentCallsFor(sandboxToolSet(sandboxCase)));
}

/** What a model playing the case sees first: the agent prompt and the opening line, and the case's tools. */
export function sandboxReference(sandboxCase: SandboxCase): ReferenceCase {
  return {
    prefix: [
      { role: 'system', text: agentPromptOf(sandboxCase.scenario) },
      { role: 'user', text: sandboxCase.opening },
    ],
    tools: sandboxToolSet(sandboxCase).schemas(),
  };
}
