import { describe, expect, it } from 'vitest';
import type { Message, TurnRequest } from '../spec/index.js';
import { CONFIRMATION_REPLY, isConfirmationRequest } from './confirmation.js';
import { ScriptedUser } from './scripted-user.js';

const heard = (text: string): TurnRequest => ({
  messages: [{ index: 0, type: 'text', sender: 'agent', recipient: 'user', text } as unknown as Message],
  tools: [],
});
const said = (turn: Awaited<ReturnType<ScriptedUser['respond']>>) =>
  turn.type === 'text' ? turn.text : turn.calls.map((call) => call.name).join(',');

describe('the scripted user', () => {
  it('recognises a request for confirmation, and nothing else', () => {
    for (const text of [
      'Cellular is off. Shall I turn it on?',
      'Do you want me to send it now?',
      'I found the reminder. Would you like me to move it to Friday?',
      'Should I go ahead?',
      'Is it okay to delete both?',
    ]) {
      expect(isConfirmationRequest(text), text).toBe(true);
    }
    for (const text of [
      'What should the message say?',
      'Which Daniel do you mean?',
      'Shall I turn it on? I already did.',
      'I turned it on.',
    ]) {
      expect(isConfirmationRequest(text), text).toBe(false);
    }
  });

  it('confirms without losing its next line, and still ends after its last line', async () => {
    const user = new ScriptedUser(['Daniel Reyes.']);
    expect(said(await user.respond(heard('Should I text him now?')))).toBe(CONFIRMATION_REPLY);
    expect(said(await user.respond(heard('Which Daniel do you mean?')))).toBe('Daniel Reyes.');
    expect(said(await user.respond(heard('Done, I texted Daniel Reyes.')))).toBe('end_conversation');
  });

  it('answers a confirmation with its own yes or no line when that comes next', async () => {
    const user = new ScriptedUser(['Yes, go ahead and turn it on.']);
    expect(said(await user.respond(heard('Do you want me to turn it on?')))).toBe('Yes, go ahead and turn it on.');
    expect(said(await user.respond(heard('It is on now.')))).toBe('end_conversation');
  });

  it('confirms at most twice, so an agent that keeps asking cannot loop', async () => {
    const user = new ScriptedUser([]);
    const replies = [];
    for (let turn = 0; turn < 4; turn += 1) replies.push(said(await user.respond(heard('Shall I proceed?'))));
    expect(replies).toEqual([CONFIRMATION_REPLY, CONFIRMATION_REPLY, 'end_conversation', 'end_conversation']);
  });
});
