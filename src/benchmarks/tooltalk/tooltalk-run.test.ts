/**
 * ToolTalk through the real run layer: the registry, the store, the report, resume and the response
 * cache. The oracle runs the built-in set and the original data; a model (a scripted adapter that plays
 * the ground truth from what it is sent) runs with the cache, fails part-way, resumes, and replays.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createModelAdapter } from '../../models/index.js';
import { buildRunReport, loadPriceTable, RunStore, runBenchmark } from '../../runs/index.js';
import type { Message, ModelAdapter, ModelMessage, ModelRequest, ModelResponse, NewMessage } from '../../spec/index.js';
import { InfrastructureError } from '../../spec/index.js';
import { startFakeProviderServer } from '../../testing/fake-provider-server.js';
import { chatCompletion, chatCompletionText } from '../../testing/provider-test-fixtures.js';
import { getBenchmark, loadAllBenchmarks } from '../registry.js';
import { tooltalkBenchmark } from './index.js';
import { groundTruthPlan, plannedTurn } from './oracle-agent.js';
import { sharedToolTalkData } from './shared-tooltalk-data.test-helpers.js';

// The benchmarks these tests use synchronously (`getBenchmark`): importing the registry loads none.
await loadAllBenchmarks();

const prices = loadPriceTable();
const tempStore = async () => RunStore.open(join(await mkdtemp(join(tmpdir(), 'tooltalk-run-')), 'runs.db'));

/** The bus messages plannedTurn reads, from a model request. */
function asBus(messages: readonly ModelMessage[]): Message[] {
  const bus: Message[] = [];
  const add = (message: NewMessage) => bus.push({ ...message, index: bus.length, visibleTo: ['agent'] } as Message);
  for (const message of messages) {
    if (message.role === 'system') add({ type: 'text', sender: 'system', recipient: 'agent', text: message.text });
    else if (message.role === 'user') add({ type: 'text', sender: 'user', recipient: 'agent', text: message.text });
    else if (message.role === 'assistant') {
      if (message.text) add({ type: 'text', sender: 'agent', recipient: 'user', text: message.text });
      for (const call of message.toolCalls)
        add({ type: 'tool-call', sender: 'agent', recipient: 'executor', call, batch: 0 });
    }
  }
  return bus;
}

/** A model that plays each conversation's ground truth, recognising the case by its first user text. */
async function groundTruthModel(failFor?: string): Promise<ModelAdapter & { calls: number }> {
  const loaded = await tooltalkBenchmark.loadCases({ options: {} });
  const byOpening = new Map(loaded.cases.map((c) => [c.conversation.conversation[0]?.text, c]));
  const model = {
    id: 'scripted:ground-truth',
    calls: 0,
    async generate(request: ModelRequest): Promise<ModelResponse> {
      model.calls += 1;
      const opening = request.messages.find((message) => message.role === 'user');
      const found = opening?.role === 'user' ? byOpening.get(opening.text) : undefined;
      if (!found) throw new Error('unknown conversation');
      if (failFor && found.id === failFor) throw new InfrastructureError('provider outage');
      const turn = plannedTurn(groundTruthPlan(found.conversation), asBus(request.messages));
      return turn.type === 'text'
        ? { text: turn.text, toolCalls: [], usage: { inputTokens: 10, outputTokens: 5 }, finishReason: 'stop' }
        : { text: '', toolCalls: turn.calls, usage: { inputTokens: 10, outputTokens: 5 }, finishReason: 'tool-calls' };
    },
  };
  return model as ModelAdapter & { calls: number };
}

const baseRun = (store: RunStore, runId: string, extra: Partial<Parameters<typeof runBenchmark>[0]> = {}) =>
  runBenchmark({
    benchmark: getBenchmark('tooltalk'),
    runId,
    store,
    settings: { benchmark: 'tooltalk', agent: 'oracle' },
    options: {},
    trials: 1,
    participants: {
      agent: 'oracle',
      user: 'scripted',
      agentSettings: { temperature: 0 },
      userSettings: { temperature: 0 },
      cache: 'use',
    },
    context: {
      adapterFor: () => {
        throw new Error('no model in this run');
      },
    },
    embedder: 'lexical',
    prices,
    concurrency: 4,
    ...extra,
  });

describe('ToolTalk runs', () => {
  it('is registered and runs the built-in set with the oracle: success 1 in the Table 1 layout', async () => {
    const store = await tempStore();
    const outcome = await baseRun(store, 'builtin');
    expect(outcome).toMatchObject({ scored: 38, failed: 0, cases: 38 });
    const report = buildRunReport(store, 'builtin').benchmarks.tooltalk;
    expect(report?.overall.score).toBe(1);
    expect(
      report?.tables[0]?.rows.map((row) => [row.subset, row.conversations, row.success, row.precision, row.recall]),
    ).toEqual([
      ['easy', 19, 1, 1, 1],
      ['hard', 19, 1, 1, 1],
      ['all', 38, 1, 1, 1],
    ]);
    const stored = store.episode('builtin', 'hard/tomasz-early-flight', 0, 'tooltalk');
    const record = typeof stored?.record === 'string' ? JSON.parse(stored.record) : stored?.record;
    expect(tooltalkBenchmark.parseRecord(record).turns).toHaveLength(2);
    store.close();
  }, 60_000);

  it.skipIf(!sharedToolTalkData())(
    'runs the original data with --data in reference-compatible mode',
    async () => {
      const store = await tempStore();
      const outcome = await baseRun(store, 'original', {
        source: sharedToolTalkData(),
        options: { 'tooltalk-mode': 'reference-compatible' },
      });
      expect(outcome).toMatchObject({ scored: 78, failed: 0 });
      const report = buildRunReport(store, 'original').benchmarks.tooltalk;
      expect(report?.tables[0]?.rows.map((row) => [row.subset, row.conversations, row.success])).toEqual([
        ['easy', 28, 1],
        ['hard', 50, 1],
        ['all', 78, 1],
      ]);
      store.close();
    },
    60_000,
  );

  it('runs a model with the response cache, resumes after an outage and replays from the cache', async () => {
    const store = await tempStore();
    const flaky = await groundTruthModel('hard/mariko-move-lunch');
    const modelRun = (runId: string, model: ModelAdapter, cache: 'use' | 'replay') =>
      baseRun(store, runId, {
        settings: { benchmark: 'tooltalk', agent: model.id, cache },
        participants: {
          agent: 'scripted:ground-truth',
          user: 'scripted',
          agentSettings: { temperature: 0 },
          userSettings: { temperature: 0 },
          cache,
        },
        context: { adapterFor: () => model },
      });
    const first = await modelRun('model', flaky, 'use');
    expect(first).toMatchObject({ scored: 37, failed: 1 });

    const healthy = await groundTruthModel();
    const resumed = await modelRun('model', healthy, 'use');
    expect(resumed).toMatchObject({ scored: 1, failed: 0 });
    expect(buildRunReport(store, 'model').benchmarks.tooltalk?.overall.score).toBe(1);

    const offline = {
      id: 'scripted:ground-truth',
      async generate(): Promise<ModelResponse> {
        throw new Error('the replay run must not call the model');
      },
    };
    const replayed = await modelRun('replayed', offline, 'replay');
    expect(replayed).toMatchObject({ scored: 38, failed: 0 });
    expect(buildRunReport(store, 'replayed').benchmarks.tooltalk?.overall.score).toBe(1);
    store.close();
  }, 60_000);

  it('runs a model over real HTTP (OpenAI chat completions) that plays the ground truth: success 1', async () => {
    const loaded = await tooltalkBenchmark.loadCases({ options: {} });
    const byOpening = new Map(loaded.cases.map((c) => [c.conversation.conversation[0]?.text, c]));
    interface WireMessage {
      role: string;
      content?: string | null;
      tool_calls?: { id: string; function: { name: string; arguments: string } }[];
    }
    const server = await startFakeProviderServer((request) => {
      const messages = (request.body as { messages: WireMessage[] }).messages;
      const bus: Message[] = [];
      const add = (message: NewMessage) => bus.push({ ...message, index: bus.length, visibleTo: ['agent'] } as Message);
      for (const message of messages) {
        const text = typeof message.content === 'string' ? message.content : '';
        if (message.role === 'system') add({ type: 'text', sender: 'system', recipient: 'agent', text });
        if (message.role === 'user') add({ type: 'text', sender: 'user', recipient: 'agent', text });
        if (message.role === 'assistant') {
          if (text) add({ type: 'text', sender: 'agent', recipient: 'user', text });
          for (const call of message.tool_calls ?? []) {
            const call_ = { id: call.id, name: call.function.name, arguments: JSON.parse(call.function.arguments) };
            add({ type: 'tool-call', sender: 'agent', recipient: 'executor', call: call_, batch: 0 });
          }
        }
      }
      const opening = messages.find((message) => message.role === 'user')?.content ?? '';
      const found = byOpening.get(String(opening));
      if (!found) return { status: 400, body: { error: 'unknown conversation' } };
      const turn = plannedTurn(groundTruthPlan(found.conversation), bus);
      if (turn.type === 'text') return { body: chatCompletionText(turn.text) };
      return {
        body: chatCompletion({
          content: null,
          tool_calls: turn.calls.map((call) => ({
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          })),
        }),
      };
    });
    try {
      const model = createModelAdapter('openai-compatible:ground-truth', { baseUrl: `${server.origin}/v1`, env: {} });
      const store = await tempStore();
      const outcome = await baseRun(store, 'http', {
        settings: { benchmark: 'tooltalk', agent: 'openai-compatible:ground-truth' },
        participants: {
          agent: 'openai-compatible:ground-truth',
          user: 'scripted',
          agentSettings: { temperature: 0 },
          userSettings: { temperature: 0 },
          cache: 'off',
        },
        context: { adapterFor: () => model },
      });
      expect(outcome).toMatchObject({ scored: 38, failed: 0 });
      expect(buildRunReport(store, 'http').benchmarks.tooltalk?.overall.score).toBe(1);
      expect(server.requests.length).toBeGreaterThan(100);
      // The injected token never appears in call arguments or tool schemas (a login's result carries it, as in the reference).
      const sent = server.requests.map((request) => request.body as { messages: WireMessage[]; tools: unknown[] });
      const argumentsSent = sent.flatMap((body) =>
        body.messages.flatMap((m) => (m.tool_calls ?? []).map((c) => c.function.arguments)),
      );
      expect(argumentsSent.length).toBeGreaterThan(50);
      expect(argumentsSent.filter((text) => text.includes('session_token'))).toEqual([]);
      expect(sent.filter((body) => JSON.stringify(body.tools).includes('session_token'))).toHaveLength(0);
      store.close();
    } finally {
      await server.close();
    }
  }, 60_000);
});
