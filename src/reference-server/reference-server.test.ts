import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import {
  BUILT_IN_SCENARIOS,
  loadScenarios,
  runSandboxCase,
  type SandboxCase,
  type SandboxScenario,
  sandboxCases,
  seededMessages,
} from '../benchmarks/sandbox/internals.js';
import { ModelAgent } from '../models/index.js';
import { InfrastructureError, type ModelAdapter, type ModelMessage, type ModelRequest } from '../spec/index.js';
import { LlmUser, USER_SIMULATOR_INSTRUCTIONS } from '../users/index.js';
import { type ReferenceServer, startReferenceServer } from './index.js';

const example = fileURLToPath(
  new URL('../../data/sandbox/scenarios/phone/phone-send-message-cellular-off.yaml', import.meta.url),
);
const EXAMPLE_ID = 'phone-send-message-cellular-off';
const CHATTY_ID = 'phone-send-message-asks-first';
const CHATTY_REPLIES = ["It's for Daniel Reyes.", 'Running ten minutes late, save me a seat'];

// biome-ignore lint/suspicious/noExplicitAny: test-only view of JSON replies.
type Json = any;

/** A test-only adapter speaking OpenAI chat completions to the server with fetch. */
function openAiAdapter(url: string): ModelAdapter {
  return {
    id: 'reference:openai',
    async generate(request) {
      const body = {
        model: 'gold-openai',
        temperature: request.settings.temperature,
        messages: request.messages.map(toOpenAiMessage),
        tools: request.tools.map((tool) => ({ type: 'function', function: tool })),
      };
      const json = await post(`${url}/v1/chat/completions`, body, request);
      const choice = json.choices[0];
      return {
        text: choice.message.content ?? '',
        toolCalls: (choice.message.tool_calls ?? []).map((call: Json) => ({
          id: call.id,
          name: call.function.name,
          arguments: call.function.arguments,
        })),
        usage: { inputTokens: json.usage.prompt_tokens, outputTokens: json.usage.completion_tokens },
        finishReason: choice.finish_reason,
      };
    },
  };
}

function toOpenAiMessage(message: ModelMessage): Json {
  switch (message.role) {
    case 'system':
    case 'user':
      return { role: message.role, content: message.text };
    case 'assistant':
      return {
        role: 'assistant',
        content: message.text || null,
        ...(message.toolCalls.length > 0
          ? {
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                type: 'function',
                function: {
                  name: call.name,
                  arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
                },
              })),
            }
          : {}),
      };
    case 'tool':
      return { role: 'tool', tool_call_id: message.callId, content: message.text };
  }
}

/** A test-only adapter speaking Anthropic messages, merging consecutive turns of one role as Anthropic needs. */
function anthropicAdapter(url: string): ModelAdapter {
  return {
    id: 'reference:anthropic',
    async generate(request) {
      const messages: { role: 'user' | 'assistant'; content: Json[] }[] = [];
      const add = (role: 'user' | 'assistant', blocks: Json[]) => {
        const last = messages.at(-1);
        if (last?.role === role) last.content.push(...blocks);
        else messages.push({ role, content: blocks });
      };
      for (const message of request.messages) blocksOf(message, add);
      const body = {
        model: 'gold-anthropic',
        max_tokens: 1024,
        system: request.messages
          .filter((message) => message.role === 'system')
          .map((message) => ({ type: 'text', text: message.text })),
        messages,
        tools: request.tools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          input_schema: tool.parameters,
        })),
      };
      const json = await post(`${url}/v1/messages`, body, request);
      return {
        text: json.content
          .filter((block: Json) => block.type === 'text')
          .map((block: Json) => block.text)
          .join(''),
        toolCalls: json.content
          .filter((block: Json) => block.type === 'tool_use')
          .map((block: Json) => ({ id: block.id, name: block.name, arguments: block.input })),
        usage: { inputTokens: json.usage.input_tokens, outputTokens: json.usage.output_tokens },
        finishReason: json.stop_reason,
      };
    },
  };
}

function blocksOf(message: ModelMessage, add: (role: 'user' | 'assistant', blocks: Json[]) => void): void {
  switch (message.role) {
    case 'system':
      break;
    case 'user':
      add('user', [{ type: 'text', text: message.text }]);
      break;
    case 'assistant':
      add('assistant', [
        ...(message.text ? [{ type: 'text', text: message.text }] : []),
        ...message.toolCalls.map((call) => ({
          type: 'tool_use',
          id: call.id,
          name: call.name,
          input: typeof call.arguments === 'string' ? JSON.parse(call.arguments) : call.arguments,
        })),
      ]);
      break;
    case 'tool':
      add('user', [
        { type: 'tool_result', tool_use_id: message.callId, content: message.text, is_error: message.isError },
      ]);
      break;
  }
}

async function post(url: string, body: unknown, request: ModelRequest): Promise<Json> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...(request.signal ? { signal: request.signal } : {}),
  });
  const json = await response.json();
  if (!response.ok) throw new InfrastructureError(`HTTP ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

async function postRaw(url: string, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, json: (await response.json()) as Json };
}

/** The example, plus a variant that asks the user twice and fills a `{{result:…}}` placeholder. */
async function writeCorpus(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'reference-server-'));
  await copyFile(example, join(folder, 'example.yaml'));
  const chatty = parse(await readFile(example, 'utf8'));
  chatty.id = CHATTY_ID;
  chatty.user.goal = 'You want a text sent to Daniel Reyes; you answer one question at a time.';
  chatty.user.opening = 'Can you send a text for me?';
  chatty.user.paraphrases = [];
  chatty.user.replies = CHATTY_REPLIES;
  chatty.solutions.gold = [
    { say: 'Sure. Who is it for?' },
    { say: 'What should it say?' },
    { call: [{ tool: 'search_contacts', arguments: { name: 'Daniel Reyes' } }] },
    { call: [{ tool: 'set_cellular_service_status', arguments: { on: true } }] },
    {
      call: [
        {
          tool: 'send_message_with_phone_number',
          arguments: { phone_number: '{{result:0.0.phone_number}}', content: CHATTY_REPLIES[1] },
        },
      ],
    },
    { say: 'I texted Daniel Reyes "Running ten minutes late, save me a seat".' },
  ];
  await writeFile(join(folder, 'chatty.yaml'), stringify(chatty));
  return folder;
}

let server: ReferenceServer;
let scenarios: readonly SandboxScenario[];
const casesOf = (id: string): SandboxCase[] => sandboxCases(scenarios.filter((scenario) => scenario.id === id));

beforeAll(async () => {
  const folder = await writeCorpus();
  const loaded = await loadScenarios([folder]);
  expect(loaded.problems).toEqual([]);
  scenarios = loaded.scenarios;
  server = await startReferenceServer({ scenarios: [folder] });
});
afterAll(() => server.close());

describe('reference server as the agent', () => {
  it('loads every case of the corpus', () => {
    expect(server.problems).toEqual([]);
    expect(server.scenarioCount).toBe(2);
    expect(server.caseCount).toBe(27);
    expect(casesOf(EXAMPLE_ID)).toHaveLength(18);
  });

  it('scores 1 on every case of the example over OpenAI chat completions', async () => {
    server.reset();
    for (const sandboxCase of casesOf(EXAMPLE_ID)) {
      const { score, trajectory } = await runSandboxCase({
        sandboxCase,
        agent: new ModelAgent(openAiAdapter(server.url)),
      });
      expect({ id: sandboxCase.id, score: score.score, end: trajectory.termination.type }).toEqual({
        id: sandboxCase.id,
        score: 1,
        end: 'user-ended',
      });
    }
    // Five gold turns per case, one request each; the scripted user needs no model.
    expect(server.stats()).toMatchObject({ requests: 90, byRole: { agent: 90, user: 0 }, unmatched: 0 });
  });

  it('scores 1 on every case of the example over Anthropic messages', async () => {
    for (const sandboxCase of casesOf(EXAMPLE_ID)) {
      const agent = new ModelAgent(anthropicAdapter(server.url));
      const { score } = await runSandboxCase({ sandboxCase, agent });
      expect([sandboxCase.id, score.score]).toEqual([sandboxCase.id, 1]);
    }
  });

  it('fills result placeholders and plays the user too, both over HTTP', async () => {
    for (const sandboxCase of casesOf(CHATTY_ID)) {
      const { score, trajectory } = await runSandboxCase({
        sandboxCase,
        agent: new ModelAgent(openAiAdapter(server.url)),
        user: new LlmUser(anthropicAdapter(server.url)),
      });
      expect([sandboxCase.id, score.score, trajectory.termination.type]).toEqual([sandboxCase.id, 1, 'user-ended']);
      const userLines = trajectory.messages.filter((message) => message.type === 'text' && message.sender === 'user');
      expect(userLines.map((message) => message.type === 'text' && message.text)).toEqual([
        'Can you send a text for me?',
        ...CHATTY_REPLIES,
      ]);
      const sent = trajectory.traces.find((trace) => trace.toolName === 'send_message_with_phone_number');
      expect(Object.values(sent?.arguments ?? {})).toContain('+14155550134');
    }
  });

  it('plays a case of the built-in scenarios by default', async () => {
    const builtIn = await startReferenceServer({ port: 0 });
    try {
      const { scenarios: loaded } = await loadScenarios([fileURLToPath(BUILT_IN_SCENARIOS)]);
      const cases = sandboxCases(loaded.filter((scenario) => scenario.id === EXAMPLE_ID)).slice(0, 9);
      expect(cases).toHaveLength(9);
      for (const sandboxCase of cases) {
        const { score } = await runSandboxCase({ sandboxCase, agent: new ModelAgent(openAiAdapter(builtIn.url)) });
        expect([sandboxCase.id, score.score]).toEqual([sandboxCase.id, 1]);
      }
    } finally {
      await builtIn.close();
    }
  });
});

/** A user-simulator request as toolgauge's LLM user sends it, in OpenAI format. */
function userRequest(agentLines: readonly string[]): Json {
  const scenario = scenarios.find((candidate) => candidate.id === CHATTY_ID) as SandboxScenario;
  const briefing = seededMessages(scenario, scenario.user.opening).find(
    (message) => message.type === 'text' && message.recipient === 'user' && message.sender === 'system',
  );
  const messages: Json[] = [
    { role: 'system', content: USER_SIMULATOR_INSTRUCTIONS },
    { role: 'system', content: briefing?.type === 'text' ? briefing.text : '' },
    { role: 'assistant', content: scenario.user.opening },
  ];
  agentLines.forEach((line, index) => {
    messages.push({ role: 'user', content: line });
    if (index < agentLines.length - 1) messages.push({ role: 'assistant', content: CHATTY_REPLIES[index] });
  });
  const endConversation = {
    name: 'end_conversation',
    description: 'End the conversation.',
    parameters: { type: 'object', properties: {} },
  };
  return { model: 'user-sim', messages, tools: [{ type: 'function', function: endConversation }] };
}

describe('reference server as the user', () => {
  it('says the scripted replies in order, then calls end_conversation', async () => {
    const url = `${server.url}/v1/chat/completions`;
    const first = await postRaw(url, userRequest(['Sure. Who is it for?']));
    expect(first.json.choices[0].message).toMatchObject({ content: CHATTY_REPLIES[0] });
    const second = await postRaw(url, userRequest(['Sure. Who is it for?', 'What should it say?']));
    expect(second.json.choices[0].message).toMatchObject({ content: CHATTY_REPLIES[1] });
    const third = await postRaw(url, userRequest(['Sure. Who is it for?', 'What should it say?', 'Done.']));
    expect(third.json.choices[0]).toMatchObject({
      finish_reason: 'tool_calls',
      message: { tool_calls: [{ type: 'function', function: { name: 'end_conversation', arguments: '{}' } }] },
    });
  });
});
