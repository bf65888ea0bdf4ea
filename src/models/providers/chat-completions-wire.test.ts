import { describe, expect, it } from 'vitest';
import { MessageBus } from '../../engine/index.js';
import type { ModelRequest, NewMessage } from '../../spec/index.js';
import { conversationFor } from '../conversation-to-model.js';
import { chatCompletionsBody, chatCompletionsBodyBytes, parseChatCompletion } from './chat-completions-wire.js';

const tools: ModelRequest['tools'] = [
  { name: 'get_weather', description: 'Weather at a place.', parameters: { type: 'object', properties: {} } },
  {
    name: 'send_message',
    description: 'Sends a text "quoted" — with unicode ✓.',
    parameters: { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] },
  },
];

function request(overrides: Partial<ModelRequest>): ModelRequest {
  return {
    messages: [
      { role: 'system', text: 'Be brief.' },
      { role: 'user', text: 'Weather?' },
      { role: 'assistant', text: '', toolCalls: [{ id: 'c1', name: 'get_weather', arguments: { city: 'Oslo' } }] },
      { role: 'tool', callId: 'c1', name: 'get_weather', text: '{"sunny":true}' },
    ],
    tools,
    settings: {},
    ...overrides,
  } as ModelRequest;
}

/** The body's bytes, which must be those of the body object's JSON exactly. */
function bodyText(shape: ModelRequest): string {
  const bytes = chatCompletionsBodyBytes('m', shape);
  const text = bytes.toString('utf8');
  expect(bytes.equals(Buffer.from(text))).toBe(true);
  return text;
}

describe('chatCompletionsBodyBytes', () => {
  it('writes exactly the bytes of the body object, with and without tools and settings, every time', () => {
    const settings = { temperature: 0, maxOutputTokens: 64, seed: 7, parallelToolCalls: false };
    for (const shape of [
      request({}),
      request({ settings }),
      request({ tools: [] }),
      request({ tools: [], settings }),
      // Empty assistant turns are left out, first, between and last, with the commas between the rest.
      request({
        messages: [
          { role: 'assistant', text: '', toolCalls: [] },
          { role: 'user', text: 'Hi ✓' },
          { role: 'assistant', text: '', toolCalls: [] },
          { role: 'user', text: 'Still there?' },
          { role: 'assistant', text: '', toolCalls: [] },
        ],
      }),
      request({ messages: [{ role: 'assistant', text: '', toolCalls: [] }], tools: [] }),
    ]) {
      const expected = JSON.stringify(chatCompletionsBody('m', shape));
      expect(bodyText(shape)).toBe(expected);
      // The second time the tools' parts come from the memo.
      expect(bodyText(shape)).toBe(expected);
    }
  });
});

describe('tools on the wire', () => {
  it("writes each episode's fresh tool schemas right, sharing the JSON only of identical tools", () => {
    const parameters = { type: 'object', properties: { to: { type: 'string' } } };
    const episodes = [
      [{ name: 'send', description: 'Sends.', parameters }],
      [{ name: 'send', description: 'Sends.', parameters }],
      [{ name: 'send', description: 'Rewritten: transmits.', parameters }],
      [{ name: 'renamed_send', description: 'Sends.', parameters }],
      [{ name: 'send', description: 'Sends.', parameters: { ...parameters, required: ['to'] } }],
    ];
    for (const episodeTools of episodes) {
      const shaped = request({ tools: episodeTools });
      expect(bodyText(shaped)).toBe(JSON.stringify(chatCompletionsBody('m', shaped)));
    }
  });
});

describe('the conversation on the wire, turn after turn', () => {
  it('writes the same bytes as the body object when the same message objects come back with new ones', () => {
    const bus = new MessageBus();
    const turns: NewMessage[] = [
      { type: 'text', sender: 'system', recipient: 'agent', text: 'Opening rule.' },
      { type: 'text', sender: 'user', recipient: 'agent', text: 'Weather in "Oslo"?' },
      {
        type: 'tool-call',
        sender: 'agent',
        recipient: 'executor',
        batch: 0,
        call: { id: 'a', name: 'get_weather', arguments: { city: 'Oslo' } },
      },
      {
        type: 'tool-call',
        sender: 'agent',
        recipient: 'executor',
        batch: 0,
        call: { id: 'b', name: 'get_weather', arguments: '{"city": bad' },
      },
      {
        type: 'tool-result',
        sender: 'executor',
        recipient: 'agent',
        callId: 'a',
        toolName: 'get_weather',
        batch: 0,
        outcome: { type: 'result', value: { sunny: true } },
      },
      {
        type: 'tool-result',
        sender: 'executor',
        recipient: 'agent',
        callId: 'b',
        toolName: 'get_weather',
        batch: 0,
        outcome: { type: 'error', error: { kind: 'invalid-arguments', message: 'not JSON' } },
      },
      { type: 'text', sender: 'system', recipient: 'agent', text: 'A late note ✓.' },
      { type: 'text', sender: 'agent', recipient: 'user', text: 'Sunny.' },
      { type: 'text', sender: 'user', recipient: 'agent', text: 'Thanks.' },
    ];
    let previous: ModelRequest['messages'] = [];
    for (const turn of turns) {
      bus.append({ ...turn, visibleTo: ['agent', 'user', 'executor'] });
      const shaped = request({ messages: conversationFor('agent', bus.view('agent')), settings: { temperature: 0 } });
      // Messages already sent come back as the same objects, so their JSON is not written again…
      expect(shaped.messages.slice(0, previous.length - 1)).toEqual(previous.slice(0, -1));
      for (const [index, message] of previous.slice(0, -1).entries()) expect(shaped.messages[index]).toBe(message);
      // …and the body is byte for byte the one built from scratch.
      expect(bodyText(shaped)).toBe(JSON.stringify(chatCompletionsBody('m', shaped)));
      expect(bodyText({ ...shaped, tools: [] })).toBe(
        JSON.stringify(chatCompletionsBody('m', { ...shaped, tools: [] })),
      );
      previous = shaped.messages;
    }
    expect(previous.map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'tool',
      'system',
      'assistant',
      'user',
    ]);
    // The user's view of the same bus is its own: the agent's texts are its "user" turns.
    expect(conversationFor('user', bus.view('user')).map((message) => message.role)).toEqual([
      'system',
      'assistant',
      'system',
      'user',
      'assistant',
    ]);
  });
});

describe('parseChatCompletion', () => {
  const reply = (message: string) => `{"choices":[{"message":${message},"finish_reason":"stop"}]}`;

  it('reads replies with and without escapes alike', () => {
    expect(parseChatCompletion(reply('{"content":"caf\\u00e9"}'), undefined).text).toBe('café');
    expect(parseChatCompletion(reply('{"content":"café"}'), undefined).text).toBe('café');
  });

  it('refuses prototype-poisoning keys however they are written', () => {
    for (const key of ['__proto__', '\\u005f_proto__', 'constructor']) {
      const body = reply(`{"content":"x","${key}":{"prototype":{"polluted":true}}}`);
      expect(() => parseChatCompletion(body, undefined), key).toThrow(/Invalid JSON response/);
    }
  });
});
