import { describe, expect, it } from 'vitest';
import { type AnswerFact, type FactClock, factsSimilarity, factVerdict } from './answer-facts.js';
import { columnSimilarity } from './column-similarity.js';
import { comparisonsIn, statesIn } from './statement-readers.js';
import { countsIn, durationsIn, phonesIn, relativeMomentsIn, wordNumber } from './value-readers.js';

/** Tuesday 29 September 2026, 11:40 in Los Angeles. */
const CLOCK: FactClock = { now: Date.parse('2026-09-29T11:40:00-07:00') / 1000, timeZone: 'America/Los_Angeles' };

/** Each fact with texts that state it, texts that contradict it (another value of its kind) and texts silent on it. */
const CASES: readonly { fact: AnswerFact; stated: string[]; contradicted: string[]; missing?: string[] }[] = [
  {
    fact: { phone: '+14155550100' },
    stated: [
      'Your number is 415.555.0100.',
      'It is (415) 555-0100.',
      'Call +1 415 555 0100.',
      'your number: +14155550100',
      '415-555-0100 is yours',
      '4155550100',
      '1-415-555-0100',
    ],
    contradicted: ['Your number is 416-555-0100.', 'It is (415) 555-0101.', 'Call +1 415 555 0010.'],
    missing: ['It ends in 0100.', 'I could not find your number.'],
  },
  {
    fact: { count: 2, of: ['text', 'message'] },
    stated: [
      'Priya sent you 2 texts today.',
      'She texted you twice.',
      'Two new text messages from your boss.',
      'You got a couple of messages from her.',
    ],
    contradicted: [
      'Priya sent you 3 texts today about the slides.',
      'She sent one message.',
      'She sent nothing today.',
      'You have no messages from her.',
    ],
    missing: ['She wants the Q3 slides before the 3 pm review.'],
  },
  {
    fact: { duration: 27 * 3600 },
    stated: ['1 day and 3 hours.', 'one day, three hours', '27 hours', 'a day and 3 hours', '1 day 3 hours'],
    contradicted: ['3 hours', '2 days and 4 hours', '26 hours'],
    missing: ['a while ago'],
  },
  {
    fact: { time: '10:52', date: '2026-09-29' },
    stated: [
      'You last texted Priya today at 10:52 AM.',
      'At 10:52 this morning.',
      'about 48 minutes ago',
      '48 minutes ago',
      'at 10.52 a.m.',
    ],
    contradicted: ['Yesterday at 10:52.', 'today at 11:28 AM', 'about 2 hours ago', 'On Monday at 10:52 AM.'],
    missing: ['Earlier today.'],
  },
  {
    fact: { date: '2026-09-30' },
    stated: ['Tomorrow.', 'On Wednesday, September 30.', 'Sep 30th', '9/30', 'on Wednesday'],
    contradicted: ['On Thursday, September 30.', 'Today.', 'October 1', 'on Friday'],
  },
  {
    fact: { weekday: 'Thursday' },
    stated: ['The book club moved to Thursday.', "It's on Thu."],
    contradicted: ['The book club moved to Tuesday.'],
    missing: ['The book club moved.'],
  },
  {
    fact: { state: 'cellular', on: false },
    stated: [
      'Wi-Fi is the only thing switched on; cellular, location and low battery mode are off.',
      'Cellular is off.',
      'Cellular service is not on.',
      'Mobile data is disabled.',
      'Everything is off.',
    ],
    contradicted: ['Cellular is on.', 'Wifi and cellular are both on.', 'I turned on cellular.'],
    missing: [
      'Turning cellular on would fix it.',
      'If you switch cellular on, texts will go out.',
      'Low battery mode keeps cellular off.',
    ],
  },
  {
    fact: { higher: ['Oracle', 'ORCL'], lower: ['Microsoft', 'MSFT'] },
    stated: [
      'Oracle is more expensive than Microsoft.',
      'Microsoft is cheaper.',
      "You'd pay more for an Oracle share.",
      'An Oracle share costs more than a Microsoft share.',
    ],
    contradicted: [
      'Microsoft is more expensive than Oracle.',
      "You'd pay more for a Microsoft share.",
      'Oracle is cheaper than Microsoft.',
      'Oracle is not more expensive.',
    ],
    missing: ['Oracle is at 150 dollars and Microsoft at 420 dollars.'],
  },
  {
    fact: { amount: 230.9, currency: 'EUR' },
    stated: ['About €230.90.', '230.9 euros', 'EUR 231'],
    contradicted: ['About €320.90.', '250 euros'],
    missing: ['230.90 dollars'],
  },
  {
    fact: { number: 40 },
    stated: ['forty shares', '40 shares'],
    contradicted: [],
    missing: ['fifty shares'],
  },
];

describe('typed facts', () => {
  for (const { fact, stated, contradicted, missing = [] } of CASES) {
    const name = JSON.stringify(fact);
    it(`${name}: finds the value in any usual form`, () => {
      for (const text of stated) expect([text, factVerdict(text, fact, CLOCK)]).toEqual([text, 'stated']);
    });
    it(`${name}: a value of its kind but another value counts against the answer`, () => {
      for (const text of contradicted) expect([text, factVerdict(text, fact, CLOCK)]).toEqual([text, 'contradicted']);
    });
    it(`${name}: says nothing where the text does not state its kind`, () => {
      for (const text of missing) expect([text, factVerdict(text, fact, CLOCK)]).toEqual([text, 'missing']);
    });
  }

  it('scores an answer with a contradicted fact 0, below one with the fact missing', () => {
    expect(factsSimilarity(1, 2, 1, 1)).toBe(0);
    expect(factsSimilarity(1, 2, 1, 0)).toBeGreaterThan(0);
    expect(factsSimilarity(2, 2, 0, 0)).toBeGreaterThanOrEqual(0.95);
  });

  it('judges a sent text by its values, not by a substring', () => {
    const measure = { facts: [{ time: '19:00' }] } as const;
    expect(columnSimilarity(measure, '', 'Dinner is at 7 pm tonight, not 6.')).toBe(1);
    expect(columnSimilarity(measure, '', 'Dinner is at 17:00.')).toBe(0);
    const phone = { facts: [{ phone: '+14155550100' }] } as const;
    expect(columnSimilarity(phone, '', "here's my number: 415.555.0100")).toBe(1);
    expect(columnSimilarity(phone, '', 'my number: 416-555-0100')).toBe(0);
    expect(columnSimilarity('phone', '+14155550100', '(415) 555-0100')).toBe(1);
    expect(columnSimilarity('phone', '+14155550100', '(415) 555-0101')).toBe(0);
  });
});

describe('value readers', () => {
  it('reads numbers written in words', () => {
    expect(wordNumber('twenty-one')).toBe(21);
    expect(wordNumber('a hundred and five')).toBe(105);
    expect(wordNumber('one hundred and five')).toBe(105);
    expect(wordNumber('dozen')).toBe(12);
  });

  it('reads counts of the given nouns only', () => {
    expect(countsIn('2 texts and the 3pm review', ['text'])).toEqual([2]);
    expect(countsIn('three text messages', ['message'])).toEqual([3]);
  });

  it('adds up the parts of a duration and keeps its precision', () => {
    expect(durationsIn('an hour and a half').map((found) => found.seconds)).toEqual([5400]);
    expect(durationsIn('1h 30m').map((found) => found.seconds)).toEqual([5400]);
    expect(durationsIn('2 days, 4 hours and 5 minutes')[0]).toMatchObject({ seconds: 187_500, unit: 60 });
  });

  it('reads moments relative to now', () => {
    expect(relativeMomentsIn('about 48 minutes ago', 10_000)).toEqual([{ at: 10_000 - 2880, precision: 60 }]);
    expect(relativeMomentsIn('in 2 hours', 0)).toEqual([{ at: 7200, precision: 3600 }]);
    expect(relativeMomentsIn('90 minutes from now', 0)).toEqual([{ at: 5400, precision: 60 }]);
  });

  it('finds phone numbers but not dates or amounts', () => {
    expect(phonesIn('Call 415.555.0100 on 2026-09-29 about $1,234.56')).toEqual(['+14155550100']);
  });
});

describe('statement readers', () => {
  it('reads the state of every switch, with "the only thing on" and lists', () => {
    const states = statesIn('Wi-Fi is the only thing switched on; cellular, location and low battery mode are off.');
    expect(Object.fromEntries([...states].map(([id, said]) => [id, said.every(Boolean) ? 'on' : 'off']))).toEqual({
      wifi: 'on',
      cellular: 'off',
      location_service: 'off',
      low_battery_mode: 'off',
    });
  });

  it('reads "turned off X and turned on Y and Z", and nothing from advice or the past', () => {
    const states = statesIn('I turned off low battery mode and turned on location service and wifi.');
    expect(states.get('low_battery_mode')).toEqual([false]);
    expect(states.get('location_service')).toEqual([true]);
    expect(states.get('wifi')).toEqual([true]);
    expect(statesIn('Turning low battery mode off and then wifi on would fix it.').size).toBe(0);
    expect(statesIn('Low battery mode was on before.').size).toBe(0);
  });

  it('tells the subject of a comparison from its object', () => {
    const things = [
      { id: 'a', names: ['lake merritt'] },
      { id: 'b', names: ['here'] },
    ];
    expect(comparisonsIn("It's warmer at Lake Merritt than here.", things)).toEqual([{ higher: 'a', lower: 'b' }]);
    expect(comparisonsIn('Here is colder than Lake Merritt.', things)).toEqual([{ lower: 'b', higher: 'a' }]);
  });
});

describe('numbers with a unit', () => {
  /** A converter that knows kilometres and miles (the sandbox gives mathjs's). */
  const clock: FactClock = {
    ...CLOCK,
    convert: (amount, words, to) => {
      const unit = /^(?:km|kilometers?|kilometres?)$/i.test(words) ? 'km' : /^(?:mi|miles?)$/i.test(words) ? 'mi' : '';
      if (!unit) return undefined;
      if (unit === to) return amount;
      return unit === 'mi' ? amount * 1.609344 : amount / 1.609344;
    },
  };
  const fact: AnswerFact = { number: 0.87, unit: 'km' };

  it('converts a number stated in another unit of the kind, within the rounding it shows', () => {
    expect(factVerdict('It is 0.87 km away.', fact, clock)).toBe('stated');
    expect(factVerdict('It is 0.54 miles away.', fact, clock)).toBe('stated');
    expect(factVerdict('It is about half a kilometre away: 0.9 km.', fact, clock)).toBe('stated');
  });

  it('contradicts another value in a unit of the kind, and reads bare numbers in the fact unit', () => {
    expect(factVerdict('It is 0.87 miles away.', fact, clock)).toBe('contradicted');
    expect(factVerdict('It is 1.4 km away.', fact, clock)).toBe('contradicted');
    expect(factVerdict('Distance: 0.87.', fact, clock)).toBe('stated');
  });
});

describe('switch states said with a pronoun, an exception or a mode', () => {
  it('reads "it" as the switch named last, "everything except" the other way round, and "in low battery mode"', () => {
    expect(statesIn('Cellular was off. It is on now.').get('cellular')).toEqual([true]);
    expect(statesIn("Cellular service had been turned off. I've turned it back on.").get('cellular')).toEqual([true]);
    expect(statesIn('Everything except wifi is off.').get('wifi')).toEqual([true]);
    expect(statesIn('Your phone is in low battery mode.').get('low_battery_mode')).toEqual([true]);
    expect(statesIn('Yes, battery saver mode is on right now.').get('low_battery_mode')).toEqual([true]);
    // A cause in the past states nothing of now; a state said in the same breath does.
    expect(statesIn('Low battery mode had cellular switched off; cellular is on now.').get('cellular')).toEqual([true]);
  });
});
