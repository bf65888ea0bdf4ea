/**
 * Built-in agents: `oracle` plays a gold trajectory and finishes with the expected answer; `unhelpful`
 * answers at once without calling anything; `spray` calls every API once with dummy arguments. Both decide from the messages they are shown (no counters),
 * so the reference server can ask them for any turn of a conversation.
 */

import { exampleOf, type GoldCall } from '../../scoring/call-patterns.js';
import type { Agent, BenchmarkOptionValues, Message, ReferenceCase, Turn, TurnRequest } from '../../spec/index.js';
import { expectedAnswer } from './answer-check.js';
import type { AnswerSpec } from './cases.js';
import type { ToolscanCase } from './load-cases.js';
import { settingsFrom } from './options.js';
import { agentToolSet, requireEnvironment, systemPrompt } from './play.js';

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

interface ParameterSchema {
  readonly type?: string;
  readonly enum?: readonly unknown[];
  readonly pattern?: string;
  readonly minimum?: number;
}

/** A dummy value of a declared type: the first enum value, a date for a date pattern, else a plain value. */
function dummyValue(schema: ParameterSchema): unknown {
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.type === 'string') return schema.pattern?.includes('\\d{4}') ? '2024-06-14' : 'x';
  if (schema.type === 'integer' || schema.type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (schema.type === 'boolean') return true;
  if (schema.type === 'array') return [];
  return 'x';
}

/** Every API of an environment once, with dummy values for its required arguments only. */
export function sprayCalls(environmentId: string): { name: string; arguments: Record<string, unknown> }[] {
  return requireEnvironment(environmentId).tools.map((tool) => {
    const parameters = tool.parameters as { properties?: Record<string, ParameterSchema>; required?: string[] };
    const properties = parameters.properties ?? {};
    return {
      name: tool.name,
      arguments: Object.fromEntries(
        (parameters.required ?? []).map((name) => [name, dummyValue(properties[name] ?? {})]),
      ),
    };
  });
}

/**
 * A floor for call-level scores: calls every API of the environment once, in one turn, with dummy
 * arguments, then answers "unknown". Every call is well formed (RAC, IFE, IAT, IAN, IFN all 1) and IAC
 * is nearly 1 (IAC counts gold calls by API name), but almost no call is a gold call: call precision
 * shows it, and the answer is wrong.
 */
export function sprayAgent(environmentId: string): Agent {
  const calls = sprayCalls(environmentId);
  return {
    name: 'spray',
    async respond(request: TurnRequest): Promise<Turn> {
      if (callsMade(request.messages) > 0) {
        return {
          type: 'tool-calls',
          calls: [{ id: 'spray_finish', name: 'finish', arguments: { answer: 'unknown' } }],
        };
      }
      return { type: 'tool-calls', calls: calls.map((call, index) => ({ id: `spray_${index}`, ...call })) };
    },
  };
}

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
