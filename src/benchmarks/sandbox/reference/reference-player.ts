import type { Turn } from '../spec/index.js';
import type { CaseIndex } from './case-index.js';
import { referenceAgentTurn } from './reference-agent.js';
import { offersEndConversation, referenceUserTurn } from './reference-user.js';
import type { WireRequest } from './wire-conversation.js';

/** What the reference model answers a request with: a turn in one role, or why it cannot. */
export type ReferenceAnswer =
  | { readonly role: 'agent'; readonly turn: Turn; readonly caseId: string }
  | { readonly role: 'user'; readonly turn: Turn; readonly scenarioId: string }
  | { readonly unmatched: string };

/**
 * A fake model that is a perfect agent and a perfect user. A request that offers `end_conversation`
 * comes from a user simulator and is answered from the scenario whose user goal its system prompt
 * holds; any other request is an agent's and is answered with the gold solution of the case its
 * opening line and tools identify.
 */
export function answerRequest(index: CaseIndex, request: WireRequest): ReferenceAnswer {
  if (offersEndConversation(request)) {
    const match = index.findUserScenario(request);
    if ('reason' in match)
      return { unmatched: `a user-simulator request (it offers end_conversation), but ${match.reason}` };
    return { role: 'user', turn: referenceUserTurn(match.found, request), scenarioId: match.found.id };
  }
  const match = index.findAgentCase(request);
  if ('reason' in match) return { unmatched: `an agent request, but ${match.reason}` };
  return { role: 'agent', turn: referenceAgentTurn(match.found, request), caseId: match.found.sandboxCase.id };
}

/**
 * A lone user message without tools is a connection check (toolgauge's preflight before a run, or a
 * user's own "is it up?" request), not a scenario conversation: it is answered "OK".
 */
export function isConnectionCheck(request: WireRequest): boolean {
  return request.tools.length === 0 && request.messages.length === 1 && request.messages[0]?.role === 'user';
}
