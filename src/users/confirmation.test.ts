import { describe, expect, it } from 'vitest';
import { isConfirmationRequest, isInformationRequest, questionKind } from './confirmation.js';

const kinds = (texts: readonly string[]) => Object.fromEntries(texts.map((text) => [text, questionKind(text)]));
const all = (texts: readonly string[], kind: string) => Object.fromEntries(texts.map((text) => [text, kind]));

describe('questionKind', () => {
  it('a yes/no question about the agent acting asks permission', () => {
    const permission = [
      'Shall I send it?',
      'Should I go ahead and delete it?',
      'Do you want me to turn wifi on?',
      'Is it OK to delete both?',
      'Is it okay if I delete both?',
      'Can I go ahead?',
      'Would you like me to set it for 5 PM?',
      'Cellular is off. Shall I turn it on?',
      'I found the reminder. Would you like me to move it to Friday?',
      'Should I go ahead?',
      'Shall I proceed?',
      'How about I set it for 5 PM?',
      // The generated "confirm first" alternative of `validate --prove` (prove-confirm-first.ts).
      'Just to be sure before I act on this: shall I go ahead?',
      // A wh-word inside the action is no question: the agent still asks whether to act.
      'Shall I remind you when you get home?',
      'Do you want me to let you know when it is done?',
      'Should I text him where to meet?',
      // Text the agent would send is not what it asks.
      'Rosa is your neighbor. Shall I text her "Book club moved to Thursday."?',
      'Shall I send "Which one do you want?" to Daniel?',
      // "Or not", "or would you rather…": the alternative is not acting, so "yes" still answers.
      'Should I go ahead and delete it, or not?',
      'Cellular is off. Shall I turn it on, or would you rather do it yourself?',
      'Should I move it to an hour or so from now?',
      'What do you think, shall I turn it on?',
    ];
    expect(kinds(permission)).toEqual(all(permission, 'permission'));
    expect(permission.every(isConfirmationRequest)).toBe(true);
  });

  it('a wh-question, a question about which or what, or a choice asks for information', () => {
    const information = [
      'Which reminder should I delete?',
      'What time should I set it for?',
      'Who should I send it to?',
      'Whom shall I send it to?',
      'Where should I set the reminder?',
      'How much should I convert?',
      'How many should I delete?',
      'When should I remind you?',
      'Which one would you like me to delete?',
      'Which unit should I convert it to?',
      'Which reminder should I move, and to when?',
      'Sure — which one?',
      'Got it, 250. Which currency is it in at the moment?',
      'And for which year?',
      'In which currency?',
      'At what time should it go off?',
      // A choice between alternatives: "yes" answers neither.
      'Should I set it for 3 or 4 pm?',
      'Should I delete the electricity bill one or the dentist one?',
      'Should I give the distance in miles or kilometres?',
      'Do you want me to delete the electricity bill one or the dentist one?',
      'Would you like me to set it for 5 PM or 6 PM?',
      'Is it OK to set it for 3 or 4 pm?',
      'Should I text Daniel Reyes? Or did you mean Daniel Okoro?',
      // A wh-question inside another question.
      'Could you tell me which reminder you mean?',
      'Can you confirm which one you mean?',
      'Do you remember who sent it?',
      'Let me know which one, please?',
      'Shall I set it for what time?',
      'Should I send it to which number?',
      'Send it to who?',
      // Several questions: the information is what the user's line gives, whatever else was asked.
      'Which Daniel do you mean? Shall I text him now?',
      'Cellular is off. Shall I turn it on? And what should the message say?',
      'When should I remind you, and should the reminder be tied to a place?',
      'Sure. Which friend should I text, and where do you want to meet?',
      // A quotation ending a sentence still ends it.
      'Priya\'s text says: "Please book the room." When should I remind you?',
      // Asked before a closing remark.
      'Which Whole Foods do you mean? There are five nearby.',
    ];
    expect(kinds(information)).toEqual(all(information, 'information'));
    expect(information.every(isInformationRequest)).toBe(true);
    expect(information.some(isConfirmationRequest)).toBe(false);
  });

  it('anything else is neither', () => {
    const neither = [
      'I turned it on.',
      'Shall I turn it on? I already did.',
      'Do you have her number?',
      'Could you turn cellular on?',
      'Can I help with anything else?',
      'Do you want me to do anything else?',
      'Is there anything else I can do for you?',
      'I texted Daniel "Are we still on for Saturday?"',
      'What about the dentist one?',
      '',
    ];
    expect(kinds(neither)).toEqual(all(neither, 'none'));
  });
});
