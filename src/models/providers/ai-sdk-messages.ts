import type {
  AssistantContent,
  ModelMessage as SdkModelMessage,
  SystemModelMessage as SdkSystemMessage,
  ToolResultPart as SdkToolResultPart,
} from 'ai';
import type { ModelMessage } from '../../spec/index.js';

/** A conversation in the AI SDK's terms: the opening instructions, then the turns. */
export interface SdkPrompt {
  /** The system messages the conversation opens with, sent as the provider's system prompt. */
  readonly instructions: SdkSystemMessage[];
  readonly messages: SdkModelMessage[];
}

/** How a system message that comes after the conversation started is introduced to the model. */
export const LATE_SYSTEM_MESSAGE_PREFIX = 'System note: ';

/**
 * Translates toolgauge's provider-neutral conversation into the AI SDK's model messages.
 *
 * - The system messages at the start become `instructions` (the provider's system prompt). A system
 *   message later in the conversation becomes a user turn starting with "System note: ", because
 *   Google rejects late system messages, Anthropic needs a beta for them, and many local chat
 *   templates only accept a system message first; doing it the same way everywhere keeps providers
 *   comparable.
 * - Assistant turns carry their text and tool calls. Arguments the model once wrote as unparsable text
 *   are passed as that text; each provider package then sends what its API accepts.
 * - Tool results become tool-result parts. With `markToolErrors` a failed call is `error-text`, which
 *   providers with a native error flag send as such (Anthropic's `is_error`, Gemini's `error` field);
 *   without it the error goes as plain text (it already reads "Error (kind): …"). OpenAI's package would
 *   wrap `error-text` in `{"error": …}`, so OpenAI gets plain text: the same bytes an
 *   OpenAI-compatible server gets. Consecutive tool results form one tool message.
 */
export function toSdkPrompt(
  conversation: readonly ModelMessage[],
  options: { readonly markToolErrors: boolean } = { markToolErrors: true },
): SdkPrompt {
  const instructions: SdkSystemMessage[] = [];
  const messages: SdkModelMessage[] = [];
  let opening = true;
  for (const message of conversation) {
    if (message.role === 'system' && opening) {
      instructions.push({ role: 'system', content: message.text });
      continue;
    }
    opening = false;
    switch (message.role) {
      case 'system':
        messages.push({ role: 'user', content: `${LATE_SYSTEM_MESSAGE_PREFIX}${message.text}` });
        break;
      case 'user':
        messages.push({ role: 'user', content: message.text });
        break;
      case 'assistant': {
        const content: Exclude<AssistantContent, string> = [];
        if (message.text !== '') content.push({ type: 'text', text: message.text });
        for (const call of message.toolCalls) {
          content.push({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.arguments });
        }
        if (content.length > 0) messages.push({ role: 'assistant', content });
        break;
      }
      case 'tool': {
        const part: SdkToolResultPart = {
          type: 'tool-result',
          toolCallId: message.callId,
          toolName: message.toolName,
          output:
            message.isError && options.markToolErrors
              ? { type: 'error-text', value: message.text }
              : { type: 'text', value: message.text },
        };
        const previous = messages.at(-1);
        if (previous?.role === 'tool') previous.content.push(part);
        else messages.push({ role: 'tool', content: [part] });
        break;
      }
    }
  }
  return { instructions, messages };
}
