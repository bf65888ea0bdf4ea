import { afterEach, describe, expect, it } from 'vitest';
import { type FakeProviderServer, startFakeProviderServer } from '../../testing/fake-provider-server.js';
import {
  chatCompletion,
  FAKE_API_KEY,
  POST_NOTICE_TOOL,
  SET_WIFI_TOOL,
  SYSTEM_TEXT,
  TOOL_ERROR_TEXT,
  USER_TEXT,
  wireTestRequest,
} from '../../testing/provider-test-fixtures.js';
import { createModelAdapter } from './create-model-adapter.js';

const TWO_CALLS_REPLY = chatCompletion({
  content: 'Wifi is off; turning it on first.',
  tool_calls: [
    { id: 'call_2', type: 'function', function: { name: 'set_wifi', arguments: '{"on":true}' } },
    { id: 'call_3', type: 'function', function: { name: 'post_notice', arguments: '{"text":"Lunch moved to 1 pm."}' } },
  ],
});

/** The two ways toolgauge reaches a Chat Completions server: OpenAI itself, and any compatible server. */
const VARIANTS = [
  { spec: 'openai:gpt-4o', env: { OPENAI_API_KEY: FAKE_API_KEY } },
  { spec: 'openai-compatible:gpt-4o', env: { OPENAI_COMPATIBLE_API_KEY: FAKE_API_KEY } },
] as const;

let server: FakeProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe.each(VARIANTS)('Chat Completions wire format via $spec', ({ spec, env }) => {
  it('sends the conversation, tools and settings, and parses text, calls, usage and finish reason', async () => {
    server = await startFakeProviderServer([{ body: TWO_CALLS_REPLY }]);
    const adapter = createModelAdapter(spec, { baseUrl: `${server.origin}/v1`, env });

    const response = await adapter.generate(wireTestRequest());

    expect(server.requests).toHaveLength(1);
    const request = server.requests[0];
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe(`Bearer ${FAKE_API_KEY}`);
    const body = request?.body as Record<string, unknown>;
    expect(body).toMatchObject({ model: 'gpt-4o', temperature: 0, seed: 7, max_tokens: 256 });
    expect(body.parallel_tool_calls).toBe(false);
    expect(body.tool_choice).toBe('auto');
    expect(body.stream).toBeFalsy();
    expect(body.messages).toEqual([
      { role: 'system', content: SYSTEM_TEXT },
      { role: 'user', content: USER_TEXT },
      {
        role: 'assistant',
        content: expect.toSatisfy((content: unknown) => content === null || content === ''),
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'post_notice', arguments: '{"text":"Lunch moved to 1 pm."}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: TOOL_ERROR_TEXT },
    ]);
    expect(body.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'post_notice',
          description: POST_NOTICE_TOOL.description,
          parameters: POST_NOTICE_TOOL.parameters,
        },
      },
      {
        type: 'function',
        function: { name: 'set_wifi', description: SET_WIFI_TOOL.description, parameters: SET_WIFI_TOOL.parameters },
      },
    ]);

    expect(adapter.id).toBe(spec);
    expect(response).toEqual({
      text: 'Wifi is off; turning it on first.',
      toolCalls: [
        { id: 'call_2', name: 'set_wifi', arguments: { on: true } },
        { id: 'call_3', name: 'post_notice', arguments: { text: 'Lunch moved to 1 pm.' } },
      ],
      usage: { inputTokens: 42, outputTokens: 17 },
      finishReason: 'tool-calls',
    });
  });

  it('returns the raw text as arguments when the model writes broken JSON', async () => {
    const broken = '{"text": "Lunch moved to 1 pm.';
    server = await startFakeProviderServer([
      {
        body: chatCompletion({
          content: null,
          tool_calls: [{ id: 'call_9', type: 'function', function: { name: 'post_notice', arguments: broken } }],
        }),
      },
    ]);
    const adapter = createModelAdapter(spec, { baseUrl: `${server.origin}/v1`, env });

    const response = await adapter.generate(wireTestRequest());

    expect(response.toolCalls).toEqual([{ id: 'call_9', name: 'post_notice', arguments: broken }]);
    expect(response.text).toBe('');
  });

  it('passes arguments that break the schema through untouched, for the executor to judge', async () => {
    server = await startFakeProviderServer([
      {
        body: chatCompletion({
          content: null,
          tool_calls: [
            { id: 'call_a', type: 'function', function: { name: 'set_wifi', arguments: '{"on":"yes","extra":1}' } },
            { id: 'call_b', type: 'function', function: { name: 'no_such_tool', arguments: '{}' } },
            { id: 'call_c', type: 'function', function: { name: 'set_wifi', arguments: '[true]' } },
          ],
        }),
      },
    ]);
    const adapter = createModelAdapter(spec, { baseUrl: `${server.origin}/v1`, env });

    const response = await adapter.generate(wireTestRequest());

    expect(response.toolCalls).toEqual([
      { id: 'call_a', name: 'set_wifi', arguments: { on: 'yes', extra: 1 } },
      { id: 'call_b', name: 'no_such_tool', arguments: {} },
      { id: 'call_c', name: 'set_wifi', arguments: '[true]' },
    ]);
  });

  it('sends no tools, tool choice or parallel switch when the request has no tools', async () => {
    server = await startFakeProviderServer([{ body: chatCompletion({ content: 'Hello!' }, 'stop') }]);
    const adapter = createModelAdapter(spec, { baseUrl: `${server.origin}/v1`, env });

    const response = await adapter.generate(wireTestRequest({ tools: [], settings: { parallelToolCalls: true } }));

    const body = server.requests[0]?.body as Record<string, unknown>;
    expect(body.tools).toBeUndefined();
    expect(body.tool_choice).toBeUndefined();
    expect(body.parallel_tool_calls).toBeUndefined();
    expect(response).toMatchObject({ text: 'Hello!', toolCalls: [], finishReason: 'stop' });
  });
});

describe('Chat Completions conversation details', () => {
  it('sends a late system message as a user note, and custom headers with every request', async () => {
    server = await startFakeProviderServer([{ body: chatCompletion({ content: 'Noted.' }, 'stop') }]);
    const adapter = createModelAdapter('openai-compatible:llama3.1:8b', {
      baseUrl: `${server.origin}/v1`,
      env: {},
      headers: { 'x-gateway-route': 'local' },
    });

    await adapter.generate({
      messages: [
        { role: 'user', text: 'Hi' },
        { role: 'assistant', text: 'Hello.', toolCalls: [] },
        { role: 'system', text: 'The user is in a hurry.' },
      ],
      tools: [],
      settings: {},
    });

    const request = server.requests[0];
    expect(request?.headers['x-gateway-route']).toBe('local');
    expect(request?.headers.authorization).toBeUndefined();
    const body = request?.body as { model: string; messages: unknown[] };
    expect(body.model).toBe('llama3.1:8b');
    expect(body.messages).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello.' },
      { role: 'user', content: 'System note: The user is in a hurry.' },
    ]);
  });

  it('reads the base URL from OPENAI_BASE_URL when no option is given', async () => {
    server = await startFakeProviderServer([{ body: chatCompletion({ content: 'Hi.' }, 'stop') }]);
    const adapter = createModelAdapter('openai:gpt-4o', {
      env: { OPENAI_API_KEY: FAKE_API_KEY, OPENAI_BASE_URL: `${server.origin}/v1` },
    });

    const response = await adapter.generate({ messages: [{ role: 'user', text: 'Hi' }], tools: [], settings: {} });

    expect(response.text).toBe('Hi.');
    expect(server.requests[0]?.path).toBe('/v1/chat/completions');
  });
});
