/**
 * The MCP side of an external agent, driven by the official SDK's client inside a real benchmark episode:
 * the tools listed are exactly those the benchmark offers a native agent in that case (scrambled names and
 * all), every call goes through the benchmark's executor (an unknown tool or a bad argument is the tool
 * error a native agent gets, on the trajectory as on the wire), and the server holds one session only.
 */

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { loadBenchmark } from '../../benchmarks/registry.js';
import { LexicalEmbedder } from '../../embeddings/index.js';
import type { Agent, BenchmarkCase, ToolSchema, TurnRequest } from '../../spec/index.js';
import type { ConversationChannel, OpenChannel, UserTurn } from './conversation-channel.js';
import { endpointChannel } from './endpoint-channel.js';
import { ExternalAgent } from './external-agent.js';

const benchmark = await loadBenchmark('sandbox');
const options = Object.fromEntries(benchmark.options.map((option) => [option.flag, option.default]));

async function scrambledCase(): Promise<BenchmarkCase> {
  const loaded = await benchmark.loadCases({ options });
  const found = loaded.cases.find((item) => item.id.endsWith('/scrambled-tool-name'));
  if (!found) throw new Error('no scrambled-tool-name case');
  return found;
}

/** Plays the case's first trial with the agent, then closes the agent. */
function play(item: BenchmarkCase, agent: Agent) {
  return benchmark
    .play({
      case: item,
      trial: 0,
      agent,
      options,
      services: { embedder: async () => new LexicalEmbedder() },
      limits: {},
      signal: new AbortController().signal,
    })
    .finally(() => agent.close?.());
}

interface Observed {
  tools?: Awaited<ReturnType<Client['listTools']>>['tools'];
  results: Awaited<ReturnType<Client['callTool']>>[];
  turns: UserTurn[];
  secondSession?: string;
}

/** A channel whose "agent" is the SDK client: it lists the tools, makes the given calls, and replies. */
function sdkClientChannel(calls: readonly { name: string; arguments: Record<string, unknown> }[], seen: Observed) {
  const open: OpenChannel = async (session) => {
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(session.mcpUrl)));
    const channel: ConversationChannel = {
      async ask(turn) {
        seen.turns.push(turn);
        if (seen.turns.length === 1) {
          seen.tools = (await client.listTools()).tools;
          for (const call of calls) seen.results.push(await client.callTool(call));
          const intruder = new Client({ name: 'intruder', version: '1' });
          await intruder
            .connect(new StreamableHTTPClientTransport(new URL(session.mcpUrl)))
            .then(() => {
              seen.secondSession = 'accepted';
            })
            .catch((error: unknown) => {
              seen.secondSession = String(error);
            });
        }
        return 'Done.';
      },
      async close() {
        await client.close();
      },
    };
    return channel;
  };
  return open;
}

describe('an external agent served its tools over MCP', { timeout: 60_000 }, () => {
  it('lists exactly the tools a native agent is offered, and its calls become the episode’s calls', async () => {
    const item = await scrambledCase();
    let offered: readonly ToolSchema[] = [];
    const native: Agent = {
      name: 'spy',
      async respond(request: TurnRequest) {
        offered = request.tools;
        return { type: 'text', text: 'Done.' };
      },
    };
    await play(item, native);
    expect(offered.length).toBeGreaterThan(0);

    const first = offered[0] as ToolSchema;
    const required = ((first.parameters.required as string[] | undefined) ?? [])[0];
    const seen: Observed = { results: [], turns: [] };
    const agent = new ExternalAgent(
      'sdk-client',
      `${item.id}#0`,
      sdkClientChannel(
        [
          { name: 'no_such_tool', arguments: {} },
          { name: first.name, arguments: { not_an_argument: 1 } },
        ],
        seen,
      ),
    );
    const [trajectory] = benchmark.trajectories((await play(item, agent)).record);

    // The same tools, in the same order, as the native agent saw them (scrambled names included).
    expect(seen.tools?.map((tool) => tool.name)).toEqual(offered.map((tool) => tool.name));
    expect(seen.tools?.map((tool) => tool.description)).toEqual(offered.map((tool) => tool.description));
    expect(seen.tools?.map((tool) => tool.inputSchema)).toEqual(offered.map((tool) => tool.parameters));

    // The first turn carries the conversation as a native agent's model is sent it.
    expect(seen.turns[0]?.messages.at(-1)).toMatchObject({ role: 'user', content: seen.turns[0]?.content });
    expect(seen.turns[0]?.messages[0]).toMatchObject({ role: 'system' });

    // Each call is a tool error from the benchmark's executor, as the model of a native agent reads it.
    expect(seen.results.map((result) => result.isError)).toEqual([true, true]);
    const texts = seen.results.map((result) => (result.content as { text: string }[])[0]?.text ?? '');
    expect(texts[0]).toMatch(/^Error \(unknown-tool\): There is no tool named "no_such_tool"\./);
    expect(texts[1]).toMatch(/^Error \((unknown-argument|missing-argument)\)/);
    if (required) expect(texts[1]).toContain(required);

    // …and the same outcomes are on the trajectory, made by this agent.
    const outcomes = trajectory?.messages.flatMap((message) =>
      message.type === 'tool-result' && message.recipient === 'agent' ? [message.outcome] : [],
    );
    expect(outcomes?.map((outcome) => (outcome.type === 'error' ? outcome.error.kind : 'result'))).toEqual([
      'unknown-tool',
      texts[1]?.match(/^Error \(([a-z-]+)\)/)?.[1],
    ]);
    expect(trajectory?.traces.filter((trace) => trace.caller === 'agent').map((trace) => trace.requestedName)).toEqual([
      'no_such_tool',
      first.name,
    ]);
    expect(trajectory?.termination.type).toBe('user-ended');

    // One session per episode: a second client is refused.
    expect(seen.secondSession).toMatch(/already initialized/i);
  });

  it('fails the episode, not the run, when an agent service answers an error, saying so', async () => {
    const item = await scrambledCase();
    const posts: string[] = [];
    const service = createServer(async (request, response) => {
      let body = '';
      for await (const chunk of request) body += chunk;
      posts.push((JSON.parse(body) as { type: string }).type);
      response.writeHead(500, { 'content-type': 'text/plain' }).end('the planner is down');
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(service.address() as AddressInfo).port}/turn`;
      const agent = new ExternalAgent(`endpoint:${url}`, `${item.id}#0`, endpointChannel(url));
      const result = await play(item, agent);
      expect(result.status).toBe('failed');
      expect(result.error).toContain('the agent service answered HTTP 500: the planner is down');
      // The turn, then the end of the conversation.
      expect(posts).toEqual(['user', 'end']);
    } finally {
      service.close();
    }
  });
});
