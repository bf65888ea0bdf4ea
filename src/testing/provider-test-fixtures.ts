/**
 * The conversation, tools and settings the provider wire tests send, so that every provider is checked
 * on the same request. Test support only.
 */
import type { ModelMessage, ModelRequest, ToolSchema } from '../spec/index.js';

/** A recognisable fake key: tests assert it never shows up in errors or ids. */
export const FAKE_API_KEY = 'sk-toolgauge-FAKE-KEY-0123456789abcdef';

/** The demo domain's `post_notice`, as a model sees it. */
export const POST_NOTICE_TOOL: ToolSchema = {
  name: 'post_notice',
  description: 'Post a short notice to the shared online notice board.',
  parameters: {
    type: 'object',
    properties: { text: { type: 'string', description: 'The notice, in plain words.' } },
    required: ['text'],
    additionalProperties: false,
  },
};

/** The demo domain's `set_wifi`, as a model sees it. */
export const SET_WIFI_TOOL: ToolSchema = {
  name: 'set_wifi',
  description: 'Turn the device wifi on or off.',
  parameters: {
    type: 'object',
    properties: { on: { type: 'boolean', description: 'true to turn wifi on, false to turn it off.' } },
    required: ['on'],
    additionalProperties: false,
  },
};

/** The texts of the fixture conversation, for exact assertions on request bodies. */
export const SYSTEM_TEXT = 'You are a helpful assistant with tools.';
export const USER_TEXT = 'Please post a notice saying lunch moved to 1 pm.';
export const TOOL_ERROR_TEXT = 'Error (connection): Wifi is off, so the notice board cannot be reached.';

/** System, user, an assistant tool call, and a failed tool result. */
export const CONVERSATION: readonly ModelMessage[] = [
  { role: 'system', text: SYSTEM_TEXT },
  { role: 'user', text: USER_TEXT },
  {
    role: 'assistant',
    text: '',
    toolCalls: [{ id: 'call_1', name: 'post_notice', arguments: { text: 'Lunch moved to 1 pm.' } }],
  },
  { role: 'tool', callId: 'call_1', toolName: 'post_notice', text: TOOL_ERROR_TEXT, isError: true },
];

/** The request every wire test sends: the conversation, both tools, and every setting. */
export function wireTestRequest(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    messages: CONVERSATION,
    tools: [POST_NOTICE_TOOL, SET_WIFI_TOOL],
    settings: { temperature: 0, seed: 7, maxOutputTokens: 256, parallelToolCalls: false },
    ...overrides,
  };
}

/** An OpenAI Chat Completions reply with the given assistant message. */
export function chatCompletion(message: Record<string, unknown>, finishReason = 'tool_calls'): Record<string, unknown> {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1_767_225_600,
    model: 'gpt-4o',
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finishReason }],
    usage: { prompt_tokens: 42, completion_tokens: 17, total_tokens: 59 },
  };
}

/** An OpenAI Chat Completions reply whose message is plain text, as a prompt-mode model answers. */
export function chatCompletionText(content: string): Record<string, unknown> {
  return chatCompletion({ content }, 'stop');
}
