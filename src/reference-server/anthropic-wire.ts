import { z } from 'zod';
import {
  argumentsText,
  contentText,
  describeIssues,
  type WireCall,
  type WireErrorKind,
  type WireFormat,
  type WireMessage,
  WireRequestError,
  wireTool,
} from './wire-conversation.js';

/**
 * The Anthropic messages protocol (`POST /v1/messages`), non-streaming, in the shape the AI SDK's
 * Anthropic provider parses (`anthropicResponseSchema`, `anthropicErrorDataSchema`).
 */

const block = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  id: z.string().optional(),
  name: z.string().optional(),
  input: z.unknown().optional(),
  tool_use_id: z.string().optional(),
  content: z.union([z.string(), z.array(z.unknown())]).optional(),
});

const requestSchema = z.looseObject({
  model: z.string().optional(),
  system: z.union([z.string(), z.array(z.looseObject({ type: z.string(), text: z.string().optional() }))]).optional(),
  messages: z.array(
    z.looseObject({
      role: z.enum(['user', 'assistant']),
      content: z.union([z.string(), z.array(block)]),
    }),
  ),
  tools: z
    .array(
      z.looseObject({
        name: z.string(),
        description: z.string().optional(),
        input_schema: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .optional(),
});

type Block = z.infer<typeof block>;

const ERROR_TYPES: Record<WireErrorKind, string> = {
  'invalid-request': 'invalid_request_error',
  'rate-limit': 'rate_limit_error',
  server: 'api_error',
  'not-found': 'not_found_error',
};

export const anthropicWire: WireFormat = {
  name: 'anthropic',

  parseRequest(body) {
    const parsed = requestSchema.safeParse(body);
    if (!parsed.success) {
      throw new WireRequestError(`not an Anthropic messages request: ${describeIssues(parsed.error.issues)}`);
    }
    const { system } = parsed.data;
    const messages: WireMessage[] = [];
    if (system !== undefined) {
      const text = typeof system === 'string' ? system : system.map((part) => part.text ?? '').join('\n\n');
      if (text) messages.push({ role: 'system', text });
    }
    for (const [index, message] of parsed.data.messages.entries()) {
      const blocks: Block[] =
        typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
      if (message.role === 'assistant') messages.push(...assistantTurnsOf(blocks, index));
      else messages.push(...userMessagesOf(blocks, index));
    }
    const tools = (parsed.data.tools ?? []).map((tool) => wireTool(tool.name, tool.description, tool.input_schema));
    return { model: parsed.data.model ?? 'reference', messages, tools };
  },

  reply({ turn, malformed }, context) {
    const content =
      turn.type === 'text'
        ? [{ type: 'text', text: turn.text }]
        : turn.calls.map((call) => ({
            type: 'tool_use',
            id: call.id,
            name: call.name,
            // Anthropic sends `input` as an object; a malformed reply sends broken JSON text instead.
            input: malformed
              ? argumentsText(call.arguments, true)
              : typeof call.arguments === 'string'
                ? call.arguments
                : call.arguments,
          }));
    return {
      id: `msg_${context.id}`,
      type: 'message',
      role: 'assistant',
      model: context.model,
      content,
      stop_reason: turn.type === 'tool-calls' ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: context.inputTokens, output_tokens: context.outputTokens },
    };
  },

  error(kind, message) {
    return { type: 'error', error: { type: ERROR_TYPES[kind], message } };
  },
};

/**
 * An assistant message as turns. Anthropic wants roles to alternate, so clients merge consecutive
 * assistant messages into one: each text block starts a turn, and tool_use blocks join the turn they
 * follow (a text and the calls after it are one turn, as a model would write them).
 */
function assistantTurnsOf(blocks: readonly Block[], index: number): WireMessage[] {
  const turns: { text: string; calls: WireCall[] }[] = [];
  for (const [position, part] of blocks.entries()) {
    if (part.type === 'text') {
      if (part.text) turns.push({ text: part.text, calls: [] });
    } else if (part.type === 'tool_use') {
      if (part.id === undefined || part.name === undefined) {
        throw new WireRequestError(`messages.${index}.content.${position}: a tool_use block needs an id and a name`);
      }
      const call = { id: part.id, name: part.name, arguments: part.input ?? {} };
      const current = turns.at(-1);
      if (current) current.calls.push(call);
      else turns.push({ text: '', calls: [call] });
    }
  }
  if (turns.length === 0) turns.push({ text: '', calls: [] });
  return turns.map((turn) => ({ role: 'assistant', ...turn }));
}

/** A user message as messages: its texts (one per block) and its tool results. */
function userMessagesOf(blocks: readonly Block[], index: number): WireMessage[] {
  const messages: WireMessage[] = [];
  for (const [position, part] of blocks.entries()) {
    if (part.type === 'text') messages.push({ role: 'user', text: part.text ?? '' });
    else if (part.type === 'tool_result') {
      if (part.tool_use_id === undefined) {
        throw new WireRequestError(`messages.${index}.content.${position}: a tool_result block needs its tool_use_id`);
      }
      messages.push({ role: 'tool', callId: part.tool_use_id, text: contentText(part.content) });
    }
  }
  return messages;
}
