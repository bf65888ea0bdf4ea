import type { Agent, BuiltinAgentDefinition, ReferenceCase, Turn, TurnRequest } from '../../spec/index.js';
import type { ExampleCase } from './cases.js';
import { EXAMPLE_PROMPT } from './play.js';

/** Answers with the item's gold call; stateless (one step: it decides from nothing but the case). */
class ExampleOracle implements Agent {
  readonly name = 'oracle';
  constructor(private readonly exampleCase: ExampleCase) {}
  async respond(_request: TurnRequest): Promise<Turn> {
    return { type: 'tool-calls', calls: [{ id: 'gold-0', ...this.exampleCase.gold }] };
  }
}

export const EXAMPLE_AGENTS: readonly BuiltinAgentDefinition<ExampleCase>[] = [
  {
    name: 'oracle',
    description: "answers with the item's gold call",
    create: (exampleCase) => new ExampleOracle(exampleCase),
  },
  {
    name: 'wrong-tool',
    description: 'always calls the first tool with no arguments (a wrong answer, for proofs)',
    create: (exampleCase) => ({
      name: 'wrong-tool',
      respond: async () => ({
        type: 'tool-calls',
        calls: [{ id: 'wrong-0', name: exampleCase.tools[0]?.name ?? 'none', arguments: {} }],
      }),
    }),
  },
];

export function exampleReference(exampleCase: ExampleCase): ReferenceCase {
  return {
    prefix: [
      { role: 'system', text: EXAMPLE_PROMPT },
      { role: 'user', text: exampleCase.question },
    ],
    tools: exampleCase.tools,
  };
}
