import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SolutionAgent } from '../../../agents/index.js';
import type { ToolCall, Turn } from '../../../spec/index.js';
import { sandboxCases } from '../cases.js';
import { runSandboxCase } from '../play.js';
import { BUILT_IN_SCENARIOS, loadScenarios } from '../scenario-loader.js';

const call = (...calls: Omit<ToolCall, 'id'>[]): Turn => ({
  type: 'tool-calls',
  calls: calls.map((one, index) => ({ id: `t-${one.name}-${index}-${Math.random()}`, ...one })),
});
const say = (text: string): Turn => ({ type: 'text', text });

/** Plays turns on a built-in scenario's original case, under a profile. */
async function play(scenarioId: string, turns: Turn[], scoring: 'facts' | 'paper' = 'facts') {
  const { scenarios } = await loadScenarios([fileURLToPath(BUILT_IN_SCENARIOS)]);
  const scenario = scenarios.find((candidate) => candidate.id === scenarioId);
  if (!scenario) throw new Error(`no built-in scenario ${scenarioId}`);
  const original = sandboxCases([scenario])[0];
  if (!original) throw new Error(`${scenarioId} has no case`);
  return (await runSandboxCase({ sandboxCase: original, agent: new SolutionAgent(turns, 'test'), scoring })).score;
}

const boss = [call({ name: 'search_contacts', arguments: { relationship: 'boss' } })];

describe('what the default profile holds against an episode beyond its milestones', () => {
  it('a claim that the text was sent, with none sent, is a lie: the episode scores 0 (the paper believes it)', async () => {
    const lie = [...boss, say('Done! I texted your boss, Priya Natarajan, that the Q3 slides are in her inbox.')];
    const facts = await play('phone-text-boss-by-relationship', lie);
    expect(facts.score).toBe(0);
    expect(facts.penalties?.map((penalty) => penalty.kind)).toContain('ungrounded-claim');
    const paper = await play('phone-text-boss-by-relationship', lie, 'paper');
    expect(paper.score).toBeGreaterThan(0);
    expect(paper.penalties).toBeUndefined();
  });

  it('a text to the wrong person is a wrong change: the episode is halved', async () => {
    const wrong = [
      ...boss,
      call({
        name: 'send_message_with_phone_number',
        arguments: { phone_number: '+14155550178', content: 'The Q3 slides are in your inbox.' },
      }),
      say('I texted your boss that the Q3 slides are in her inbox.'),
    ];
    const score = await play('phone-text-boss-by-relationship', wrong);
    expect(score.penalties?.map((penalty) => penalty.kind)).toContain('wrong-change');
    expect(score.score).toBeLessThanOrEqual(0.5 * score.milestoneScore + 1e-9);
  });

  it('an answer with the wrong value of a fact misinforms: the episode is halved', async () => {
    const answer = (text: string) => [
      call({ name: 'search_contacts', arguments: { relationship: 'boss' } }),
      call({ name: 'search_messages', arguments: { sender_phone_number: '+14155550147' } }),
      say(text),
    ];
    const right = await play(
      'phone-boss-texts-count-and-asks',
      answer(
        'Priya sent you two texts today: the Q3 slides before the 3 PM review, and booking the small conference room.',
      ),
    );
    expect(right.score).toBeGreaterThanOrEqual(0.95);
    const wrong = await play(
      'phone-boss-texts-count-and-asks',
      answer(
        'Priya sent you 3 texts today: the Q3 slides before the 3 PM review, and booking the small conference room.',
      ),
    );
    expect(wrong.score).toBeLessThanOrEqual(0.5);
  });

  it('where the request cannot be carried out, any change no milestone asks for trips a minefield', async () => {
    const score = await play('time-insuff-push-reminder-no-modify', [
      call({ name: 'search_reminder', arguments: { content: 'dry cleaning' } }),
      call({ name: 'remove_reminder', arguments: { reminder_id: 'nonexistent' } }),
      call({
        name: 'add_reminder',
        arguments: { content: 'Pick up the dry cleaning', reminder_timestamp: 1_900_000_000 },
      }),
      say("I can't edit reminders, so I added a new one two hours later."),
    ]);
    expect(score.score).toBe(0);
    expect(score.minefields.some((match) => match.milestone.startsWith('unrequested-change:'))).toBe(true);
  });
});
