import { describe, expect, it } from 'vitest';
import { parsePromptModeReply } from './prompt-mode-reply-parser.js';

const TOOLS = ['set_wifi', 'get_wifi', 'post_notice'];

describe('reading tool calls out of prompt-mode replies', () => {
  it('reads a bare JSON call, with "parameters" accepted for "arguments"', () => {
    expect(parsePromptModeReply('{"name": "set_wifi", "parameters": {"on": false}}', TOOLS)).toEqual({
      text: '',
      calls: [{ name: 'set_wifi', arguments: { on: false } }],
    });
  });

  it('reads a call after some prose, and a call with no arguments when it names a known tool', () => {
    expect(parsePromptModeReply('Let me check.\n{"name": "get_wifi"}', TOOLS)).toEqual({
      text: 'Let me check.',
      calls: [{ name: 'get_wifi', arguments: {} }],
    });
  });

  it('reads arguments given as a JSON string, as OpenAI writes them', () => {
    expect(parsePromptModeReply('{"name": "set_wifi", "arguments": "{\\"on\\": true}"}', TOOLS).calls).toEqual([
      { name: 'set_wifi', arguments: { on: true } },
    ]);
  });

  it('keeps arguments that are not an object as text, for the executor to reject', () => {
    expect(parsePromptModeReply('{"name": "set_wifi", "arguments": [true]}', TOOLS).calls).toEqual([
      { name: 'set_wifi', arguments: '[true]' },
    ]);
  });

  it('reads several fenced blocks as several calls', () => {
    const reply =
      '```json\n{"name": "set_wifi", "arguments": {"on": true}}\n```\nthen\n```\n{"name": "get_wifi", "arguments": {}}\n```';
    expect(parsePromptModeReply(reply, TOOLS)).toEqual({
      text: 'then',
      calls: [
        { name: 'set_wifi', arguments: { on: true } },
        { name: 'get_wifi', arguments: {} },
      ],
    });
  });

  it('reads several Action pairs, multi-line inputs, and stops an input at a made-up Observation', () => {
    const reply = [
      'Action: `set_wifi`',
      'Action Input: {',
      '  "on": true',
      '}',
      'Observation: done',
      'Action: get_wifi',
    ].join('\n');
    expect(parsePromptModeReply(reply, TOOLS)).toEqual({
      text: '',
      calls: [
        { name: 'set_wifi', arguments: { on: true } },
        { name: 'get_wifi', arguments: {} },
      ],
    });
  });

  it('reads a fenced Action Input', () => {
    const reply = 'Action: post_notice\nAction Input: ```json\n{"text": "hi"}\n```';
    expect(parsePromptModeReply(reply, TOOLS).calls).toEqual([{ name: 'post_notice', arguments: { text: 'hi' } }]);
  });

  it('treats JSON that is not a call, and prose, as text for the user', () => {
    expect(parsePromptModeReply('{"temperature": 21, "unit": "C"}', TOOLS)).toEqual({
      text: '{"temperature": 21, "unit": "C"}',
      calls: [],
    });
    expect(parsePromptModeReply('{"name": "Alice", "phone": "+1 555 0100"}', TOOLS).calls).toEqual([]);
    expect(parsePromptModeReply('Which notice do you mean?', TOOLS)).toEqual({
      text: 'Which notice do you mean?',
      calls: [],
    });
  });

  it('keeps prose after a JSON call out of the call', () => {
    expect(
      parsePromptModeReply('Sure.\n{"name": "get_wifi", "arguments": {"x": "}"}}\nHope that helps!', TOOLS),
    ).toEqual({
      text: 'Sure.\n\nHope that helps!',
      calls: [{ name: 'get_wifi', arguments: { x: '}' } }],
    });
  });

  it('reads "Action: None" and prose after "Action:" as no call', () => {
    expect(parsePromptModeReply('Thought: nothing to do.\nAction: None\nFinal Answer: Done.', TOOLS)).toEqual({
      text: 'Done.',
      calls: [],
    });
    expect(parsePromptModeReply('Action: we should wait for the user.', TOOLS).calls).toEqual([]);
  });

  it('does not take broken JSON without a tool name for a call', () => {
    expect(parsePromptModeReply('{oops', TOOLS)).toEqual({ text: '{oops', calls: [] });
  });

  it('answers with what follows "Final Answer:" when there is no call', () => {
    expect(parsePromptModeReply('Thought: all done.\nFinal Answer: The notice is posted.', TOOLS)).toEqual({
      text: 'The notice is posted.',
      calls: [],
    });
  });
});
