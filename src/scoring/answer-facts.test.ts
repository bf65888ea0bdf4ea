import { describe, expect, it } from 'vitest';
import { ALL_FACTS_FLOOR, type AnswerFact, factKind, factsSimilarity, statesFact } from './answer-facts.js';

/** Each fact with answers that state it (in other words) and answers that do not (a wrong or missing fact). */
const CASES: readonly { fact: AnswerFact; states: string[]; wrong: string[] }[] = [
  {
    fact: { amount: 230.9, currency: 'EUR' },
    states: [
      'One share is about 230.90 euros.',
      'It comes to €230.90.',
      'That is EUR 230.9 per share.',
      'Roughly 231 euros.',
    ],
    wrong: ['One share is about 271.01 euros.', 'About 230.90 dollars.', 'It is worth 232 euros.'],
  },
  {
    fact: { number: 1784667600 },
    states: ['Set for Unix time 1784667600.', 'timestamp 1,784,667,600'],
    wrong: ['Set for Unix time 1784667700.'],
  },
  {
    fact: { number: 14.2, tolerance: 0.5 },
    states: ["It's 14.2 degrees.", 'About 14 °C right now.', 'It is 14.6 degrees.'],
    wrong: ["It's 18 degrees.", 'It is 15 degrees.'],
  },
  {
    fact: { time: '17:43' },
    states: ['Sunset is at 5:43 PM.', 'The sun sets at 05:43 PM.', 'sunset 17:43', 'at 5:43pm', 'around 5.43 p.m.'],
    wrong: ['Sunset is at 5:34 PM.', 'Sunset is at 5:43 AM.', 'Sunset is at 6:43 PM.'],
  },
  {
    fact: { time: '05:43 PM' },
    states: ['Sunset is at 5:43 PM.', 'sunset 17:43'],
    wrong: ['Sunset is at 5:34 PM.'],
  },
  {
    fact: { time: '09:00' },
    states: ['at 9 AM', 'at 9:00', 'at 09:00 a.m.'],
    wrong: ['at 9 PM', 'at 10 AM'],
  },
  {
    fact: { date: '2026-11-26' },
    states: [
      'Thanksgiving is on Thursday, November 26.',
      'It falls on Nov 26th, 2026.',
      'on 26 November',
      'on 2026-11-26',
      'on 11/26',
    ],
    wrong: ['Thanksgiving is on November 27.', 'It falls on Nov 26, 2025.', 'on 26 October'],
  },
  {
    fact: { name: ['Priya Natarajan', 'Priya'] },
    states: ['I texted Priya.', 'Sent to PRIYA NATARAJAN.'],
    wrong: ['I texted Homer.', 'I texted Priyanka.'],
  },
  {
    fact: { words: ['conference room'] },
    states: ['Priya asked you to book the Conference Room.'],
    wrong: ['Priya asked you to book a room.', 'the conference-roomy place'],
  },
  {
    // Absent: the answer must not mention it (whole words, any case); mentioning it is the wrong fact.
    fact: { absent: ['mom', 'Helen'] },
    states: [
      'Two texts from Priya about the slides and the room.',
      'Nothing else came in; momentum is building on the slides.',
      'Helena wrote nothing today.',
    ],
    wrong: ['You also got a text from Mom.', 'Priya and HELEN texted you.', "mom's text arrived yesterday", 'mom'],
  },
  {
    fact: { absent: 'car registration' },
    states: ['Just the dry cleaning today.', 'Pick up the car at registration.'],
    wrong: ['Dry cleaning today and Renew the Car Registration next Tuesday.'],
  },
  {
    fact: { yes: true },
    states: ['Yes, low battery mode is on right now.', 'It is on.', 'Yep — battery saver is active.'],
    wrong: ['No, low battery mode is off.', "It isn't on.", 'Is my phone in battery saver mode right now?'],
  },
  {
    fact: { yes: false },
    states: ['No, it is off.', "Low battery mode isn't on."],
    wrong: ['Yes, it is on.', 'Is it on?'],
  },
];

describe('answer facts', () => {
  for (const { fact, states, wrong } of CASES) {
    const name = JSON.stringify(fact);
    it(`finds ${name} in every wording that states it`, () => {
      expect(states.filter((text) => !statesFact(text, fact))).toEqual([]);
    });
    it(`does not find ${name} where it is wrong or missing`, () => {
      expect(wrong.filter((text) => statesFact(text, fact))).toEqual([]);
    });
  }

  it('scores all facts at 0.95 or more whatever the wording, any fact missing at 0.25 or less', () => {
    expect(factsSimilarity(2, 2, 1)).toBe(1);
    expect(factsSimilarity(2, 2, 0)).toBeCloseTo(0.95);
    expect(factsSimilarity(2, 2, 0.2)).toBeCloseTo(0.96);
    expect(factsSimilarity(1, 1, 0)).toBeGreaterThanOrEqual(ALL_FACTS_FLOOR);
    expect(factsSimilarity(1, 2, 1)).toBe(0.125);
    expect(factsSimilarity(4, 5, 1)).toBeLessThanOrEqual(0.25);
    expect(factsSimilarity(0, 3, 1)).toBe(0);
  });

  it('counts an absent item that is stated as a wrong fact', () => {
    const facts: AnswerFact[] = [{ words: ['dry cleaning'] }, { absent: ['car registration'] }];
    const score = (text: string) =>
      factsSimilarity(facts.filter((fact) => statesFact(text, fact)).length, facts.length, 1);
    expect(score('Just the dry cleaning.')).toBe(1);
    expect(score('The dry cleaning and the car registration.')).toBeLessThanOrEqual(0.25);
    expect(factKind({ absent: 'mom' })).toBe('absent');
  });
});
