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

/** The augmentations a base query is written in, cycled so every style appears in every environment. */
export const MAIN_AUGMENTATIONS: readonly Augmentation[] = ['constraint', 'sentence-transformation', 'relevant-data'];

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
