import { describe, expect, it } from 'vitest';
import type { Message, TurnRequest } from '../spec/index.js';
import { CONFIRMATION_REPLY } from './confirmation.js';
import { ScriptedUser } from './scripted-user.js';

const heard = (text: string): TurnRequest => ({
  messages: [{ index: 0, type: 'text', sender: 'agent', recipient: 'user', text } as unknown as Message],
  tools: [],
});
const said = (turn: Awaited<ReturnType<ScriptedUser['respond']>>) =>
  turn.type === 'text' ? turn.text : turn.calls.map((call) => call.name).join(',');

describe('the scripted user', () => {
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

  it('answers a request for information with its next line, not a confirmation (issue 23)', async () => {
    const user = new ScriptedUser(['The one about paying the electricity bill.']);
    expect(said(await user.respond(heard('Which reminder should I delete?')))).toBe(
      'The one about paying the electricity bill.',
    );
    expect(said(await user.respond(heard('I deleted "Pay the electricity bill".')))).toBe('end_conversation');
  });

  it('answers a choice with its next line: "yes" answers neither alternative', async () => {
    const user = new ScriptedUser(['4 pm, please.']);
    expect(said(await user.respond(heard('Should I set it for 3 or 4 pm?')))).toBe('4 pm, please.');
    expect(said(await user.respond(heard('Should I delete the electricity bill one or the dentist one?')))).toBe(
      'end_conversation',
    );
  });

  it('gives the information when a permission question follows an information question', async () => {
    const user = new ScriptedUser(['Daniel Reyes.', 'Yes.']);
    expect(said(await user.respond(heard('Which Daniel do you mean? Shall I text him now?')))).toBe('Daniel Reyes.');
    expect(said(await user.respond(heard('Daniel Reyes it is. Would you like me to send it now?')))).toBe('Yes.');
  });

  it('confirms a permission question and gives its line to the information question after it', async () => {
    const user = new ScriptedUser(['Make it 5 PM.']);
    expect(said(await user.respond(heard('Would you like me to set a reminder?')))).toBe(CONFIRMATION_REPLY);
    expect(said(await user.respond(heard('Could you tell me which time suits you?')))).toBe('Make it 5 PM.');
    expect(said(await user.respond(heard('Done, it is set for 5 PM.')))).toBe('end_conversation');
  });

  it('ends instead of confirming when a request for information comes after its last line', async () => {
    const user = new ScriptedUser([]);
    expect(said(await user.respond(heard('Who should I send it to?')))).toBe('end_conversation');
  });

  it('keeps to maxConfirmations, counting only confirmations', async () => {
    const user = new ScriptedUser(['The dentist one.', 'Tomorrow.'], 1);
    expect(said(await user.respond(heard('Shall I look at your reminders?')))).toBe(CONFIRMATION_REPLY);
    expect(said(await user.respond(heard('Which one should I move?')))).toBe('The dentist one.');
    expect(said(await user.respond(heard('Shall I move it to tomorrow?')))).toBe('Tomorrow.');
    expect(said(await user.respond(heard('Shall I proceed?')))).toBe('end_conversation');
  });
});
