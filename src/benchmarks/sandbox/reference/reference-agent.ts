import type { ToolCall, Turn } from '../spec/index.js';
import type { IndexedCase } from './case-index.js';
import { assistantTurns, toolResultTexts, type WireRequest } from './wire-conversation.js';

/** What the reference agent says once its gold solution is played out. */
export const REFERENCE_CLOSING = 'Is there anything else I can help with?';

const RESULT_PLACEHOLDER = /^\{\{\s*result:(\d+)((?:\.[A-Za-z0-9_]+)*)\s*\}\}$/;

/**
 * The perfect agent's next turn: the case's gold turn numbered by the assistant turns already in the
 * request, with calls under the names the case's tools show, ids `call_<turn>_<position>`, and
 * `{{result:N.path}}` arguments filled from the result of the gold's N-th call (the tool message that
 * answers the id this server gave that call). Stateless: everything comes from the request.
 */
export function referenceAgentTurn(entry: IndexedCase, request: WireRequest): Turn {
  const gold = entry.sandboxCase.scenario.gold;
  const turnNumber = assistantTurns(request.messages).length;
  const turn = gold[turnNumber];
  if (!turn) return { type: 'text', text: REFERENCE_CLOSING };
  if (turn.type === 'text') return turn;
  const wireIds = wireCallIds(gold);
  const results = toolResultTexts(request.messages);
  const resultOf = (goldCall: number): unknown => {
    const wireId = wireIds.get(`gold-${goldCall}`);
    const text = wireId === undefined ? undefined : results.get(wireId);
    return text === undefined ? undefined : parseToolResult(text);
  };
  return {
    type: 'tool-calls',
    calls: turn.calls.map((call, position) => ({
      ...entry.present(fillPlaceholders(call, resultOf)),
      id: wireCallId(turnNumber, position),
    })),
  };
}

/** The id the server gives the call at `position` of gold turn `turn`. */
export function wireCallId(turn: number, position: number): string {
  return `call_${turn}_${position}`;
}

/** Gold call id (`gold-N`) → the id this server sends for it. */
function wireCallIds(gold: readonly Turn[]): Map<string, string> {
  const ids = new Map<string, string>();
  for (const [turnNumber, turn] of gold.entries()) {
    if (turn.type !== 'tool-calls') continue;
    for (const [position, call] of turn.calls.entries()) ids.set(call.id, wireCallId(turnNumber, position));
  }
  return ids;
}

function fillPlaceholders(call: ToolCall, resultOf: (goldCall: number) => unknown): ToolCall {
  if (typeof call.arguments === 'string') return call;
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const match = RESULT_PLACEHOLDER.exec(value);
      if (!match) return value;
      let filled = resultOf(Number(match[1]));
      for (const part of (match[2] ?? '').split('.').filter(Boolean)) {
        filled = filled && typeof filled === 'object' ? (filled as Record<string, unknown>)[part] : undefined;
      }
      return filled ?? value;
    }
    if (Array.isArray(value)) return value.map(fill);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fill(inner)]));
    }
    return value;
  };
  return { ...call, arguments: fill(call.arguments) as Record<string, unknown> };
}

/**
 * A tool message's value: toolgauge renders a result as JSON and an error as `Error (kind): …`.
 * Clients may wrap either once more (JSON-encoding the text, or `{"error": …}`); errors have no value.
 */
export function parseToolResult(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value === 'string') return value.startsWith('Error (') ? undefined : (parseToolResult(value) ?? value);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    const error = (value as Record<string, unknown>).error;
    if (keys.length === 1 && typeof error === 'string' && error.startsWith('Error (')) return undefined;
  }
  return value;
}
