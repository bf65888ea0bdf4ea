import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SolutionAgent } from '../../agents/index.js';
import type { Message, Turn } from '../../spec/index.js';
import { CONFIRMATION_REPLY, isYesNoReply } from '../../users/index.js';
import { sandboxCases } from './cases.js';
import { runSandboxCase } from './play.js';
import { BUILT_IN_SCENARIOS, loadScenarios } from './scenario-loader.js';

/**
 * Every question the agent asks in a gold or alternative solution of the built-in scenarios asks for
 * information (the user's next `replies` line is the answer), except these requests for permission
 * (a yes/no question about acting, which "Yes, please go ahead." answers). Written by hand, not by the
 * classifier under test.
 */
const PERMISSION_QUESTIONS: Readonly<Record<string, readonly string[]>> = {
  'mix-correction-pounds-not-euros': ['No problem. Shall I convert the 250 dollars to British pounds instead?'],
  'phone-correction-send-to-rosa-not-dana': [
    'Rosa Delgado is your neighbor. Shall I text her "Book club moved to Thursday."?',
  ],
  'phone-no-service-cellular-off': ["Cellular service is off, which is why there's no service. Shall I turn it on?"],
  'phone-nothing-loads-wifi-off': ['Wifi is off, which is why nothing loads. Shall I turn it on?'],
  'phone-self-new-number-on-my-card': [
    'Your card is under Maya Okafor. Should I replace its number with 415-555-0263?',
  ],
  'phone-self-text-note-to-own-number': ['Shall I send "Locker code 4312" to your number, +1 415-555-0100?'],
  'phone-send-message-cellular-off': [
    'Cellular service is off, so the text did not go out. Shall I turn cellular service on?',
  ],
  'phone-texts-wont-send-low-battery': [
    'Low battery mode is on and it keeps cellular service off, which texts need. Should I turn it off and switch cellular on?',
  ],
  'phone-troubleshoot-texts-ask-first': [
    "Cellular service is turned off, which is why your texts aren't going out. Do you want me to turn it on?",
    "Your cellular service is off, and that's why texts aren't sending. Shall I switch it on?",
    'Texts need cellular service, and cellular is switched off. Would you like me to turn it on?',
  ],
  'time-push-dry-cleaning-reminder-two-hours': ["It's set for 1:00 PM today. Should I move it to 3:00 PM?"],
};

/** The scenarios whose gold asked for information and got "Yes, please go ahead." before the fix. */
const ANSWERED_WITH_A_YES = [
  'know-suitcase-weight-ask-units',
  'mix-mut-library-books-reminder-location-off',
  'mix-mut-meet-at-nearest-peets-cellular-off',
  'mix-mut-pounds-to-dollars-text',
  'mix-mut-tesla-price-check-reminder',
  'phone-which-daniel-cellular-off',
  'time-delete-reminder-asks-which',
  'time-reminder-before-flight-asks-details-tokyo',
  'time-reminder-from-boss-text-asks-when',
];

/** A question to the user: a "?" outside quotations (`I texted her "Dinner on Friday?"` asks nothing). */
const asksSomething = (text: string) => text.replace(/"[^"]*"|“[^”]*”/g, '').includes('?');

const { scenarios, problems } = await loadScenarios([fileURLToPath(BUILT_IN_SCENARIOS)]);

/** The user's answer to each of the agent's texts, played on the engine: its text, or `end_conversation`. */
function answers(messages: readonly Message[]): { asked: string; answer: string }[] {
  const found: { asked: string; answer: string }[] = [];
  messages.forEach((message, index) => {
    if (message.type !== 'text' || message.sender !== 'agent' || message.recipient !== 'user') return;
    const next = messages[index + 1];
    const answer =
      next?.type === 'text' && next.sender === 'user'
        ? next.text
        : next?.type === 'tool-call' && next.sender === 'user'
          ? next.call.name
          : '(nothing)';
    found.push({ asked: message.text, answer });
  });
  return found;
}

describe("the scripted user on the built-in scenarios' questions", () => {
  const solutionsOf = (scenario: (typeof scenarios)[number]) =>
    [
      ['gold', scenario.gold] as const,
      ...scenario.alternatives.map((turns, index) => [`alternative ${index}`, turns] as const),
    ] satisfies (readonly [string, readonly Turn[]])[];
  const asking = scenarios.filter((scenario) =>
    solutionsOf(scenario).some(([, turns]) => turns.some((turn) => turn.type === 'text' && asksSomething(turn.text))),
  );

  it('answers each request for information with its next line and each request for permission with a yes', {
    timeout: 120_000,
  }, async () => {
    expect(problems).toEqual([]);
    // Every scenario that asks is covered, among them the nine whose information questions got a yes (issue 23).
    expect(asking.length).toBeGreaterThanOrEqual(55);
    expect(asking.map((scenario) => scenario.id)).toEqual(expect.arrayContaining(ANSWERED_WITH_A_YES));
    const failures: string[] = [];
    const permissionAsked = new Set<string>();
    let information = 0;
    for (const scenario of asking) {
      const permission = new Set(PERMISSION_QUESTIONS[scenario.id] ?? []);
      const original = sandboxCases([scenario])[0];
      if (!original) throw new Error(`${scenario.id} has no case`);
      for (const [name, turns] of solutionsOf(scenario)) {
        const { trajectory } = await runSandboxCase({
          sandboxCase: original,
          agent: new SolutionAgent(turns, name, undefined, 'That is all.'),
        });
        const lines = scenario.user.replies;
        let next = 0;
        let confirmations = 0;
        const said = answers(trajectory.messages);
        const ownTexts = turns.filter((turn) => turn.type === 'text').length;
        if (said.length < ownTexts) {
          failures.push(`${scenario.id} (${name}): the episode ended after ${said.length} of its ${ownTexts} texts`);
        }
        said.slice(0, ownTexts).forEach(({ asked, answer }, index) => {
          const pending = lines[next];
          let expected: string;
          if (permission.has(asked) && (pending === undefined || !isYesNoReply(pending)) && confirmations < 2) {
            permissionAsked.add(asked);
            confirmations += 1;
            expected = CONFIRMATION_REPLY;
          } else {
            if (asksSomething(asked) && !permission.has(asked)) information += 1;
            if (permission.has(asked)) permissionAsked.add(asked);
            expected = pending ?? 'end_conversation';
            next += 1;
          }
          if (answer !== expected) {
            failures.push(
              `${scenario.id} (${name}) asked "${asked}": expected "${expected}", the user said "${answer}"`,
            );
          }
          // The solution and the user stay in step: the user ends exactly after the solution's last text.
          if (index === ownTexts - 1 && expected !== 'end_conversation') {
            failures.push(`${scenario.id} (${name}): the user did not end after the last text but said "${answer}"`);
          }
        });
      }
    }
    expect(failures).toEqual([]);
    // Every listed request for permission is still in the corpus and was asked.
    expect([...permissionAsked].sort()).toEqual(Object.values(PERMISSION_QUESTIONS).flat().sort());
    expect(information).toBeGreaterThan(100);
  });
});
