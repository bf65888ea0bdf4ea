/**
 * Seeded helpers for the ToolScan data generator: the same seed always writes the same files, so the
 * committed JSON can be regenerated and diffed.
 */
export interface Random {
  next(): number;
  int(low: number, high: number): number;
  pick<Item>(items: readonly Item[]): Item;
  chance(probability: number): boolean;
  shuffle<Item>(items: readonly Item[]): Item[];
  sample<Item>(items: readonly Item[], count: number): Item[];
}

/** mulberry32: a small, fast 32-bit generator; plenty for plausible fixture data. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    int: (low, high) => low + Math.floor(next() * (high - low + 1)),
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (probability) => next() < probability,
    shuffle: (items) => {
      const copy = [...items];
      for (let index = copy.length - 1; index > 0; index -= 1) {
        const other = Math.floor(next() * (index + 1));
        const held = copy[index] as (typeof copy)[number];
        copy[index] = copy[other] as (typeof copy)[number];
        copy[other] = held;
      }
      return copy;
    },
    sample: (items, count) => random.shuffle(items).slice(0, count),
  };
  return random;
}

/** `YYYY-MM-DD` of a UTC day number (days since 1970-01-01). */
export function isoDay(dayNumber: number): string {
  return new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);
}

export function dayNumber(isoDate: string): number {
  return Math.round(Date.parse(`${isoDate}T00:00:00Z`) / 86_400_000);
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `March 5, 2024` for `2024-03-05`. */
export function longDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${day}, ${year}`;
}

/** One ground-truth call as the query file stores it. */
export interface GoldCall {
  readonly api: string;
  readonly arguments: Record<string, unknown>;
}

export type Augmentation = 'constraint' | 'sentence-transformation' | 'relevant-data' | 'irrelevant-constraint';

export type AnswerSpec =
  | { type: 'number'; value: number; tolerance: number; check?: 'appears' | 'computed' }
  | { type: 'set'; values: string[]; ordered?: boolean; check?: 'appears' | 'computed' }
  | { type: 'string'; value: string; aliases?: string[]; check?: 'appears' | 'computed' };

export interface QueryRecord {
  id: string;
  baseId: string;
  goal: string;
  augmentation: Augmentation;
  trajectories: GoldCall[][];
  answer: AnswerSpec;
  irrelevance?: (typeof IRRELEVANCE_KINDS)[number];
}

/** "Any value" in a gold call: the example is what the oracle plays. */
export function anyValue(example: unknown): { $any: unknown } {
  return { $any: example };
}

/** A number at least `min` (a page size that must hold every result); the oracle plays `min`. */
export function atLeast(min: number): { $min: number } {
  return { $min: min };
}

export function near(value: number, tolerance: number): { $near: number; tolerance: number } {
  return { $near: value, tolerance };
}

export function call(api: string, args: Record<string, unknown> = {}): GoldCall {
  return { api, arguments: args };
}

/**
 * How many queries each environment's generator drafts: the 30 it keeps, then spares that replace a
 * query repeating an earlier one's goal (generate.ts), so that a replacement never shifts the others.
 */
export const QUERY_DRAFTS = 40;

/** The augmentations a base query is written in, cycled so every style appears in every environment. */
export const MAIN_AUGMENTATIONS: readonly Augmentation[] = ['constraint', 'sentence-transformation', 'relevant-data'];

/** The paper's three kinds of irrelevance (Table 7), cycled through each environment's variants. */
export const IRRELEVANCE_KINDS = ['unrelated-request', 'unexpressible-constraint', 'mismatched-parameter'] as const;

/** Conditions on the reply that no argument of any API can express; the answer is unchanged. */
export const UNEXPRESSIBLE_CONSTRAINTS: readonly string[] = [
  'Only use information that a librarian would consider trustworthy.',
  'Keep in mind I am colour-blind, so describe nothing by colour.',
  'Give priority to sources written in a formal tone.',
  'I need it before my meeting at 3 pm.',
  'Make sure the data is not older than my grandmother.',
  'Please double-check it with a second opinion.',
  'Consider only results that would interest a teenager.',
];

/** Parameters meant for a function the query does not need (another API of the environment, or none). */
export const MISMATCHED_PARAMETERS: Readonly<Record<string, readonly string[]>> = {
  patents: [
    'Use the inventor last name "Okafor" as the assignee for this.',
    'Set the excluded word to "banana" in the date-range search.',
    'Sort the patent results by rating, highest first.',
    'Pass the department "Writing" to the patent look-up.',
    'Use the news site "NASA" as the assignee filter.',
    'Set the season to 2023 for the patent search.',
    'Filter the patents by genre "Drama".',
  ],
  movies: [
    'Use the person id 12 as the movie id for the details.',
    'Set the department to "Acting" in the movie search.',
    'Pass the role "crew" to the similar-movies list.',
    'Search with a minimum rating of 7 in the person search.',
    'Set the category to "chemical" for the movie search.',
    'Use the news site "ESA" for the movie search.',
    'Give the latitude 48.85 to the movie look-up.',
  ],
  spaceflight: [
    'Use the article id 7 as the offset of the blog search.',
    'Set featured to true for the reports search.',
    'Pass the news site to the info look-up as well.',
    'Set the start date of the before-date search to 2020-01-01.',
    'Use the page size 25 for the article search.',
    'Filter the articles by assignee "NASA".',
    'Set the season to 2022 for the article search.',
  ],
};

/** Irrelevant constraints: requests no tool of any environment can honour; the answer is unchanged. */
export const IRRELEVANT_CONSTRAINTS: readonly string[] = [
  'Also email the result to my manager.',
  'Please translate your reply into Portuguese as well.',
  'And book me a table for two at a nearby restaurant tonight.',
  'Put the answer on my calendar for next Monday too.',
  'Also tell me the current exchange rate of the yen.',
  'While you are at it, order me a taxi to the airport.',
  'Then set an alarm for 6 am tomorrow.',
  'Also post the answer to my team chat.',
];
