import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isInfrastructureError } from '../../spec/index.js';
import {
  type FakeProviderServer,
  type FakeReply,
  startFakeProviderServer,
} from '../../testing/fake-provider-server.js';
import { FAKE_API_KEY, wireTestRequest } from '../../testing/provider-test-fixtures.js';
import { createModelAdapter } from './create-model-adapter.js';
import { ProviderError, parseRetryAfter, redactSecrets } from './provider-error.js';

let server: FakeProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Sends the standard request to a server that answers `reply`, and returns what the adapter threw. */
async function failureFor(
  reply: FakeReply,
  spec = 'openai:gpt-4o',
  env: Record<string, string> = { OPENAI_API_KEY: FAKE_API_KEY },
  signal?: AbortSignal,
): Promise<ProviderError> {
  server = await startFakeProviderServer([reply]);
  const adapter = createModelAdapter(spec, { baseUrl: `${server.origin}/v1`, env });
  const error = await adapter.generate(wireTestRequest(signal ? { signal } : {})).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

/** Everything an error carries, flattened, to check that no secret is anywhere in it. */
function everythingIn(error: Error): string {
  const cause = error.cause instanceof Error ? `${error.cause.name} ${error.cause.message}` : String(error.cause);
  return [error.message, String(error), cause, JSON.stringify(error), error.stack ?? ''].join('\n');
}

describe('provider failures become ProviderError', () => {
  it('429 with Retry-After: 2 is retryable after 2000 ms', async () => {
    const error = await failureFor({
      status: 429,
      headers: { 'retry-after': '2' },
      body: { error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' } },
    });
    expect(error).toMatchObject({
      status: 429,
      retryable: true,
      retryAfterMs: 2000,
      provider: 'openai',
      model: 'gpt-4o',
    });
    expect(error.name).toBe('InfrastructureError');
    expect(isInfrastructureError(error)).toBe(true);
    expect(error.options.retryable).toBe(true);
    expect(error.message).toContain('openai:gpt-4o');
    expect(error.message).toContain('429');
    expect(error.message).toContain('Rate limit reached');
  });

  it('500 is retryable', async () => {
    const error = await failureFor({ status: 500, body: { error: { message: 'The server had an error' } } });
    expect(error).toMatchObject({ status: 500, retryable: true });
    expect(error.retryAfterMs).toBeUndefined();
  });

  it('400 is not retryable, and the message has a short excerpt of the body', async () => {
    const longMessage = `Invalid schema for function 'post_notice': ${'x'.repeat(2000)}`;
    const error = await failureFor({
      status: 400,
      body: { error: { message: longMessage, type: 'invalid_request_error' } },
    });
    expect(error).toMatchObject({ status: 400, retryable: false });
    expect(error.message).toContain("Invalid schema for function 'post_notice'");
    expect(error.message.length).toBeLessThan(500);
  });

  it('an Anthropic 529 overload with retry-after-ms is retryable after that many milliseconds', async () => {
    const error = await failureFor(
      {
        status: 529,
        headers: { 'retry-after-ms': '1500' },
        body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      },
      'anthropic:claude-sonnet-4-5',
      { ANTHROPIC_API_KEY: FAKE_API_KEY },
    );
    expect(error).toMatchObject({ status: 529, retryable: true, retryAfterMs: 1500, provider: 'anthropic' });
    expect(error.message).toContain('Overloaded');
  });

  it('a server that destroys the socket gives a retryable error', async () => {
    const error = await failureFor({ destroySocket: true });
    expect(error.retryable).toBe(true);
    expect(error.status).toBeUndefined();
    expect(error.message).toContain('openai:gpt-4o');
  });

  it('a refused connection gives a retryable error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const adapter = createModelAdapter('openai-compatible:llama3', { baseUrl: `http://127.0.0.1:${port}/v1`, env: {} });

    const error = await adapter.generate(wireTestRequest()).catch((thrown: unknown) => thrown);

    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ retryable: true, provider: 'openai-compatible', model: 'llama3' });
  });

  it('a request that outlives its time limit is a retryable timeout', async () => {
    const error = await failureFor({ hang: true }, undefined, undefined, AbortSignal.timeout(100));
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('timed out');
  });

  it('a request the caller cancels is not retryable', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await failureFor({ hang: true }, undefined, undefined, controller.signal);
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('cancelled');
  });

  it('a reply that is not in the provider format is a non-retryable provider error', async () => {
    const error = await failureFor({ status: 200, body: { unexpected: true } });
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('openai:gpt-4o');
  });
});

describe('API keys stay secret', () => {
  it('a missing key is an Error naming the variable', () => {
    expect(() => createModelAdapter('openai:gpt-4o', { env: {} })).toThrow(/OPENAI_API_KEY/);
    expect(() => createModelAdapter('anthropic:claude-sonnet-4-5', { env: {} })).toThrow(/ANTHROPIC_API_KEY/);
    expect(() => createModelAdapter('google:gemini-2.5-flash', { env: {} })).toThrow(/GOOGLE_GENERATIVE_AI_API_KEY/);
    expect(() => createModelAdapter('prompt:openai:gpt-4o', { env: { OPENAI_API_KEY: '' } })).toThrow(/OPENAI_API_KEY/);
  });

  it('an OpenAI-compatible server needs a base URL but no key', () => {
    expect(() => createModelAdapter('openai-compatible:llama3', { env: {} })).toThrow(/OPENAI_COMPATIBLE_BASE_URL/);
    const adapter = createModelAdapter('openai-compatible:llama3', {
      env: { OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:1/v1' },
    });
    expect(adapter.id).toBe('openai-compatible:llama3');
  });

  it.each([
    ['openai:gpt-4o', { OPENAI_API_KEY: FAKE_API_KEY }],
    ['anthropic:claude-sonnet-4-5', { ANTHROPIC_API_KEY: FAKE_API_KEY }],
    ['google:gemini-2.5-flash', { GOOGLE_GENERATIVE_AI_API_KEY: FAKE_API_KEY }],
    ['openai-compatible:llama3', { OPENAI_COMPATIBLE_API_KEY: FAKE_API_KEY }],
  ])('%s: a 401 that echoes the key does not leak it into the error or the adapter', async (spec, env) => {
    const echo = `Incorrect API key provided: ${FAKE_API_KEY}. You can find your API key at https://example.test.`;
    const error = await failureFor({ status: 401, body: { error: { message: echo } } }, spec, env);

    expect(error).toMatchObject({ status: 401, retryable: false });
    expect(error.message).toContain('Incorrect API key provided: [redacted]');
    expect(everythingIn(error)).not.toContain(FAKE_API_KEY);
    expect(everythingIn(error)).not.toContain('0123456789abcdef');
    const adapter = createModelAdapter(spec, { baseUrl: 'http://127.0.0.1:1/v1', env });
    expect(adapter.id).not.toContain(FAKE_API_KEY);
    expect(JSON.stringify(adapter)).not.toContain(FAKE_API_KEY);
  });

  it('credential headers are redacted too', async () => {
    server = await startFakeProviderServer([
      { status: 403, body: { error: 'token gw-secret-token-42 is not allowed' } },
    ]);
    const adapter = createModelAdapter('openai-compatible:llama3', {
      baseUrl: `${server.origin}/v1`,
      env: {},
      headers: { Authorization: 'Bearer gw-secret-token-42' },
    });
    const error = (await adapter.generate(wireTestRequest()).catch((thrown: unknown) => thrown)) as ProviderError;
    expect(error).toMatchObject({ status: 403, retryable: false });
    expect(everythingIn(error)).not.toContain('gw-secret-token-42');
  });
});

describe('Retry-After parsing', () => {
  const now = () => Date.parse('2026-03-02T17:00:00Z');

  it('reads seconds, milliseconds and HTTP dates, preferring retry-after-ms', () => {
    expect(parseRetryAfter({ 'Retry-After': '2' }, now)).toBe(2000);
    expect(parseRetryAfter({ 'retry-after': '0.5' }, now)).toBe(500);
    expect(parseRetryAfter({ 'retry-after-ms': '750', 'retry-after': '2' }, now)).toBe(750);
    expect(parseRetryAfter({ 'retry-after': 'Mon, 02 Mar 2026 17:00:05 GMT' }, now)).toBe(5000);
    expect(parseRetryAfter({ 'retry-after': 'Mon, 02 Mar 2026 16:59:00 GMT' }, now)).toBe(0);
  });

  it('ignores absent or unusable values', () => {
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter({})).toBeUndefined();
    expect(parseRetryAfter({ 'retry-after': 'soon' })).toBeUndefined();
  });

  it('redacts every occurrence of a secret', () => {
    expect(redactSecrets('a KEY b KEY', ['KEY'])).toBe('a KEY b KEY');
    expect(redactSecrets('a SECRET b SECRET', ['SECRET'])).toBe('a [redacted] b [redacted]');
  });
});
