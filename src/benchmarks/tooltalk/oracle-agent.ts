/**
 * The oracle: plays the ground truth. It decides from what it sees, never from a counter of its own (so
 * the reference server can ask it for any turn of a wire conversation): the number of assistant texts in
 * the history says which assistant turn this is, and the number of its calls since the history's ground
 * truth says how many of that turn's calls are done. Then it makes the next call (without the session
 * token, which the executor injects) or, when all are done, says the turn's text.
 */

import { TOOLTALK_TOOLS_BY_NAME } from '../../domains/tooltalk/index.js';
import type { Agent, Message, Turn, TurnRequest } from '../../spec/index.js';
import type { ConversationFile } from './conversation-file.js';

export function oracleTurn(conversation: ConversationFile, messages: readonly Message[]): Turn {
  const assistantTurns = conversation.conversation.filter((turn) => turn.role === 'assistant');
  const repliesSeen = messages.filter((message) => message.type === 'text' && message.sender === 'agent').length;
  const current = assistantTurns[repliesSeen];
  if (!current) return { type: 'text', text: '' };
  const earlierCalls = assistantTurns.slice(0, repliesSeen).reduce((sum, turn) => sum + (turn.apis?.length ?? 0), 0);
  const callsSeen = messages.filter((message) => message.type === 'tool-call' && message.sender === 'agent').length;
  const next = current.apis?.[callsSeen - earlierCalls];
  if (!next) return { type: 'text', text: current.text };
  const { api_name: name, parameters } = next.request;
  const requiresAuth = TOOLTALK_TOOLS_BY_NAME.get(name)?.requiresAuth ?? false;
  const { session_token: _token, ...shown } = parameters;
  return {
    type: 'tool-calls',
    calls: [{ id: `oracle-${callsSeen}`, name, arguments: requiresAuth ? shown : parameters }],
  };
}

export function oracleAgent(conversation: ConversationFile): Agent {
  return {
    name: 'oracle',
    async respond(request: TurnRequest): Promise<Turn> {
      return oracleTurn(conversation, request.messages);
    },
  };
}
