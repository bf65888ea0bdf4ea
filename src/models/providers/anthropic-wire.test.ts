import { afterEach, describe, expect, it } from 'vitest';
import { type FakeProviderServer, startFakeProviderServer } from '../../testing/fake-provider-server.js';
import {
  FAKE_API_KEY,
  POST_NOTICE_TOOL,
  SET_WIFI_TOOL,
  SYSTEM_TEXT,
  TOOL_ERROR_TEXT,
  USER_TEXT,
  wireTestRequest,
} from '../../testing/provider-test-fixtures.js';
import { createModelAdapter } from './create-model-adapter.js';

function anthropicMessage(content: unknown[], stopReason = 'tool_use'): Record<string, unknown> {
  return {
    id: 'msg_01',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage: { input_tokens: 30, output_tokens: 12 },
  };
}

let server: FakeProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('Anthropic Messages wire format', () => {
  it('sends system, messages with tool_use and an is_error tool_result, tools and settings; parses the reply', async () => {
    server = await startFakeProviderServer([
      {
        body: anthropicMessage([
          { type: 'text', text: 'Wifi is off; turning it on first.' },
          { type: 'tool_use', id: 'toolu_02', name: 'set_wifi', input: { on: true } },
        ]),
      },
    ]);
    const adapter = createModelAdapter('anthropic:claude-sonnet-4-5', {
      baseUrl: `${server.origin}/v1`,
      env: { ANTHROPIC_API_KEY: FAKE_API_KEY },
    });

    const response = await adapter.generate(wireTestRequest());

    const request = server.requests[0];
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/messages');
    expect(request?.headers['x-api-key']).toBe(FAKE_API_KEY);
    expect(request?.headers['anthropic-version']).toBeDefined();
    const body = request?.body as Record<string, unknown>;
    expect(body).toMatchObject({ model: 'claude-sonnet-4-5', temperature: 0, max_tokens: 256 });
    expect(body.seed).toBeUndefined(); // Anthropic has no seed
    expect(body.system).toEqual([{ type: 'text', text: SYSTEM_TEXT }]);
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: USER_TEXT }] },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'call_1', name: 'post_notice', input: { text: 'Lunch moved to 1 pm.' } }],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'call_1', content: TOOL_ERROR_TEXT, is_error: true }],
      },
    ]);
    expect(body.tools).toEqual([
      { name: 'post_notice', description: POST_NOTICE_TOOL.description, input_schema: POST_NOTICE_TOOL.parameters },
      { name: 'set_wifi', description: SET_WIFI_TOOL.description, input_schema: SET_WIFI_TOOL.parameters },
    ]);
    expect(body.tool_choice).toEqual({ type: 'auto', disable_parallel_tool_use: true });

    expect(adapter.id).toBe('anthropic:claude-sonnet-4-5');
    expect(response).toEqual({
      text: 'Wifi is off; turning it on first.',
      toolCalls: [{ id: 'toolu_02', name: 'set_wifi', arguments: { on: true } }],
      usage: { inputTokens: 30, outputTokens: 12 },
      finishReason: 'tool-calls',
    });
  });

  it('sends a successful tool result without is_error, leaves parallel use on, and parses a text answer', async () => {
    server = await startFakeProviderServer([
      { body: anthropicMessage([{ type: 'text', text: 'Posted.' }], 'end_turn') },
    ]);
    const adapter = createModelAdapter('anthropic:claude-sonnet-4-5', {
      baseUrl: `${server.origin}/v1`,
      env: { ANTHROPIC_API_KEY: FAKE_API_KEY },
    });

    const response = await adapter.generate(
      wireTestRequest({
        messages: [
          { role: 'user', text: USER_TEXT },
          {
            role: 'assistant',
            text: 'Posting it.',
            toolCalls: [{ id: 'toolu_1', name: 'post_notice', arguments: { text: 'Lunch moved to 1 pm.' } }],
          },
          { role: 'tool', callId: 'toolu_1', toolName: 'post_notice', text: '"notice-1"', isError: false },
        ],
        settings: { parallelToolCalls: true },
      }),
    );

    const body = server.requests[0]?.body as Record<string, unknown>;
    expect(body.system).toBeUndefined();
    expect(body.tool_choice).toEqual({ type: 'auto' });
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: USER_TEXT }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Posting it.' },
          { type: 'tool_use', id: 'toolu_1', name: 'post_notice', input: { text: 'Lunch moved to 1 pm.' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '"notice-1"' }] },
    ]);
    expect(response).toEqual({
      text: 'Posted.',
      toolCalls: [],
      usage: { inputTokens: 30, outputTokens: 12 },
      finishReason: 'stop',
    });
  });
});
