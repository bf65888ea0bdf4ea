import { afterEach, describe, expect, it } from 'vitest';
import type { ModelAdapter, ModelRequest } from '../../spec/index.js';
import {
  type FakeProviderServer,
  type FakeReply,
  startFakeProviderServer,
} from '../../testing/fake-provider-server.js';
import { chatCompletion, FAKE_API_KEY, wireTestRequest } from '../../testing/provider-test-fixtures.js';
import { AiSdkAdapter } from './ai-sdk-adapter.js';
import { createModelAdapter } from './create-model-adapter.js';
import { OpenAICompatibleHttpAdapter } from './openai-compatible-http-adapter.js';
import { ProviderError } from './provider-error.js';

let server: FakeProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Both clients against one fake server, answering each request with the same scripted reply. */
async function both(reply: FakeReply, request: ModelRequest = wireTestRequest()) {
  server = await startFakeProviderServer(() => reply);
  const baseUrl = `${server.origin}/v1`;
  const sdk = createModelAdapter('openai-compatible:local-model', {
    baseUrl,
    env: { OPENAI_COMPATIBLE_API_KEY: FAKE_API_KEY },
    client: 'ai-sdk',
  });
  const lean = new OpenAICompatibleHttpAdapter({ model: 'local-model', baseUrl, apiKey: FAKE_API_KEY });
  const outcome = async (adapter: ModelAdapter) => {
    try {
      return { response: await adapter.generate(request) };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      return {
        error: {
          message: error.message,
          status: error.status,
          retryable: error.retryable,
          retryAfterMs: error.retryAfterMs,
        },
      };
    }
  };
  const viaSdk = await outcome(sdk);
  const viaLean = await outcome(lean);
  lean.close();
  return { viaSdk, viaLean, requests: server.requests };
}

const call = (name: string, args: string, id = 'call_9') => ({
  id,
  type: 'function',
  function: { name, arguments: args },
});

describe('the lean OpenAI-compatible client', () => {
  it('is the default for openai-compatible models; the AI SDK on request, with a custom fetch, and for hosted providers', () => {
    const env = { OPENAI_COMPATIBLE_API_KEY: FAKE_API_KEY, OPENAI_API_KEY: FAKE_API_KEY };
    const baseUrl = 'http://127.0.0.1:1/v1';
    const lean = createModelAdapter('openai-compatible:m', { baseUrl, env });
    expect(lean).toBeInstanceOf(OpenAICompatibleHttpAdapter);
    expect(lean.id).toBe('openai-compatible:m');
    (lean as OpenAICompatibleHttpAdapter).close();
    expect(createModelAdapter('openai-compatible:m', { baseUrl, env, client: 'ai-sdk' })).toBeInstanceOf(AiSdkAdapter);
    expect(createModelAdapter('openai-compatible:m', { baseUrl, env, fetch })).toBeInstanceOf(AiSdkAdapter);
    expect(createModelAdapter('openai:gpt-4o', { env })).toBeInstanceOf(AiSdkAdapter);
  });

  it('sends the same body as the AI SDK for every kind of message and setting', async () => {
    const requests: ModelRequest[] = [
      wireTestRequest(),
      wireTestRequest({ tools: [], settings: {} }),
      wireTestRequest({ settings: { parallelToolCalls: true } }),
      {
        ...wireTestRequest(),
        messages: [
          { role: 'system', text: 'First rule.' },
          { role: 'system', text: 'Second rule.' },
          { role: 'user', text: 'Hi' },
          {
            role: 'assistant',
            text: 'Let me look.',
            toolCalls: [{ id: 'a', name: 'set_wifi', arguments: { on: true } }],
          },
          { role: 'tool', callId: 'a', toolName: 'set_wifi', text: 'null', isError: false },
          { role: 'assistant', text: '', toolCalls: [{ id: 'b', name: 'post_notice', arguments: '{"text": oops' }] },
          { role: 'tool', callId: 'b', toolName: 'post_notice', text: 'Error (invalid): not JSON', isError: true },
          { role: 'assistant', text: '', toolCalls: [{ id: 'c', name: 'post_notice', arguments: '{"text":"ok"}' }] },
          { role: 'tool', callId: 'c', toolName: 'post_notice', text: '"n1"', isError: false },
          { role: 'system', text: 'A late note.' },
          { role: 'assistant', text: 'Done.', toolCalls: [] },
          { role: 'assistant', text: '', toolCalls: [] },
          { role: 'user', text: 'Thanks — ünïcode ✓' },
        ],
      },
    ];
    for (const request of requests) {
      const { requests: recorded } = await both({ body: chatCompletion({ content: 'ok' }, 'stop') }, request);
      expect(recorded).toHaveLength(2);
      expect(recorded[1]?.body).toEqual(recorded[0]?.body);
      // Same bytes, same order of fields.
      expect(JSON.stringify(recorded[1]?.body)).toBe(JSON.stringify(recorded[0]?.body));
      expect(recorded[1]?.path).toBe('/v1/chat/completions');
      expect(recorded[1]?.headers.authorization).toBe(`Bearer ${FAKE_API_KEY}`);
      await server?.close();
      server = undefined;
    }
  });

  it('reads replies exactly as the AI SDK adapter does', async () => {
    const replies: Record<string, unknown>[] = [
      chatCompletion({ content: 'Plain answer.' }, 'stop'),
      chatCompletion({
        content: null,
        tool_calls: [call('set_wifi', '{"on":true}'), call('post_notice', '{"text":"x"}', 'c2')],
      }),
      chatCompletion({ content: 'Text and a call.', tool_calls: [call('post_notice', '{"text": "y"}')] }),
      chatCompletion({ content: null, tool_calls: [call('post_notice', '{"text": unquoted}')] }),
      chatCompletion({ content: null, tool_calls: [call('set_wifi', '')] }),
      chatCompletion({ content: null, tool_calls: [call('set_wifi', '[1, 2]')] }),
      chatCompletion({ content: null, tool_calls: [call('no_such_tool', '{"a":1}')] }),
      chatCompletion({ content: null, tool_calls: [call('no_such_tool', '')] }),
      chatCompletion({ content: 'Cut short', tool_calls: [] }, 'length'),
      chatCompletion({ content: '' }, 'content_filter'),
      chatCompletion({ content: 'odd' }, 'something_else'),
      chatCompletion(
        {
          content: [
            { type: 'text', text: 'part one, ' },
            { type: 'text', text: 'part two' },
          ],
        },
        'stop',
      ),
      { ...chatCompletion({ content: 'no usage' }, 'stop'), usage: undefined },
    ];
    for (const body of replies) {
      const { viaSdk, viaLean } = await both({ body });
      expect(viaLean, JSON.stringify(body)).toEqual(viaSdk);
      await server?.close();
      server = undefined;
    }
  });

  it('classifies failures as the AI SDK adapter does: status, retryable, Retry-After, redaction', async () => {
    const failures: FakeReply[] = [
      { status: 429, headers: { 'retry-after': '3' }, body: { error: { message: 'slow down' } } },
      { status: 429, headers: { 'retry-after-ms': '250' }, body: { error: { message: 'slow down' } } },
      { status: 500, body: { error: { message: 'boom' } } },
      { status: 503, body: 'upstream unavailable' },
      { status: 400, body: { error: { message: `bad request from key ${FAKE_API_KEY}` } } },
      { status: 401, body: { error: { message: 'no' } } },
      { status: 200, body: 'this is not json' },
      { status: 200, body: { choices: [] } },
    ];
    for (const reply of failures) {
      const { viaSdk, viaLean } = await both(reply);
      expect(viaSdk.error, JSON.stringify(reply)).toBeDefined();
      // The one deliberate difference: a reply without choices keeps its HTTP status (the AI SDK drops it).
      if (viaSdk.error?.status !== undefined) expect(viaLean.error?.status).toBe(viaSdk.error.status);
      expect(viaLean.error?.retryable).toBe(viaSdk.error?.retryable);
      expect(viaLean.error?.retryAfterMs).toBe(viaSdk.error?.retryAfterMs);
      expect(viaLean.error?.message).not.toContain(FAKE_API_KEY);
      if (viaSdk.error?.status !== undefined) expect(viaLean.error?.message).toBe(viaSdk.error.message);
      await server?.close();
      server = undefined;
    }
  });

  it('treats a dropped connection as retryable and a refused one as unreachable', async () => {
    const { viaSdk, viaLean } = await both({ destroySocket: true });
    expect(viaSdk.error?.retryable).toBe(true);
    expect(viaLean.error?.retryable).toBe(true);
    const lean = new OpenAICompatibleHttpAdapter({ model: 'm', baseUrl: 'http://127.0.0.1:9/v1' });
    await expect(lean.generate(wireTestRequest())).rejects.toMatchObject({ retryable: true });
    lean.close();
  });

  it('ends a request the caller aborts, as a timeout when the signal says so', async () => {
    server = await startFakeProviderServer(() => ({ hang: true }));
    const lean = new OpenAICompatibleHttpAdapter({ model: 'm', baseUrl: `${server.origin}/v1` });
    await expect(lean.generate(wireTestRequest({ signal: AbortSignal.timeout(50) }))).rejects.toMatchObject({
      retryable: true,
      message: expect.stringMatching(/timed out/),
    });
    // Already cancelled: refused without a request, and not retryable.
    await expect(lean.generate(wireTestRequest({ signal: AbortSignal.abort() }))).rejects.toMatchObject({
      retryable: false,
      message: expect.stringMatching(/was cancelled/),
    });
    expect(server.requests).toHaveLength(1);
    lean.close();
  });

  it('refuses a reply over its limit whether its length is announced or not, and reads one within it', async () => {
    const body = JSON.stringify(chatCompletion({ content: 'x'.repeat(300) }, 'stop'));
    const limits = { maxReplyBytes: body.length - 1 };
    const announced: Record<string, string>[] = [{ 'content-length': String(Buffer.byteLength(body)) }, {}];
    for (const headers of announced) {
      server = await startFakeProviderServer(() => ({ headers, body }));
      const tight = new OpenAICompatibleHttpAdapter({ model: 'm', baseUrl: `${server.origin}/v1`, limits });
      await expect(tight.generate(wireTestRequest())).rejects.toMatchObject({
        retryable: false,
        message: expect.stringContaining(`reply larger than ${limits.maxReplyBytes}`),
      });
      tight.close();
      const roomy = new OpenAICompatibleHttpAdapter({ model: 'm', baseUrl: `${server.origin}/v1` });
      expect((await roomy.generate(wireTestRequest())).text).toBe('x'.repeat(300));
      roomy.close();
      await server.close();
      server = undefined;
    }
  });

  it('keeps connections alive between requests', async () => {
    server = await startFakeProviderServer(() => ({ body: chatCompletion({ content: 'ok' }, 'stop') }));
    const lean = new OpenAICompatibleHttpAdapter({ model: 'm', baseUrl: `${server.origin}/v1` });
    for (let index = 0; index < 3; index += 1) await lean.generate(wireTestRequest());
    expect(server.requests.map((request) => request.headers.connection)).toEqual([
      'keep-alive',
      'keep-alive',
      'keep-alive',
    ]);
    lean.close();
  });
});
