import { renderOutcome } from '../engine/index.js';
import type { Message, ModelMessage, Role, ToolCall } from '../spec/index.js';

/**
 * Turns what a role sees on the bus into the provider-neutral conversation a model adapter sends:
 * the role's own texts and calls become `assistant` turns (the calls of one batch merged into one
 * turn), the other party's texts become `user` turns, system texts stay `system`, and tool results
 * become `tool` messages. A model playing the user therefore sees the agent as its "user".
 */
export function conversationFor(self: Role, messages: readonly Message[]): ModelMessage[] {
  const conversation: ModelMessage[] = [];
  let pendingCalls: { batch: number; calls: ToolCall[] } | undefined;
  const flushCalls = () => {
    if (pendingCalls) conversation.push({ role: 'assistant', text: '', toolCalls: pendingCalls.calls });
    pendingCalls = undefined;
  };
  for (const message of messages) {
    switch (message.type) {
      case 'tool-call':
        if (message.sender !== self) break;
        if (pendingCalls && pendingCalls.batch !== message.batch) flushCalls();
        pendingCalls ??= { batch: message.batch, calls: [] };
        pendingCalls.calls.push(message.call);
        break;
      case 'tool-result':
        flushCalls();
        if (message.recipient !== self) break;
        conversation.push({
          role: 'tool',
          callId: message.callId,
          toolName: message.toolName,
          text: renderOutcome(message.outcome),
          isError: message.outcome.type === 'error',
        });
        break;
      case 'text':
        flushCalls();
        if (message.sender === 'system') conversation.push({ role: 'system', text: message.text });
        else if (message.sender === self) conversation.push({ role: 'assistant', text: message.text, toolCalls: [] });
        else conversation.push({ role: 'user', text: message.text });
        break;
    }
  }
  flushCalls();
  return conversation;
}
