import { copyFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadScenarios,
  type SandboxCase,
  type SandboxScenario,
  sandboxCases,
  sandboxToolSet,
} from '../benchmarks/sandbox/internals.js';
import {
  parseServeOptions,
  REFERENCE_CLOSING,
  type ReferenceServer,
  type ReferenceServerOptions,
  type ServerStats,
  startReferenceServer,
} from './index.js';

/** Faults, counters, unknown conversations and flags, with raw HTTP requests. */

const example = fileURLToPath(
  new URL('../../data/sandbox/scenarios/phone/phone-send-message-cellular-off.yaml', import.meta.url),
);

// biome-ignore lint/suspicious/noExplicitAny: test-only view of JSON replies.
type Json = any;

async function postRaw(url: string, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, json: (await response.json()) as Json };
}

let folder: string;
let scenario: SandboxScenario;
let server: ReferenceServer;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'reference-faults-'));
  await copyFile(example, join(folder, 'example.yaml'));
  scenario = (await loadScenarios([folder])).scenarios[0] as SandboxScenario;
  server = await startReferenceServer({ scenarios: [folder] });
});
afterAll(() => server.close());

/** The example's first agent request (its answer is a tool call), in OpenAI format. */
function firstAgentRequest(): Json {
  const sandboxCase = sandboxCases([scenario])[0] as SandboxCase;
  return {
    model: 'gold',
    messages: [
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: sandboxCase.opening },
    ],
    tools: sandboxToolSet(sandboxCase)
      .schemas()
      .map((tool) => ({ type: 'function', function: tool })),
  };
}

/** An agent request after the gold solution's five turns: its answer is the closing text. */
function finishedAgentRequest(): Json {
  const request = firstAgentRequest();
  const turns = Array.from({ length: 5 }, (_, index) => [
    { role: 'assistant', content: `turn ${index}` },
    { role: 'user', content: 'ok' },
  ]).flat();
  return { ...request, messages: [...request.messages, ...turns] };
}

describe('reference server housekeeping', () => {
  it('counts requests by path and resets the counters', async () => {
    server.reset();
    await postRaw(`${server.url}/v1/chat/completions`, firstAgentRequest());
    await postRaw(`${server.url}/chat/completions`, finishedAgentRequest());
    const stats = (await (await fetch(`${server.url}/__stats`)).json()) as ServerStats;
    expect(stats).toEqual({
      requests: 2,
      byPath: { '/v1/chat/completions': 1, '/chat/completions': 1 },
      byRole: { agent: 2, user: 0 },
      faults: { '429': 0, '500': 0, slow: 0, drop: 0, malformed: 0 },
      unmatched: 0,
    });
    expect((await fetch(`${server.url}/__reset`, { method: 'POST' })).status).toBe(200);
    expect(server.stats().requests).toBe(0);
  });

  it('answers an unknown conversation with 400 in the provider error shape', async () => {
    const openAi = await postRaw(`${server.url}/v1/chat/completions`, {
      model: 'x',
      messages: [{ role: 'user', content: 'What is the capital of France?' }],
    });
    expect(openAi.status).toBe(400);
    expect(openAi.json.error).toMatchObject({ type: 'invalid_request_error' });
    expect(openAi.json.error.message).toMatch(/unknown conversation.*not the opening line/);
    const anthropic = await postRaw(`${server.url}/v1/messages`, {
      model: 'x',
      messages: [
        {
          role: 'user',
          content: [{ type: 'text', text: 'Text Daniel Reyes "Running ten minutes late, save me a seat".' }],
        },
      ],
      tools: [{ name: 'teleport', description: 'Go elsewhere.', input_schema: { type: 'object', properties: {} } }],
    });
    expect(anthropic.status).toBe(400);
    expect(anthropic.json).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    expect(anthropic.json.error.message).toMatch(
      /belongs to scenario phone-send-message-cellular-off, yet the tools offered \(teleport\) match none of the 9 cases/,
    );
    const user = await postRaw(`${server.url}/v1/chat/completions`, {
      messages: [{ role: 'system', content: 'You are someone else entirely.' }],
      tools: [{ type: 'function', function: { name: 'end_conversation', description: 'End.', parameters: {} } }],
    });
    expect(user.json.error.message).toMatch(/user-simulator request.*user goal of none/);
    expect(server.stats().unmatched).toBeGreaterThanOrEqual(3);
  });
});

describe('reference server faults', () => {
  const withFaults = async <T>(
    faults: ReferenceServerOptions,
    use: (faulty: ReferenceServer) => Promise<T>,
  ): Promise<T> => {
    const faulty = await startReferenceServer({ scenarios: [folder], ...faults });
    try {
      return await use(faulty);
    } finally {
      await faulty.close();
    }
  };

  it('injects a 429 with Retry-After, and a 500', async () => {
    await withFaults({ faults: { rate: 1, kinds: ['429'], retryAfterSeconds: 7 } }, async (faulty) => {
      const reply = await postRaw(`${faulty.url}/v1/chat/completions`, firstAgentRequest());
      expect(reply.status).toBe(429);
      expect(reply.headers.get('retry-after')).toBe('7');
      expect(reply.json.error.type).toBe('rate_limit_exceeded');
      expect(faulty.stats().faults['429']).toBe(1);
    });
    await withFaults({ faults: { rate: 1, kinds: ['500'] } }, async (faulty) => {
      const reply = await postRaw(`${faulty.url}/v1/messages`, {});
      expect(reply.status).toBe(500);
      expect(reply.json).toMatchObject({ type: 'error', error: { type: 'api_error' } });
    });
  });

  it('drops the connection without a reply', async () => {
    await withFaults({ faults: { rate: 1, kinds: ['drop'] } }, async (faulty) => {
      await expect(postRaw(`${faulty.url}/v1/chat/completions`, firstAgentRequest())).rejects.toThrow();
      expect(faulty.stats().faults.drop).toBe(1);
    });
  });

  it('answers slowly but correctly', async () => {
    await withFaults({ faults: { rate: 1, kinds: ['slow'], slowMs: 150 } }, async (faulty) => {
      const started = Date.now();
      const reply = await postRaw(`${faulty.url}/v1/chat/completions`, firstAgentRequest());
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
      expect(reply.json.choices[0].message.tool_calls[0].function).toEqual({
        name: 'search_contacts',
        arguments: '{"name":"Daniel Reyes"}',
      });
    });
  });

  it('delays every reply by latencyMs', async () => {
    await withFaults({ latencyMs: 120 }, async (slow) => {
      const started = Date.now();
      const reply = await postRaw(`${slow.url}/v1/chat/completions`, firstAgentRequest());
      expect(reply.status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(110);
      expect(slow.stats().faults).toEqual({ '429': 0, '500': 0, slow: 0, drop: 0, malformed: 0 });
    });
  });

  it('breaks tool-call arguments when malformed, in both formats', async () => {
    await withFaults({ faults: { rate: 1, kinds: ['malformed'] } }, async (faulty) => {
      const reply = await postRaw(`${faulty.url}/v1/chat/completions`, firstAgentRequest());
      expect(reply.status).toBe(200);
      const args = reply.json.choices[0].message.tool_calls[0].function.arguments;
      expect(() => JSON.parse(args)).toThrow();
      const request = firstAgentRequest();
      const anthropic = await postRaw(`${faulty.url}/v1/messages`, {
        model: 'gold',
        messages: request.messages.slice(1),
        tools: request.tools.map(({ function: tool }: Json) => ({ ...tool, input_schema: tool.parameters })),
      });
      expect(typeof anthropic.json.content[0].input).toBe('string');
      expect(() => JSON.parse(anthropic.json.content[0].input)).toThrow();
      // A text turn has no arguments to break: it is answered normally.
      const text = await postRaw(`${faulty.url}/v1/chat/completions`, finishedAgentRequest());
      expect(text.status).toBe(200);
      expect(text.json.choices[0].message.content).toBe(REFERENCE_CLOSING);
      expect(faulty.stats().faults.malformed).toBe(2);
    });
  });

  it('draws the same faults from the same seed', async () => {
    const statuses = (seed: string) =>
      withFaults({ seed, faults: { rate: 0.5, kinds: ['429', '500'] } }, async (faulty) => {
        const seen: number[] = [];
        for (let index = 0; index < 24; index += 1) {
          seen.push((await postRaw(`${faulty.url}/v1/chat/completions`, firstAgentRequest())).status);
        }
        faulty.reset();
        const again = (await postRaw(`${faulty.url}/v1/chat/completions`, firstAgentRequest())).status;
        return { seen, again };
      });
    const first = await statuses('alpha');
    expect(first.seen).toEqual((await statuses('alpha')).seen);
    expect(first.seen).not.toEqual((await statuses('beta')).seen);
    expect(new Set(first.seen)).toEqual(new Set([200, 429, 500]));
    expect(first.again).toBe(first.seen[0]);
  });
});

describe('parseServeOptions', () => {
  it('reads flags and names the bad one', () => {
    expect(parseServeOptions({ port: '8080', faultRate: '0.2', faultKinds: '429,drop', latencyMs: '5' })).toEqual({
      port: 8080,
      latencyMs: 5,
      faults: { rate: 0.2, kinds: ['429', 'drop'] },
    });
    expect(parseServeOptions({})).toEqual({});
    expect(() => parseServeOptions({ faultRate: '2' })).toThrow(/--fault-rate must be a number from 0 to 1/);
    expect(() => parseServeOptions({ faultKinds: '429,teapot' })).toThrow(/unknown fault "teapot"/);
    expect(() => parseServeOptions({ port: 'abc' })).toThrow(/--port/);
  });
});
