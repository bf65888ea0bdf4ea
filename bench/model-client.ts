/**
 * Harness CPU per model request, lean client against the AI SDK client, for the OpenAI-compatible wire
 * format. A stub server in another process (so its CPU is not counted) answers every request at once
 * with a tool call; this process sends a sandbox-sized conversation (system prompt, 12 turns, 8 tools)
 * `requests` times at `concurrency`, and prints this process's CPU time per request for each client.
 *
 *   node bench/model-client.ts [requests=4000] [concurrency=32]     (after `npm run build`)
 */
import { spawn } from 'node:child_process';
import { createModelAdapter } from '../dist/models/index.js';
import type { ModelAdapter, ModelMessage, ModelRequest, ToolSchema } from '../dist/spec/index.js';

const [requests = 4000, concurrency = 32] = process.argv.slice(2).map(Number);

const reply = JSON.stringify({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1_767_225_600,
  model: 'bench',
  choices: [
    {
      index: 0,
      message: {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'tool_3', arguments: '{"text":"hello"}' } }],
      },
      finish_reason: 'tool_calls',
    },
  ],
  usage: { prompt_tokens: 900, completion_tokens: 20, total_tokens: 920 },
});
const serverSource = `
const http = require('node:http');
const reply = ${JSON.stringify(reply)};
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(reply); });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => console.log('port ' + server.address().port));
`;
const server = spawn(process.execPath, ['-e', serverSource], { stdio: ['ignore', 'pipe', 'inherit'] });
const port = await new Promise<number>((resolve) => {
  server.stdout.on('data', (chunk: Buffer) => {
    const match = /port (\d+)/.exec(chunk.toString());
    if (match?.[1]) resolve(Number(match[1]));
  });
});

const tools: ToolSchema[] = Array.from({ length: 8 }, (_, index) => ({
  name: `tool_${index}`,
  description: `Tool number ${index}: does one small thing to the phone and reports what it did.`,
  parameters: {
    type: 'object',
    properties: { text: { type: 'string', description: 'Some text.' }, count: { type: 'number' } },
    required: ['text'],
    additionalProperties: false,
  },
}));
const messages: ModelMessage[] = [
  { role: 'system', text: 'You are a helpful assistant on a phone. '.repeat(20) },
  { role: 'user', text: 'Please send a message to my mother saying I will be late.' },
];
for (let turn = 0; turn < 5; turn += 1) {
  messages.push({
    role: 'assistant',
    text: '',
    toolCalls: [{ id: `c${turn}`, name: `tool_${turn}`, arguments: { text: `step ${turn}` } }],
  });
  messages.push({
    role: 'tool',
    callId: `c${turn}`,
    toolName: `tool_${turn}`,
    text: `{"ok":true,"step":${turn}}`,
    isError: false,
  });
}
const request: ModelRequest = { messages, tools, settings: { temperature: 0, seed: 1, parallelToolCalls: false } };

async function measure(label: string, adapter: ModelAdapter): Promise<number> {
  // Warm up (JIT, connections), then measure.
  await Promise.all(Array.from({ length: concurrency }, () => adapter.generate(request)));
  const cpuStarted = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next += 1;
        await adapter.generate(request);
      }
    }),
  );
  const cpu = process.cpuUsage(cpuStarted);
  const perRequest = (cpu.user + cpu.system) / 1000 / requests;
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${label.padEnd(7)} ${perRequest.toFixed(3)} ms CPU per request (${(requests / seconds).toFixed(0)} requests/s wall, concurrency ${concurrency})`,
  );
  return perRequest;
}

try {
  const baseUrl = `http://127.0.0.1:${port}/v1`;
  const aiSdk = await measure('ai-sdk', createModelAdapter('openai-compatible:bench', { baseUrl, client: 'ai-sdk' }));
  const leanAdapter = createModelAdapter('openai-compatible:bench', { baseUrl, client: 'lean' });
  const lean = await measure('lean', leanAdapter);
  (leanAdapter as { close?: () => void }).close?.();
  console.log(`lean ÷ ai-sdk: ${(lean / aiSdk).toFixed(2)}`);
} finally {
  server.kill();
}
