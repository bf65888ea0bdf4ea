import { afterEach, describe, expect, it } from 'vitest';
import { ModelAgent } from '../../models/index.js';
import { createModelAdapter } from '../../models/providers/create-model-adapter.js';
import { exampleOf } from '../../scoring/call-patterns.js';
import type { Agent, BenchmarkServices, EpisodeSummary } from '../../spec/index.js';
import { type FakeProviderServer, startFakeProviderServer } from '../../testing/fake-provider-server.js';
import { chatCompletion, chatCompletionText, FAKE_API_KEY } from '../../testing/provider-test-fixtures.js';
import { toolscanBenchmark } from './benchmark.js';
import type { ToolscanCase } from './load-cases.js';

const services: BenchmarkServices = {
  embedder: () => Promise.reject(new Error('ToolScan needs no embedder')),
};
const options = { feedback: 'on', 'toolscan-output': 'native', 'toolscan-steps': '10', 'toolscan-set': 'main' };

async function playAll(cases: readonly ToolscanCase[], agentFor: (item: ToolscanCase) => Agent, values = options) {
  const summaries: EpisodeSummary[] = [];
  for (const item of cases) {
    const result = await toolscanBenchmark.play({
      case: item,
      trial: 0,
      agent: agentFor(item),
      options: values,
      services,
      limits: {},
      signal: new AbortController().signal,
    });
    expect(result.status).toBe('scored');
    const stored = toolscanBenchmark.parseRecord(JSON.parse(JSON.stringify(result.record)));
    expect(stored.queryId).toBe(item.id);
    summaries.push({
      caseId: item.id,
      trial: 0,
      status: result.status,
      metrics: result.metrics,
      labels: result.labels,
    });
  }
  return toolscanBenchmark.aggregate(summaries, values);
}

let server: FakeProviderServer | undefined;
/** The JSON body of the server's i-th request (an empty object when there is none). */
function bodyOf(index: number): unknown {
  return server?.requests[index]?.body ?? {};
}
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('the ToolScan benchmark through its contract', () => {
  it('the oracle scores 1.0 on success and every pattern over all 150 queries; unhelpful scores 0', async () => {
    const loaded = await toolscanBenchmark.loadCases({ options });
    expect(loaded.cases).toHaveLength(150);
    expect(loaded.caseSetHash).toMatch(/^[0-9a-f]{64}$/);
    const oracle = toolscanBenchmark.agents.find((agent) => agent.name === 'oracle');
    const unhelpful = toolscanBenchmark.agents.find((agent) => agent.name === 'unhelpful');
    const gold = await playAll(loaded.cases, (item) => oracle?.create(item, options) as Agent);
    expect(gold.headline).toBe(1);
    for (const pattern of ['IAC', 'RAC', 'IAV', 'IFE', 'IAT', 'IAN', 'IFN']) expect(gold.metrics[pattern]).toBe(1);
    const none = await playAll(loaded.cases.slice(0, 20), (item) => unhelpful?.create(item, options) as Agent);
    expect(none.headline).toBe(0);
    expect(none.metrics.IAC).toBe(0);
    expect(none.metrics.IFN).toBeNull();
    expect(gold.metrics.call_precision).toBe(1);
    // The call-every-API floor: IAC near 1 by API name, but almost none of its calls is a gold call.
    const sprayer = toolscanBenchmark.agents.find((agent) => agent.name === 'spray');
    const spray = await playAll(loaded.cases, (item) => sprayer?.create(item, options) as Agent);
    expect(spray.headline).toBe(0);
    expect(spray.metrics.IAC).toBeGreaterThan(0.9);
    expect(spray.metrics.call_precision).toBeLessThanOrEqual(0.3);
    expect(spray.metrics.IAV).toBeLessThan(0.5);
  });

  it('names the bad field of a stored record', () => {
    expect(() => toolscanBenchmark.parseRecord({ formatVersion: 2 })).toThrow(/formatVersion/);
  });

  it('gives the reference server the opening messages and tools', async () => {
    const [item] = (await toolscanBenchmark.loadCases({ options })).cases;
    if (!item) throw new Error('no case');
    const reference = toolscanBenchmark.reference?.(item, options);
    expect(reference?.prefix.map((message) => message.role)).toEqual(['system', 'user']);
    expect(reference?.prefix[1]?.role === 'user' && reference.prefix[1].text).toBe(item.query.goal);
    expect(reference?.tools.map((tool) => tool.name)).toContain('finish');
  });

  it('plays a model over real HTTP (OpenAI wire, native tool calls) to success', async () => {
    const [item] = (await toolscanBenchmark.loadCases({ options })).cases;
    if (!item) throw new Error('no case');
    const gold = item.query.trajectories[0] ?? [];
    server = await startFakeProviderServer((request) => {
      const messages = (request.body as { messages: { role: string }[] }).messages;
      const step = messages.filter((message) => message.role === 'assistant').length;
      const call = gold[step];
      const args = call
        ? Object.fromEntries(Object.entries(call.arguments).map(([name, value]) => [name, exampleOf(value)]))
        : { answer: item.query.answer.type === 'set' ? item.query.answer.values : item.query.answer.value };
      return {
        body: chatCompletion({
          content: null,
          tool_calls: [
            {
              id: `call_${step}`,
              type: 'function',
              function: { name: call?.api ?? 'finish', arguments: JSON.stringify(args) },
            },
          ],
        }),
      };
    });
    const model = createModelAdapter('openai-compatible:toolscan-test', {
      baseUrl: `${server.origin}/v1`,
      env: { OPENAI_COMPATIBLE_API_KEY: FAKE_API_KEY },
    });
    const aggregate = await playAll([item], () => new ModelAgent(model));
    expect(aggregate.headline).toBe(1);
    expect(server.requests).toHaveLength(gold.length + 1);
    const tools = (bodyOf(0) as { tools: { function: { name: string } }[] }).tools;
    expect(tools.map((tool) => tool.function.name)).toContain('get_movie_details');
  });

  it('plays a prompt-mode model over HTTP in the text format; a broken call is an IFE with feedback', async () => {
    const item = (await toolscanBenchmark.loadCases({ options })).cases.find(
      (candidate) => candidate.id === 'weather-004',
    );
    if (!item) throw new Error('no case');
    const [locate, elevation] = item.query.trajectories[0] ?? [];
    const value = item.query.answer.type === 'number' ? item.query.answer.value : 0;
    const lines = (api: string, args: unknown) => `Action: ${api}\nAction Input: ${JSON.stringify(args)}`;
    const played = (call: typeof locate) =>
      Object.fromEntries(Object.entries(call?.arguments ?? {}).map(([name, inner]) => [name, exampleOf(inner)]));
    server = await startFakeProviderServer([
      { body: chatCompletionText(`Action: ${locate?.api}\nAction Input: {"name": "Vienna"`) },
      { body: chatCompletionText(lines(locate?.api ?? '', played(locate))) },
      { body: chatCompletionText(lines(elevation?.api ?? '', played(elevation))) },
      { body: chatCompletionText(lines('finish', { answer: value })) },
    ]);
    const model = createModelAdapter('prompt:openai-compatible:toolscan-test', {
      baseUrl: `${server.origin}/v1`,
      env: { OPENAI_COMPATIBLE_API_KEY: FAKE_API_KEY },
    });
    const textOptions = { ...options, 'toolscan-output': 'text' };
    const aggregate = await playAll([item], () => new ModelAgent(model), textOptions);
    expect(aggregate.headline).toBe(1);
    expect(aggregate.metrics.IFE).toBeCloseTo(2 / 3);
    const second = (bodyOf(1) as { messages: { role: string; content: string }[] }).messages;
    expect(second.at(-1)?.content).toContain('unparsable-arguments');
    const system = (bodyOf(0) as { messages: { role: string; content: string }[] }).messages[0];
    expect(system?.content).toContain('Action Input: <arguments as a JSON object>');
  });
});
