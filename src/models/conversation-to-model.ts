import { renderOutcome } from '../engine/index.js';
import type { Message, ModelMessage, Role } from '../spec/index.js';

/**
 * Turns what a role sees on the bus into the provider-neutral conversation a model adapter sends:
 * the role's own texts and calls become `assistant` turns (the calls of one batch merged into one
 * turn), the other party's texts become `user` turns, system texts stay `system`, and tool results
 * become `tool` messages. A model playing the user therefore sees the agent as its "user".
 *
 * Bus messages never change, so each one's model message is made once per role and handed out again
 * on every later turn (the same object, frozen): an adapter may cache what it derives from it (its wire
 * JSON, the response cache's key).
 */
export function conversationFor(self: Role, messages: readonly Message[]): ModelMessage[] {
  const made = madeFor[self];
  const conversation: ModelMessage[] = [];
  let pendingCalls: Extract<Message, { type: 'tool-call' }>[] = [];
  const flushCalls = () => {
    const first = pendingCalls[0];
    if (first === undefined) return;
    let turn = made.get(first);
    // The model message of a batch is kept under its first call, for as many calls as it then had.
    if (turn === undefined || turn.role !== 'assistant' || turn.toolCalls.length !== pendingCalls.length) {
      turn = frozenTurn({
        role: 'assistant',
        text: '',
        toolCalls: Object.freeze(pendingCalls.map((message) => message.call)),
      });
      made.set(first, turn);
    }
    conversation.push(turn);
    pendingCalls = [];
  };
  for (const message of messages) {
    switch (message.type) {
      case 'tool-call':
        if (message.sender !== self) break;
        if (pendingCalls.length > 0 && pendingCalls[0]?.batch !== message.batch) flushCalls();
        pendingCalls.push(message);
        break;
      case 'tool-result':
        flushCalls();
        if (message.recipient !== self) break;
        conversation.push(made.get(message) ?? remember(made, message, toolTurn(message)));
        break;
      case 'text':
        flushCalls();
        conversation.push(made.get(message) ?? remember(made, message, textTurn(self, message)));
        break;
    }
  }
  flushCalls();
  return conversation;
}

/** Each role's model messages by the bus message they were made from. */
const madeFor: Record<Role, WeakMap<Message, ModelMessage>> = {
  agent: new WeakMap(),
  user: new WeakMap(),
  executor: new WeakMap(),
  system: new WeakMap(),
};

function remember(made: WeakMap<Message, ModelMessage>, message: Message, turn: ModelMessage): ModelMessage {
  made.set(message, frozenTurn(turn));
  return turn;
}

/** Frozen, so that what adapters and the response cache derive from a turn (see above) stays true. */
function frozenTurn(turn: ModelMessage): ModelMessage {
  return Object.freeze(turn);
}

function toolTurn(message: Extract<Message, { type: 'tool-result' }>): ModelMessage {
  return {
    role: 'tool',
    callId: message.callId,
    toolName: message.toolName,
    text: renderOutcome(message.outcome),
    isError: message.outcome.type === 'error',
  };
}

function textTurn(self: Role, message: Extract<Message, { type: 'text' }>): ModelMessage {
  if (message.sender === 'system') return { role: 'system', text: message.text };
  if (message.sender === self) return { role: 'assistant', text: message.text, toolCalls: [] };
  return { role: 'user', text: message.text };
}
