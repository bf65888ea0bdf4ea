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
 * `{{result:N.path}}` arguments filled from the result of the gold's N-th call: the tool message that
 * answers the call at that call's turn and position in the request (whatever id the client gave it: a
 * prompt-mode client makes up its own). Stateless: everything comes from the request.
 */
export function referenceAgentTurn(entry: IndexedCase, request: ReferenceRequest): Turn {
  const gold = entry.sandboxCase.scenario.gold;
  const played = assistantTurns(request.messages);
  const turnNumber = played.length;
  const places = goldCallPlaces(gold);
  const results = toolResultTexts(request.messages);
  const resultOf = (goldCall: number): unknown => {
    const place = places.get(`gold-${goldCall}`);
    const callId = place && played[place.turn]?.calls[place.position]?.id;
    const text = callId === undefined ? undefined : results.get(callId);
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

/** Gold call id (`gold-N`) → the turn and position it is played at. */
function goldCallPlaces(gold: readonly Turn[]): Map<string, { readonly turn: number; readonly position: number }> {
  const places = new Map<string, { turn: number; position: number }>();
  for (const [turn, goldTurnAt] of gold.entries()) {
    if (goldTurnAt.type !== 'tool-calls') continue;
    for (const [position, call] of goldTurnAt.calls.entries()) places.set(call.id, { turn, position });
  }
  return places;
}
