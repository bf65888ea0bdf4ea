import { afterEach, describe, expect, it } from 'vitest';
import { EndpointLimiter, ResilientModelAdapter } from '../../runs/execution/resilient-model.js';
import {
  type FakeProviderServer,
  type FakeReply,
  startFakeProviderServer,
} from '../../testing/fake-provider-server.js';
import { chatCompletion, chatCompletionText, wireTestRequest } from '../../testing/provider-test-fixtures.js';
import { createModelAdapter } from './create-model-adapter.js';
import { describeEndpoint, hasRedactedCredentials, redactUrls, storedEndpoint } from './endpoint.js';
import { redactedExcerpt } from './provider-error.js';

const SECRET = 'sk-integrity-0123456789-ABCDEFGHIJ-secret';
const servers: FakeProviderServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(reply: readonly FakeReply[] | ((request: unknown, index: number) => FakeReply)) {
  const server = await startFakeProviderServer(reply as readonly FakeReply[]);
  servers.push(server);
  return server;
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

const noWait = { maxAttempts: 6, baseDelayMs: 0, maxDelayMs: 0, timeoutMs: 5_000 };

describe('secrets in provider errors', () => {
  it('redacts a key that straddles the 300-character cut of an error body', async () => {
    // 290 characters, then the key: cutting first would keep its first 10 characters.
    const body = `${'x'.repeat(290)}${SECRET} was rejected`;
    const server = await serve([{ status: 401, body }]);
    const adapter = createModelAdapter('openai-compatible:m', {
      baseUrl: `${server.origin}/v1`,
      env: { OPENAI_COMPATIBLE_API_KEY: SECRET },
    });
    const error = await failure(adapter.generate(wireTestRequest()));
    expect(error.message).toContain('401');
    for (let length = 6; length <= SECRET.length; length += 1) {
      expect(error.message).not.toContain(SECRET.slice(0, length));
    }
    expect(redactedExcerpt(body, [SECRET])).toMatch(/^x{290}\[redacted\]/);
  });

  it('sends base-URL credentials as Basic auth and never shows them', async () => {
    const server = await serve([{ status: 500, body: { error: 'boom' } }]);
    const url = `${server.origin.replace('http://', 'http://alice:pa55-word-HIDDEN@')}/v1?api_key=QUERYSECRET`;
    const adapter = createModelAdapter('openai-compatible:m', { baseUrl: url, env: {} });
    expect(adapter.endpoint).toBe(`${server.origin}/v1?api_key=redacted`);
    const error = await failure(adapter.generate(wireTestRequest()));
    expect(server.requests[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from('alice:pa55-word-HIDDEN').toString('base64')}`,
    );
    const everything = [error.message, String(error.cause), error.stack ?? ''].join('\n');
    expect(everything).not.toContain('pa55-word-HIDDEN');
    expect(everything).not.toContain('QUERYSECRET');
    expect(redactUrls(`failed: ${url}`)).not.toContain('pa55-word-HIDDEN');
    expect(describeEndpoint('HTTP://Host:80/v1/')).toBe('http://host/v1');
  });
});

describe('base URLs with a query', () => {
  it('keep the query after the API path, with both clients', async () => {
    for (const client of ['lean', 'ai-sdk'] as const) {
      const server = await serve([{ body: chatCompletionText('ok') }]);
      const adapter = createModelAdapter('openai-compatible:m', {
        baseUrl: `${server.origin}/v1/?api-version=2024-06-01`,
        env: {},
        client,
      });
      const reply = await adapter.generate(wireTestRequest());
      expect(reply.text).toBe('ok');
      expect(server.requests[0]?.path).toBe('/v1/chat/completions?api-version=2024-06-01');
    }
  });

  it('are stored with credentials marked, so a resume can ask for them', () => {
    expect(storedEndpoint('http://alice:pw@Host:80/v1/')).toBe('http://redacted@host/v1');
    expect(hasRedactedCredentials(storedEndpoint('http://alice:pw@host/v1'))).toBe(true);
    expect(hasRedactedCredentials(storedEndpoint('http://host/v1?api_key=K&x=1'))).toBe(true);
    expect(hasRedactedCredentials(storedEndpoint('http://host/v1?x=redacted'))).toBe(false);
    expect(hasRedactedCredentials(storedEndpoint('http://host/v1'))).toBe(false);
  });
});

describe('bounded model output', () => {
  it('fails an over-large reply with the limit named, without reading all of it', async () => {
    const server = await serve([{ body: chatCompletionText('a'.repeat(9 * 1024 * 1024)) }]);
    const adapter = createModelAdapter('openai-compatible:m', { baseUrl: `${server.origin}/v1`, env: {} });
    const error = await failure(adapter.generate(wireTestRequest()));
    expect(error.message).toContain('reply larger than 8 MiB');
    expect((error as { retryable?: boolean }).retryable).toBe(false);
  });

  it('fails tool-call arguments over the limit', async () => {
    const huge = JSON.stringify({ text: 'n'.repeat(100 * 1024) });
    const server = await serve([
      {
        body: chatCompletion({
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'post_notice', arguments: huge } }],
        }),
      },
    ]);
    const adapter = createModelAdapter('openai-compatible:m', { baseUrl: `${server.origin}/v1`, env: {} });
    const error = await failure(adapter.generate(wireTestRequest()));
    expect(error.message).toMatch(/arguments of tool call "post_notice" are 100(\.\d)? KiB, over the 64 KiB limit/);
  });

  it('does not follow or retry a redirect', async () => {
    const server = await serve(() => ({ status: 301, headers: { location: '/v1/chat/completions' }, body: '' }));
    const adapter = new ResilientModelAdapter(
      createModelAdapter('openai-compatible:m', { baseUrl: `${server.origin}/v1`, env: {} }),
      new EndpointLimiter(1),
      noWait,
    );
    const error = await failure(adapter.generate(wireTestRequest()));
    expect(error.message).toContain('redirect (HTTP 301 to /v1/chat/completions)');
    expect(server.requests).toHaveLength(1);
  });

  it('opens the circuit after consecutive timeouts and then fails fast without a request', async () => {
    const server = await serve(() => ({ hang: true }));
    const limiter = new EndpointLimiter(4, { failureThreshold: 3, cooldownMs: 60_000 });
    const inner = createModelAdapter('openai-compatible:m', { baseUrl: `${server.origin}/v1`, env: {} });
    const adapter = new ResilientModelAdapter(
      inner,
      limiter,
      { ...noWait, timeoutMs: 150 },
      () => 0.5,
      async () => {},
    );
    const first = await failure(adapter.generate(wireTestRequest()));
    expect(server.requests).toHaveLength(3);
    expect(first.message).toContain('failing fast');
    expect(first.message).toContain(`${server.origin}/v1`);
    const second = await failure(adapter.generate(wireTestRequest()));
    expect(second.message).toContain('failing fast');
    expect(server.requests).toHaveLength(3);
  });

  it('opens sooner for a server that has never answered, and later once it has', async () => {
    let silent = false;
    const server = await serve(() => (silent ? { hang: true } : { body: chatCompletionText('ok') }));
    const play = (limiter: EndpointLimiter) =>
      new ResilientModelAdapter(
        createModelAdapter('openai-compatible:m', { baseUrl: `${server.origin}/v1`, env: {} }),
        limiter,
        { ...noWait, timeoutMs: 150 },
        () => 0.5,
        async () => {},
      );
    // Silent from the start: the default policy gives up after 2 timeouts, not 5.
    silent = true;
    const cold = await failure(play(new EndpointLimiter(4)).generate(wireTestRequest()));
    expect(cold.message).toContain('failing fast');
    expect(server.requests).toHaveLength(2);
    // A server that has answered once gets the full threshold when it then goes silent.
    silent = false;
    const warm = play(new EndpointLimiter(4));
    await warm.generate(wireTestRequest());
    silent = true;
    const before = server.requests.length;
    expect((await failure(warm.generate(wireTestRequest()))).message).toContain('failing fast');
    expect(server.requests.length - before).toBe(5);
  });
});
