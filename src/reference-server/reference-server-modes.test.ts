import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAllBenchmarks } from '../benchmarks/registry.js';
import { evaluate } from '../library/evaluate.js';
import { toPromptModeConversation } from '../models/index.js';
import type { ModelMessage, ReferenceMessage, ReferenceRequest, ToolSchema } from '../spec/index.js';
import { type ReferenceServer, startReferenceServer } from './index.js';
import { promptModeTurn, readPromptModeRequest } from './prompt-mode-request.js';

await loadAllBenchmarks();

const example = fileURLToPath(
  new URL('../../data/sandbox/scenarios/phone/phone-send-message-cellular-off.yaml', import.meta.url),
);

const TOOLS: ToolSchema[] = [
  {
    name: 'search_contacts',
    description: 'Finds contacts.\n\nBy name or phone number.',
    parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  },
  { name: 'get_cellular_status', description: 'Whether cellular service is on.', parameters: { type: 'object' } },
];

/** A conversation as a prompt-mode client sends it (rendered by toolgauge's own prompt mode). */
function promptModeRequest(system: string, conversation: ModelMessage[], parallel = true): ReferenceRequest {
  const rendered = toPromptModeConversation([{ role: 'system', text: system }, ...conversation], TOOLS, parallel);
  return {
    model: 'reference',
    tools: [],
    messages: rendered.map((message): ReferenceMessage => {
      if (message.role === 'assistant') return { role: 'assistant', text: message.text, calls: [] };
      if (message.role === 'tool') throw new Error('prompt mode sends no tool messages');
      return message;
    }),
  };
}

const CONVERSATION: ModelMessage[] = [
  { role: 'user', text: 'Is my cellular on, and what is Daniel’s number?' },
  {
    role: 'assistant',
    text: '',
    toolCalls: [
      { id: 'c1', name: 'get_cellular_status', arguments: {} },
      { id: 'c2', name: 'search_contacts', arguments: { name: 'Daniel' } },
    ],
  },
  { role: 'tool', callId: 'c1', toolName: 'get_cellular_status', text: 'false', isError: false },
  {
    role: 'tool',
    callId: 'c2',
    toolName: 'search_contacts',
    text: 'Error (not-found): no contact\n\nnamed Daniel',
    isError: true,
  },
];

describe('a prompt-mode request read back into native form', () => {
  it('recovers the tools, the own system prompt, the calls and each result of a batch', () => {
    for (const parallel of [true, false]) {
      const read = readPromptModeRequest(promptModeRequest('You are a phone assistant.', CONVERSATION, parallel));
      if (!read || 'reason' in read) throw new Error(`not read: ${JSON.stringify(read)}`);
      expect(read.native.tools).toEqual(TOOLS);
      expect(read.callFormat).toBe('json');
      expect(read.native.messages).toEqual([
        { role: 'system', text: 'You are a phone assistant.' },
        { role: 'user', text: 'Is my cellular on, and what is Daniel’s number?' },
        {
          role: 'assistant',
          text: '',
          calls: [
            { id: 'c1', name: 'get_cellular_status', arguments: {} },
            { id: 'c2', name: 'search_contacts', arguments: { name: 'Daniel' } },
          ],
        },
        { role: 'tool', callId: 'c1', text: 'false' },
        { role: 'tool', callId: 'c2', text: 'Error (not-found): no contact\n\nnamed Daniel' },
      ]);
    }
  });

  it('answers calls in the format the prompt asks for: JSON, or Action lines', () => {
    const calls = {
      type: 'tool-calls' as const,
      calls: [{ id: 'x', name: 'search_contacts', arguments: { name: 'D' } }],
    };
    const plain = readPromptModeRequest(promptModeRequest('Be brief.', CONVERSATION.slice(0, 1)));
    const actions = readPromptModeRequest(
      promptModeRequest('Write calls as:\nAction: <tool>\nAction Input: <JSON>', CONVERSATION.slice(0, 1)),
    );
    if (!plain || 'reason' in plain || !actions || 'reason' in actions) throw new Error('not read');
    expect(promptModeTurn(calls, plain.callFormat)).toEqual({
      type: 'text',
      text: '{"name": "search_contacts", "arguments": {"name":"D"}}',
    });
    expect(promptModeTurn(calls, actions.callFormat)).toEqual({
      type: 'text',
      text: 'Action: search_contacts\nAction Input: {"name":"D"}',
    });
    expect(promptModeTurn({ type: 'text', text: 'Hi' }, actions.callFormat)).toEqual({ type: 'text', text: 'Hi' });
  });

  it('leaves native requests alone and refuses a catalogue it cannot read back exactly', () => {
    const native: ReferenceRequest = { model: 'm', tools: TOOLS, messages: [{ role: 'user', text: 'hi' }] };
    expect(readPromptModeRequest(native)).toBeUndefined();
    expect(readPromptModeRequest({ ...native, tools: [] })).toBeUndefined();
    const request = promptModeRequest('Sys.', CONVERSATION.slice(0, 1));
    const tampered = request.messages.map((message) =>
      message.role === 'system'
        ? { ...message, text: message.text.replace('Use only the tools listed above', 'Use any tool') }
        : message,
    );
    expect(readPromptModeRequest({ ...request, messages: tampered })).toEqual({
      reason: 'the prompt-mode tool catalogue in the system prompt is not the one toolgauge writes',
    });
    const broken = request.messages.map((message) =>
      message.role === 'system' ? { ...message, text: message.text.replace('"required"', 'required') } : message,
    );
    expect(readPromptModeRequest({ ...request, messages: broken })).toEqual({
      reason: 'the prompt-mode tool catalogue in the system prompt does not read back into tools',
    });
  });
});

describe('reference server model listing', () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ data: [example] });
  });
  afterAll(() => server.close());

  it('lists the served model as OpenAI and Anthropic clients expect, and finds any name', async () => {
    const openAi = await fetch(`${server.url}/v1/models`);
    expect(openAi.status).toBe(200);
    expect(await openAi.json()).toEqual({
      object: 'list',
      data: [{ id: 'reference', object: 'model', created: expect.any(Number), owned_by: 'toolgauge' }],
    });
    const anthropic = await fetch(`${server.url}/v1/models`, { headers: { 'anthropic-version': '2023-06-01' } });
    expect(await anthropic.json()).toMatchObject({
      data: [{ type: 'model', id: 'reference' }],
      has_more: false,
      first_id: 'reference',
    });
    const one = await fetch(`${server.url}/models/gold-openai`);
    expect(await one.json()).toMatchObject({ id: 'gold-openai', object: 'model' });
    expect((await fetch(`${server.url}/v1/models`, { method: 'POST' })).status).toBe(404);
  });

  it('serves case files given alone as the default benchmark, and refuses them for several', async () => {
    expect(server.benchmarks).toEqual([{ id: 'sandbox', caseCount: 18, loading: false }]);
    await expect(startReferenceServer({ data: [example], benchmarks: ['sandbox', 'toolscan'] })).rejects.toThrow(
      /case files \(data\) belong to one benchmark, yet 2 are chosen/,
    );
  });
});

describe('prompt mode over the Anthropic format, as the agent and as the user', () => {
  const scenario = fileURLToPath(
    new URL('../../data/sandbox/scenarios/time/time-vague-reminder-asks-text-and-time.yaml', import.meta.url),
  );
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ data: [scenario] });
  });
  afterAll(() => server.close());

  it('plays a multi-turn scenario perfectly with both roles served in prompt mode', async () => {
    process.env.ANTHROPIC_API_KEY ??= 'anything';
    const report = await evaluate({
      benchmark: 'sandbox',
      agent: 'prompt:anthropic:reference',
      user: 'prompt:openai-compatible:reference',
      data: scenario,
      cases: '*/distraction-0',
      baseUrl: `${server.url}/v1`,
    });
    const episodes = Object.values(report.benchmarks).flatMap((benchmark) => benchmark.episodes);
    expect(episodes.map((episode) => [episode.caseId, episode.status, episode.score])).toEqual([
      ['time-vague-reminder-asks-text-and-time/distraction-0', 'scored', 1],
      ['time-vague-reminder-asks-text-and-time~1/distraction-0', 'scored', 1],
    ]);
    const stats = server.stats();
    expect(stats.byPath['/v1/messages']).toBeGreaterThan(0);
    expect(stats.byRole.user).toBeGreaterThan(0);
    expect(stats.unmatched).toBe(0);
  });
});
