/**
 * Built-in agents: `oracle` plays a gold trajectory and finishes with the expected answer; `unhelpful`
 * answers at once without calling anything. Both decide from the messages they are shown (no counters),
 * so the reference server can ask them for any turn of a conversation.
 */

import { exampleOf, type GoldCall } from '../../scoring/call-patterns.js';
import type { Agent, BenchmarkOptionValues, Message, ReferenceCase, Turn, TurnRequest } from '../../spec/index.js';
import { expectedAnswer } from './answer-check.js';
import type { AnswerSpec } from './cases.js';
import type { ToolscanCase } from './load-cases.js';
import { settingsFrom } from './options.js';
import { agentToolSet, systemPrompt } from './play.js';

/** How many API calls (not `finish`) the agent has made so far in these messages. */
function callsMade(messages: readonly Message[]): number {
  return messages.filter(
    (message) => message.type === 'tool-call' && message.sender === 'agent' && message.call.name !== 'finish',
  ).length;
}

/** Plays `calls` one per step, then finishes with `answer`. */
export function scriptedGoldAgent(name: string, calls: readonly GoldCall[], answer: unknown): Agent {
  return {
    name,
    async respond(request: TurnRequest): Promise<Turn> {
      const index = callsMade(request.messages);
      const next = calls[index];
      if (!next)
        return { type: 'tool-calls', calls: [{ id: `${name}_finish`, name: 'finish', arguments: { answer } }] };
      const args = Object.fromEntries(Object.entries(next.arguments).map(([key, value]) => [key, exampleOf(value)]));
      return { type: 'tool-calls', calls: [{ id: `${name}_${index}`, name: next.api, arguments: args }] };
    },
  };
}

export function oracleAgent(
  query: { trajectories: readonly (readonly GoldCall[])[]; answer: AnswerSpec },
  trajectory = 0,
): Agent {
  const calls = query.trajectories[trajectory] ?? query.trajectories[0] ?? [];
  return scriptedGoldAgent('oracle', calls, expectedAnswer(query.answer));
}

export const unhelpfulAgent: Agent = {
  name: 'unhelpful',
  async respond(): Promise<Turn> {
    return { type: 'text', text: 'Sorry, I cannot help with that.' };
  },
};

/** What the reference server matches a request against: the system prompt, the query, the tools. */
export function toolscanReference(item: ToolscanCase, options: BenchmarkOptionValues): ReferenceCase {
  const settings = settingsFrom(options);
  return {
    prefix: [
      { role: 'system', text: systemPrompt(settings) },
      { role: 'user', text: item.query.goal },
    ],
    tools: agentToolSet(item.environment).schemas(),
  };
}
