import type { ModelMessage, ModelRequest, ModelResponse, ToolCall } from '../../spec/index.js';
import { remembered, rememberedUpTo } from '../../util/remembered.js';
import { LATE_SYSTEM_MESSAGE_PREFIX } from './ai-sdk-messages.js';

/**
 * The Chat Completions wire format as toolgauge speaks it to OpenAI-compatible servers, by hand: the
 * same body, field for field and in the same order, as the AI SDK's `openai-compatible` provider sends
 * for the same request (so a server, a response cache or a recorded fixture sees the same bytes), and
 * the same reading of the reply. `chat-completions-wire.test.ts` checks both against the AI SDK.
 */

type JsonObject = Record<string, unknown>;

/** The request body for `POST <baseUrl>/chat/completions`. */
export function chatCompletionsBody(model: string, request: ModelRequest): JsonObject {
  return {
    ...bodyHead(model, request),
    messages: wireMessages(request),
    ...(request.tools.length > 0 ? { tools: request.tools.map(wireTool), tool_choice: 'auto' } : {}),
  };
}

/** The body's fields before the messages: the model and the settings it was given. */
function bodyHead(model: string, request: ModelRequest): JsonObject {
  const { settings } = request;
  return {
    model,
    ...(settings.maxOutputTokens !== undefined ? { max_tokens: settings.maxOutputTokens } : {}),
    ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
    ...(settings.seed !== undefined ? { seed: settings.seed } : {}),
    ...(request.tools.length > 0 && settings.parallelToolCalls !== undefined
      ? { parallel_tool_calls: settings.parallelToolCalls }
      : {}),
  };
}

function wireTool(tool: ToolSchema): JsonObject {
  return {
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  };
}

/**
 * `Buffer.from(JSON.stringify(chatCompletionsBody(model, request)))`, byte for byte, put together from
 * UTF-8 parts kept between requests: each tool's bytes once per tool schema (a run sends the same tools
 * with every request of an episode), and each message's bytes once per model message (`conversationFor`
 * hands out the same message objects turn after turn), so a request encodes only what is new in the
 * conversation. Bytes rather than text: the HTTP client would otherwise flatten and encode the whole
 * body (kilobytes, often two bytes a character) again for every request.
 */
export function chatCompletionsBodyBytes(model: string, request: ModelRequest): Buffer {
  const head = JSON.stringify(bodyHead(model, request));
  const parts: Buffer[] = [Buffer.from(`${head.slice(0, -1)},"messages":[`)];
  let opening = true;
  let first = true;
  for (const message of request.messages) {
    if (message.role !== 'system') opening = false;
    const bytes = wireMessageBytes(message, opening);
    if (bytes.length === 0) continue;
    if (!first) parts.push(COMMA);
    parts.push(bytes);
    first = false;
  }
  if (request.tools.length === 0) {
    parts.push(END_OF_MESSAGES_AND_BODY);
    return Buffer.concat(parts);
  }
  parts.push(END_OF_MESSAGES_START_OF_TOOLS);
  request.tools.forEach((tool, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(toolBytes(tool));
  });
  parts.push(END_OF_TOOLS_AND_BODY);
  return Buffer.concat(parts);
}

const COMMA = Buffer.from(',');
const END_OF_MESSAGES_AND_BODY = Buffer.from(']}');
const END_OF_MESSAGES_START_OF_TOOLS = Buffer.from('],"tools":[');
const END_OF_TOOLS_AND_BODY = Buffer.from('],"tool_choice":"auto"}');

type ToolSchema = ModelRequest['tools'][number];

/**
 * Each tool's bytes, kept by its parameters object and then by name and description: a run builds fresh
 * tool schemas for every episode, but an unchanged tool's schema reuses its definition's parameters
 * object, so its JSON is written once per run rather than once per episode.
 */
const toolBytesByParameters = new WeakMap<ToolSchema['parameters'], Map<string, Buffer>>();

/** Kept bytes per parameters object at most (a rewritten description is kept beside the original). */
const MAX_TOOL_BYTES_PER_PARAMETERS = 16;

/** Each tool schema object's bytes: tool sets hand out the same schema objects request after request. */
const toolBytesBySchema = new WeakMap<ToolSchema, Buffer>();

function toolBytes(tool: ToolSchema): Buffer {
  return remembered(toolBytesBySchema, tool, () => toolBytesByText(tool));
}

function toolBytesByText(tool: ToolSchema): Buffer {
  const byText = remembered(toolBytesByParameters, tool.parameters, () => new Map<string, Buffer>());
  const key = `${tool.name}\u0000${tool.description}`;
  return rememberedUpTo(byText, MAX_TOOL_BYTES_PER_PARAMETERS, key, () => Buffer.from(JSON.stringify(wireTool(tool))));
}

/**
 * The conversation as Chat Completions messages, by the rules of `toSdkPrompt` and the AI SDK's
 * converter: opening system messages stay system messages, a later one becomes a "System note: " user
 * turn; an assistant turn with tool calls has `content: null` when it has no text; arguments are sent as
 * the JSON text (text the model wrote that is not JSON goes as a JSON string); each tool result is its
 * own `tool` message.
 */
function wireMessages(request: ModelRequest): JsonObject[] {
  const messages: JsonObject[] = [];
  let opening = true;
  for (const message of request.messages) {
    if (message.role !== 'system') opening = false;
    const wire = wireMessage(message, opening);
    if (wire !== undefined) messages.push(wire);
  }
  return messages;
}

/** One message's bytes on the wire (empty for a left-out message), kept with the message. */
function wireMessageBytes(message: ModelMessage, opening: boolean): Buffer {
  // A system message's form depends on its place (opening or late); it is short: not kept.
  if (message.role === 'system') return Buffer.from(JSON.stringify(wireMessage(message, opening)));
  return remembered(wireBytes, message, () => {
    const wire = wireMessage(message, false);
    return wire === undefined ? EMPTY : Buffer.from(JSON.stringify(wire));
  });
}

const EMPTY = Buffer.alloc(0);

const wireBytes = new WeakMap<ModelMessage, Buffer>();

/** One message on the wire (undefined: an empty assistant turn, which is left out). */
function wireMessage(message: ModelMessage, opening: boolean): JsonObject | undefined {
  switch (message.role) {
    case 'system':
      return opening
        ? { role: 'system', content: message.text }
        : { role: 'user', content: `${LATE_SYSTEM_MESSAGE_PREFIX}${message.text}` };
    case 'user':
      return { role: 'user', content: message.text };
    case 'assistant': {
      if (message.text === '' && message.toolCalls.length === 0) return undefined;
      const toolCalls = message.toolCalls.map((call) => ({
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: serializedArguments(call.arguments) },
      }));
      return {
        role: 'assistant',
        content: toolCalls.length > 0 ? message.text || null : message.text,
        ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
      };
    }
    case 'tool':
      return { role: 'tool', tool_call_id: message.callId, content: message.text };
  }
}

function serializedArguments(value: ToolCall['arguments']): string {
  if (typeof value !== 'string') return JSON.stringify(value);
  return parseJson(value).ok ? value : JSON.stringify(value);
}

/** A reply that is not a Chat Completions response (not JSON, no choice, no message). */
export class ReplyFormatError extends Error {
  override readonly name = 'ReplyFormatError';
}

/**
 * Reads a Chat Completions response: the text (content parts and any refusal), the tool calls with
 * their arguments parsed as the AI SDK does (empty → `{}` for a declared tool, unparsable → the raw
 * text), usage, and the finish reason in the AI SDK's vocabulary.
 */
export function parseChatCompletion(body: string, declaredTools: ReadonlySet<string> | undefined): ModelResponse {
  const parsed = parseJson(body);
  if (!parsed.ok) throw new ReplyFormatError('Invalid JSON response');
  const reply = parsed.value;
  if (!isObject(reply) || !Array.isArray(reply.choices)) throw new ReplyFormatError('Invalid JSON response');
  const choice = reply.choices[0];
  if (!isObject(choice)) throw new ReplyFormatError('Response did not contain any choices.');
  const message = choice.message;
  if (!isObject(message)) throw new ReplyFormatError('Invalid JSON response');

  let text = contentText(message.content);
  const refusal = typeof message.refusal === 'string' ? message.refusal : '';
  text += refusal;
  const toolCalls: ToolCall[] = [];
  if (Array.isArray(message.tool_calls)) {
    message.tool_calls.forEach((call: unknown, index: number) => {
      if (!isObject(call) || !isObject(call.function) || typeof call.function.name !== 'string') {
        throw new ReplyFormatError('Invalid JSON response');
      }
      const name = call.function.name;
      const raw = typeof call.function.arguments === 'string' ? call.function.arguments : '';
      toolCalls.push({
        id: typeof call.id === 'string' && call.id !== '' ? call.id : `call-${index}`,
        name,
        arguments: toolArguments(raw, declaredTools?.has(name) === true),
      });
    });
  }
  const usage = isObject(reply.usage) ? reply.usage : {};
  return {
    text,
    toolCalls,
    usage: { inputTokens: numberOr0(usage.prompt_tokens), outputTokens: numberOr0(usage.completion_tokens) },
    finishReason: finishReason(choice.finish_reason, refusal !== ''),
  };
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  let text = '';
  for (const part of content)
    if (isObject(part) && part.type === 'text' && typeof part.text === 'string') text += part.text;
  return text;
}

/**
 * The AI SDK's reading of a call's arguments, then toolgauge's (`toolArguments` of the AI SDK adapter):
 * a JSON object stays an object; any other JSON value is written back as text; unparsable text stays text.
 */
function toolArguments(raw: string, declared: boolean): ToolCall['arguments'] {
  let input: unknown;
  if (declared && raw.trim() === '') input = {};
  else {
    const parsed = parseJson(raw);
    input = parsed.ok ? parsed.value : raw;
  }
  if (typeof input === 'string') return input;
  if (isObject(input)) return input;
  return JSON.stringify(input) ?? '';
}

function finishReason(reason: unknown, refused: boolean): string {
  switch (reason) {
    case 'stop':
      return refused ? 'content-filter' : 'stop';
    case 'length':
      return 'length';
    case 'content_filter':
      return 'content-filter';
    case 'function_call':
    case 'tool_calls':
      return 'tool-calls';
    default:
      return 'other';
  }
}

/** JSON.parse that refuses prototype-poisoning keys, as the AI SDK's secure parser does. */
function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  // Without those words (or an escape that could spell them) no key can be one: no reviver needed.
  if (!text.includes('__proto__') && !text.includes('constructor') && !text.includes('\\u')) {
    try {
      return { ok: true, value: JSON.parse(text) };
    } catch {
      return { ok: false };
    }
  }
  try {
    return {
      ok: true,
      value: JSON.parse(text, (key, value: unknown) => {
        if (key === '__proto__' || (key === 'constructor' && isObject(value) && 'prototype' in value)) {
          throw new Error('forbidden key');
        }
        return value;
      }),
    };
  } catch {
    return { ok: false };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function numberOr0(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
