#!/usr/bin/env node
/**
 * An external agent in Node.js using the official MCP SDK's client, in either of toolgauge's two modes:
 *
 *   toolgauge run --agent command:"node examples/agents/node-mcp-agent.mjs --model-base-url http://127.0.0.1:8080/v1"
 *     one process per conversation: user turns are JSON lines on stdin, replies JSON lines on stdout;
 *   node examples/agents/node-mcp-agent.mjs --serve 8090 --model-base-url …  and
 *   toolgauge run --agent endpoint:http://127.0.0.1:8090/turn
 *     a long-running service: each user turn is a POST, answered with the reply.
 *
 * Its model is any OpenAI-compatible server (--model-base-url, default TOOLGAUGE_MODEL_BASE_URL or
 * OPENAI_BASE_URL; --model, default `reference`, what `toolgauge serve-reference` serves). The tools are
 * the episode's MCP server's (TOOLGAUGE_MCP_URL, or the turn's `mcpUrl` for a service).
 */
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const { values } = parseArgs({
  options: {
    model: { type: 'string', default: 'reference' },
    'model-base-url': { type: 'string' },
    serve: { type: 'string' },
  },
});
const MAX_STEPS = 40;

/** One conversation's MCP session and the tools it offers, in Chat Completions form. */
async function connect(mcpUrl) {
  const client = new Client({ name: 'node-mcp-agent', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
  const { tools } = await client.listTools();
  return {
    client,
    tools: tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description ?? '', parameters: tool.inputSchema },
    })),
  };
}

async function chat(baseUrl, messages, tools) {
  const response = await fetch(`${baseUrl.replace(/\/$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${process.env.OPENAI_API_KEY ?? 'none'}` },
    body: JSON.stringify({
      model: values.model,
      temperature: 0,
      messages,
      ...(tools.length > 0 ? { tools, tool_choice: 'auto' } : {}),
    }),
  });
  if (!response.ok) throw new Error(`the model answered HTTP ${response.status}: ${await response.text()}`);
  return (await response.json()).choices[0].message;
}

/** One user turn: the model, its tool calls over MCP (one at a time, in order), until it replies in text. */
async function answer(turn, session, baseUrl) {
  const messages = [...turn.messages];
  for (let step = 0; step < MAX_STEPS; step += 1) {
    const message = await chat(baseUrl, messages, session.tools);
    const calls = message.tool_calls ?? [];
    if (calls.length === 0) return message.content ?? '';
    messages.push({ role: 'assistant', content: message.content ?? null, tool_calls: calls });
    for (const call of calls) {
      let args;
      const meta = { 'toolgauge/call-id': call.id };
      try {
        args = JSON.parse(call.function.arguments || '{}');
      } catch {
        args = undefined;
      }
      if (!args || typeof args !== 'object' || Array.isArray(args)) {
        meta['toolgauge/raw-arguments'] = call.function.arguments ?? '';
        args = {};
      }
      const result = await session.client.callTool({ name: call.function.name, arguments: args, _meta: meta });
      const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
      messages.push({ role: 'tool', tool_call_id: call.id, content: text });
    }
  }
  return '';
}

const baseUrl = values['model-base-url'] ?? process.env.TOOLGAUGE_MODEL_BASE_URL ?? process.env.OPENAI_BASE_URL;
if (!baseUrl) {
  process.stderr.write('node-mcp-agent: give --model-base-url (or set OPENAI_BASE_URL)\n');
  process.exit(2);
}

if (values.serve) {
  // The service: one MCP session per conversation, closed when toolgauge posts its end.
  const sessions = new Map();
  const server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    try {
      const turn = JSON.parse(body);
      if (turn.type === 'end') {
        await sessions.get(turn.episode)?.client.close();
        sessions.delete(turn.episode);
        response.writeHead(204).end();
        return;
      }
      let session = sessions.get(turn.episode);
      if (!session) {
        session = await connect(turn.mcpUrl);
        sessions.set(turn.episode, session);
      }
      const content = await answer(turn, session, turn.modelBaseUrl ?? baseUrl);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ type: 'reply', content }));
    } catch (error) {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    }
  });
  server.listen(Number(values.serve), '127.0.0.1', () => {
    process.stderr.write(`node-mcp-agent: serving on http://127.0.0.1:${server.address().port}/turn\n`);
  });
} else {
  const session = await connect(process.env.TOOLGAUGE_MCP_URL);
  for await (const line of createInterface({ input: process.stdin })) {
    if (!line.trim()) continue;
    const turn = JSON.parse(line);
    if (turn.type === 'end') break;
    if (turn.type === 'user') {
      const content = await answer(turn, session, baseUrl);
      process.stdout.write(`${JSON.stringify({ type: 'reply', content })}\n`);
    }
  }
  await session.client.close();
}
