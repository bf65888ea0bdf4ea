import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../../spec/index.js';
import { chatCompletionsBody, chatCompletionsBodyJson, parseChatCompletion } from './chat-completions-wire.js';

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

describe('chatCompletionsBodyJson', () => {
  it('writes exactly the bytes of the body object, with and without tools and settings, every time', () => {
    const settings = { temperature: 0, maxOutputTokens: 64, seed: 7, parallelToolCalls: false };
    for (const shape of [
      request({}),
      request({ settings }),
      request({ tools: [] }),
      request({ tools: [], settings }),
    ]) {
      const expected = JSON.stringify(chatCompletionsBody('m', shape));
      expect(chatCompletionsBodyJson('m', shape)).toBe(expected);
      // The second time the tools' parts come from the memo.
      expect(chatCompletionsBodyJson('m', shape)).toBe(expected);
    }
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
