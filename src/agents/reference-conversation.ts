import type { ReferenceMessage } from '../spec/index.js';

/** What a reference agent says once its gold solution is played out. */
export const REFERENCE_CLOSING = 'Is there anything else I can help with?';

/** The assistant messages of a conversation, one per turn. */
export function assistantTurns(
  messages: readonly ReferenceMessage[],
): Extract<ReferenceMessage, { role: 'assistant' }>[] {
  return messages.filter((message) => message.role === 'assistant');
}

/** Every system text, joined. */
export function systemText(messages: readonly ReferenceMessage[]): string {
  return messages
    .filter((message) => message.role === 'system')
    .map((message) => message.text)
    .join('\n\n');
}

/** The tool-result texts of a conversation, by the id of the call they answer. */
export function toolResultTexts(messages: readonly ReferenceMessage[]): Map<string, string> {
  const results = new Map<string, string>();
  for (const message of messages) if (message.role === 'tool') results.set(message.callId, message.text);
  return results;
}

/** Trimmed, with runs of white space made one space: clients may reflow text. */
export function normalizeText(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
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
