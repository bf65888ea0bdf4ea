import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelAdapter, ModelAgent } from '../../models/index.js';
import { fakeServices } from '../../testing/fake-embedder.js';
import { tevalBenchmark } from './index.js';
import type { TevalCase } from './teval-case.js';
import { BUILT_IN_SAMPLES } from './teval-cases.js';
import { oracleReply } from './teval-oracle.js';
import { tevalReference } from './teval-play.js';

/**
 * A model over real HTTP: a local OpenAI-compatible server recognises each request as a T-Eval item by
 * its messages (the item's prompt, as `reference()` describes it) and answers with the gold reply. The
 * items travel through the model adapter and the wire format exactly as for a real provider.
 */
let server: Server;
let baseUrl = '';
let cases: readonly TevalCase[] = [];
const unmatched: string[] = [];

beforeAll(async () => {
  cases = (await tevalBenchmark.loadCases({ source: BUILT_IN_SAMPLES, options: {} })).cases;
  const byPrompt = new Map(
    cases.map((item) => [
      JSON.stringify(
        tevalReference(item).prefix.map((message) => [message.role, 'text' in message ? message.text : '']),
      ),
      item,
    ]),
  );
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const wire = JSON.parse(body) as { messages: { role: string; content: string }[]; tools?: unknown[] };
      const key = JSON.stringify(wire.messages.map((message) => [message.role, message.content]));
      const item = byPrompt.get(key);
      if (!item || (wire.tools?.length ?? 0) > 0) unmatched.push(key.slice(0, 200));
      const content = item ? oracleReply(item) : 'no such item';
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          id: 'cmpl-1',
          object: 'chat.completion',
          created: 0,
          model: 'teval-gold',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('T-Eval through a model over HTTP', () => {
  it('sends each prompt as it is, with no tools, and scores the replies: every column 100', async () => {
    const agent = new ModelAgent(createModelAdapter('openai-compatible:teval-gold', { baseUrl, env: {} }));
    const signal = new AbortController().signal;
    const summaries = [];
    for (const item of cases) {
      const result = await tevalBenchmark.play({
        case: item,
        trial: 0,
        agent,
        options: {},
        services: fakeServices,
        limits: {},
        signal,
      });
      expect(result.record.error, item.id).toBeUndefined();
      summaries.push({
        caseId: item.id,
        trial: 0,
        status: result.status,
        metrics: result.metrics,
        labels: result.labels,
      });
    }
    expect(unmatched).toEqual([]);
    const aggregate = tevalBenchmark.aggregate(summaries, {});
    for (const column of ['instruct.json', 'instruct.string', 'reason.json', 'retrieve.string', 'understand.string']) {
      expect(aggregate.metrics[column], column).toBeCloseTo(1, 6);
    }
  });
});

describe('T-Eval reference player', () => {
  it('tells apart items that share their opening by the whole conversation, and refuses unknown ones', async () => {
    const player = await tevalBenchmark.referencePlayer?.({ sources: [BUILT_IN_SAMPLES], options: {} });
    if (!player) throw new Error('no reference player');
    // Items load on the first request, not when the server starts.
    expect(player.caseCount).toBe(0);
    const wire = (item: TevalCase) =>
      tevalReference(item).prefix.map((message) =>
        message.role === 'assistant'
          ? { role: 'assistant' as const, text: message.text, calls: [] }
          : { role: message.role as 'system' | 'user', text: 'text' in message ? message.text : '' },
      );
    for (const item of cases) {
      const answer = await player.answer({ model: 'reference', messages: wire(item), tools: [] });
      expect(answer).toEqual({ role: 'agent', turn: { type: 'text', text: oracleReply(item) }, caseId: item.id });
    }
    expect(player.caseCount).toBe(cases.length);
    const unknown = await player.answer({ model: 'reference', messages: [{ role: 'user', text: 'hello' }], tools: [] });
    expect('unmatched' in unknown).toBe(true);
  });
});
