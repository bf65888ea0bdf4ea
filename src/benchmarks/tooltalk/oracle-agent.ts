/**
 * The oracle plays the ground truth; a planned agent plays any list of calls per assistant turn (the
 * oracle's plan, or a deliberately wrong one for proofs and tests). Both decide from what they see, never
 * from a counter of their own, so the reference server can ask them for any turn of a wire conversation:
 * the number of assistant texts in the history says which assistant turn this is, and the calls after
 * the last text message are the ones already made in this turn. Calls carry no session token (the
 * executor injects it).
 */

import { TOOLTALK_TOOLS_BY_NAME } from '../../domains/tooltalk/index.js';
import type { Agent, Message, ToolCall, Turn, TurnRequest } from '../../spec/index.js';
import type { ConversationFile } from './conversation-file.js';

export type PlannedCall = Omit<ToolCall, 'id'>;

export interface TurnPlan {
  /** Per assistant turn (in order), the calls to make. */
  readonly calls: readonly (readonly PlannedCall[])[];
  /** Per assistant turn, the closing text. */
  readonly texts: readonly string[];
}

/** The ground truth as a plan: each assistant turn's calls without the injected token, then its text. */
export function groundTruthPlan(conversation: ConversationFile): TurnPlan {
  const assistantTurns = conversation.conversation.filter((turn) => turn.role === 'assistant');
  return {
    calls: assistantTurns.map((turn) =>
      (turn.apis ?? []).map((call) => {
        const { api_name: name, parameters } = call.request;
        const { session_token: _token, ...shown } = parameters;
        return { name, arguments: TOOLTALK_TOOLS_BY_NAME.get(name)?.requiresAuth ? shown : parameters };
      }),
    ),
    texts: assistantTurns.map((turn) => turn.text),
  };
}

export function plannedTurn(plan: TurnPlan, messages: readonly Message[]): Turn {
  const turn = messages.filter((message) => message.type === 'text' && message.sender === 'agent').length;
  const lastText = messages.findLastIndex((message) => message.type === 'text');
  const done = messages.slice(lastText + 1).filter((message) => message.type === 'tool-call').length;
  const next = plan.calls[turn]?.[done];
  if (next) return { type: 'tool-calls', calls: [{ id: `planned-${turn}-${done}`, ...next }] };
  return { type: 'text', text: plan.texts[turn] ?? '' };
}

export function plannedAgent(name: string, plan: TurnPlan): Agent {
  return {
    name,
    async respond(request: TurnRequest): Promise<Turn> {
      return plannedTurn(plan, request.messages);
    },
  };
}

export function oracleAgent(conversation: ConversationFile): Agent {
  return plannedAgent('oracle', groundTruthPlan(conversation));
}

/** The ground truth without its last call (a wrong answer for proofs). */
export function withoutLastCall(plan: TurnPlan): TurnPlan {
  const last = plan.calls.findLastIndex((calls) => calls.length > 0);
  return { ...plan, calls: plan.calls.map((calls, index) => (index === last ? calls.slice(0, -1) : calls)) };
}
