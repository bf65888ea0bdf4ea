import {
  assistantTurns,
  goldTurn,
  parseToolResult,
  REFERENCE_CLOSING,
  toolResultTexts,
} from '../../../agents/index.js';
import type { ReferenceRequest, Turn } from '../../../spec/index.js';
import type { IndexedCase } from './case-index.js';

/**
 * The perfect agent's next turn: the case's gold turn numbered by the assistant turns already in the
 * request, with calls under the names the case's tools show, ids `call_<turn>_<position>`, and
 * `{{result:N.path}}` arguments filled from the result of the gold's N-th call (the tool message that
 * answers the id this server gave that call). Stateless: everything comes from the request.
 */
export function referenceAgentTurn(entry: IndexedCase, request: ReferenceRequest): Turn {
  const gold = entry.sandboxCase.scenario.gold;
  const turnNumber = assistantTurns(request.messages).length;
  const wireIds = wireCallIds(gold);
  const results = toolResultTexts(request.messages);
  const resultOf = (goldCall: number): unknown => {
    const wireId = wireIds.get(`gold-${goldCall}`);
    const text = wireId === undefined ? undefined : results.get(wireId);
    return text === undefined ? undefined : parseToolResult(text);
  };
  return goldTurn(gold, turnNumber, {
    closing: REFERENCE_CLOSING,
    resultOf,
    present: (call, position) => ({ ...entry.present(call), id: wireCallId(turnNumber, position) }),
  });
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
