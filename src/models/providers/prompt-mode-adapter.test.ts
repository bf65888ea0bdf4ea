import { afterEach, describe, expect, it } from 'vitest';
import { runExampleEpisode } from '../../demo/example-episode.js';
import { type FakeProviderServer, startFakeProviderServer } from '../../testing/fake-provider-server.js';
import {
  chatCompletionText,
  SYSTEM_TEXT,
  TOOL_ERROR_TEXT,
  USER_TEXT,
  wireTestRequest,
} from '../../testing/provider-test-fixtures.js';
import { ModelAgent } from '../model-agent.js';
import { createModelAdapter } from './create-model-adapter.js';
import { PromptModeAdapter } from './prompt-mode-adapter.js';

let server: FakeProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A prompt-mode adapter over an OpenAI-compatible server that answers with these texts in order. */
async function promptModeModel(...replies: string[]): Promise<PromptModeAdapter> {
  server = await startFakeProviderServer(replies.map((reply) => ({ body: chatCompletionText(reply) })));
  const adapter = createModelAdapter('prompt:openai-compatible:llama3', { baseUrl: `${server.origin}/v1`, env: {} });
  expect(adapter).toBeInstanceOf(PromptModeAdapter);
  return adapter as PromptModeAdapter;
}

type ChatBody = { messages: { role: string; content: string }[]; tools?: unknown; parallel_tool_calls?: unknown };

function sentBody(index = 0): ChatBody {
  return server?.requests[index]?.body as ChatBody;
}

describe('prompt mode over a real HTTP server', () => {
  it('describes the tools in the system prompt, sends no native tools, and renders history as text', async () => {
    const model = await promptModeModel('{"name": "set_wifi", "arguments": {"on": true}}');

    const response = await model.generate(wireTestRequest());

    expect(model.id).toBe('prompt:openai-compatible:llama3');
    const body = sentBody();
    expect(body.tools).toBeUndefined();
    expect(body.parallel_tool_calls).toBeUndefined();
    const [system, user, assistant, observation, ...rest] = body.messages;
    expect(rest).toEqual([]);
    expect(system?.role).toBe('system');
    expect(system?.content.startsWith(SYSTEM_TEXT)).toBe(true);
    for (const expected of ['### post_notice', '### set_wifi', '"required": [', 'Action Input:', '"arguments"']) {
      expect(system?.content).toContain(expected);
    }
    expect(system?.content).toContain('Call at most one tool per reply.'); // parallelToolCalls: false
    expect(user).toEqual({ role: 'user', content: USER_TEXT });
    expect(assistant).toEqual({
      role: 'assistant',
      content: '{"name": "post_notice", "arguments": {"text":"Lunch moved to 1 pm."}}',
    });
    expect(observation).toEqual({
      role: 'user',
      content: `Observation (post_notice, call call_1, the call failed):\n${TOOL_ERROR_TEXT}`,
    });

    expect(response.toolCalls).toEqual([
      { id: expect.stringMatching(/^call_[0-9a-f]{12}_0$/), name: 'set_wifi', arguments: { on: true } },
    ]);
    expect(response).toMatchObject({
      text: '',
      finishReason: 'tool-calls',
      usage: { inputTokens: 42, outputTokens: 17 },
    });
  });

  it('reads Action / Action Input lines, keeping the thought before them as text', async () => {
    const model = await promptModeModel('Thought: wifi is off.\nAction: set_wifi\nAction Input: {"on": true}');

    const response = await model.generate(wireTestRequest());

    expect(response.text).toBe('Thought: wifi is off.');
    expect(response.toolCalls.map(({ name, arguments: args }) => ({ name, args }))).toEqual([
      { name: 'set_wifi', args: { on: true } },
    ]);
  });

  it('reads a fenced JSON list as parallel calls with distinct ids', async () => {
    const model = await promptModeModel(
      'Doing both.\n```json\n[{"name": "set_wifi", "arguments": {"on": true}},\n {"name": "post_notice", "arguments": {"text": "Lunch at 1"}}]\n```',
    );

    const response = await model.generate(wireTestRequest({ settings: { parallelToolCalls: true } }));

    expect(sentBody().messages[0]?.content).toContain('JSON list of such objects');
    expect(response.text).toBe('Doing both.');
    expect(response.toolCalls.map((call) => [call.name, call.arguments])).toEqual([
      ['set_wifi', { on: true }],
      ['post_notice', { text: 'Lunch at 1' }],
    ]);
    expect(new Set(response.toolCalls.map((call) => call.id)).size).toBe(2);
  });

  it('turns a call whose JSON does not parse into raw-string arguments', async () => {
    const broken = '{"name": "post_notice", "arguments": {"text": "Lunch at 1}';
    const model = await promptModeModel(broken, 'Action: post_notice\nAction Input: {text: Lunch at 1}');

    const jsonReply = await model.generate(wireTestRequest());
    const actionReply = await model.generate(wireTestRequest());

    expect(jsonReply.toolCalls).toEqual([{ id: expect.any(String), name: 'post_notice', arguments: broken }]);
    expect(actionReply.toolCalls).toEqual([
      { id: expect.any(String), name: 'post_notice', arguments: '{text: Lunch at 1}' },
    ]);
  });

  it('passes a plain answer through as text for the user', async () => {
    const model = await promptModeModel('I posted the notice: "Lunch moved to 1 pm."');

    const response = await model.generate(wireTestRequest());

    expect(response).toMatchObject({
      text: 'I posted the notice: "Lunch moved to 1 pm."',
      toolCalls: [],
      finishReason: 'stop',
    });
  });

  it('plays a whole example episode as a ModelAgent and ends with user-ended', async () => {
    const notice = 'Team lunch moved to 1 pm.';
    const model = await promptModeModel(
      `{"name": "post_notice", "arguments": {"text": "${notice}"}}`,
      'Thought: the board needs wifi.\nAction: set_wifi\nAction Input: {"on": true}',
      `\`\`\`json\n[{"name": "post_notice", "arguments": {"text": "${notice}"}}]\n\`\`\``,
      `Wifi was off, so I turned it on and posted the notice "${notice}"`,
    );

    const trajectory = await runExampleEpisode({ agent: new ModelAgent(model) });

    expect(trajectory.termination).toEqual({ type: 'user-ended' });
    expect(trajectory.agent).toBe('prompt:openai-compatible:llama3');
    expect(server?.requests).toHaveLength(4);
    const outcomes = trajectory.traces.map((trace) => [trace.requestedName, trace.outcome.type]);
    expect(outcomes).toEqual([
      ['post_notice', 'error'],
      ['set_wifi', 'result'],
      ['post_notice', 'result'],
      ['end_conversation', 'result'],
    ]);
    const second = sentBody(1).messages;
    expect(second.at(-1)?.content).toMatch(
      /^Observation \(post_notice, call call_[0-9a-f]{12}_0, the call failed\):\nError \(connection\)/,
    );
    const last = sentBody(3).messages;
    expect(last.at(-2)).toEqual({
      role: 'assistant',
      content: `{"name": "post_notice", "arguments": {"text":"${notice}"}}`,
    });
    expect(last.at(-1)?.content).toMatch(/^Observation \(post_notice, call call_[0-9a-f]{12}_0, result\):\n"/);
    const agentTexts = trajectory.messages.filter((message) => message.type === 'text' && message.sender === 'agent');
    expect(agentTexts).toEqual([
      expect.objectContaining({ text: `Wifi was off, so I turned it on and posted the notice "${notice}"` }),
    ]);
  });

  it('sends a call with broken JSON to the executor, which answers unparsable-arguments', async () => {
    const model = await promptModeModel(
      '{"name": "post_notice", "arguments": {"text": "Team lunch moved to 1 pm.}',
      'Sorry, I could not post the notice.',
    );

    const trajectory = await runExampleEpisode({ agent: new ModelAgent(model) });

    expect(trajectory.termination).toEqual({ type: 'user-ended' });
    const first = trajectory.traces[0];
    expect(first?.arguments).toBe('{"name": "post_notice", "arguments": {"text": "Team lunch moved to 1 pm.}');
    expect(first?.outcome).toMatchObject({ type: 'error', error: { kind: 'unparsable-arguments' } });
    expect(sentBody(1).messages.at(-1)?.content).toContain('Error (unparsable-arguments)');
  });
});
