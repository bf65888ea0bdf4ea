import { remembered, rememberedUpTo } from '../world/index.js';
import { BoundedCache } from './bounded-cache.js';

/**
 * The facts an answer must state, and whether a text states them, in any common wording. An answer
 * milestone that names facts is scored by them (see `factsSimilarity`): wording is only a tie-breaker.
 *
 * - `number`: a number within `tolerance` (default 0) of the value, or the value rounded to as many
 *   decimals as the answer writes (18.4 may be said "18" or "18.4", not "19"); thousands separators and
 *   a leading minus are understood; `absolute: true` compares sizes only (a difference taken the other
 *   way round is still right).
 * - `amount` + `currency`: such a number and the currency named in any usual way (`EUR`, `eur`,
 *   `euro(s)`, `€`).
 * - `time`: a time of day `HH:MM` (or a tool's "05:43 PM"), stated as "17:43", "5:43 PM", "5:43pm", "05:43 p.m." or, on the hour,
 *   "5 PM".
 * - `date`: a date `YYYY-MM-DD`, stated as "November 26", "Nov 26", "26 November", "11/26", "2026-11-26"
 *   (a year, when stated, must match).
 * - `name`: one of the given names (whole words, any case).
 * - `yes`: the answer's first sentence affirms (`true`) or denies (`false`); a question never counts.
 * - `words`: one of the given words or phrases appears.
 * - `absent`: none of the given words or phrases appears (whole words, any case) — what a correct answer
 *   must not state, e.g. an item outside the asked-for range; stating one makes this fact wrong.
 * Values may be `{{milestone.path}}` placeholders, filled from the matched tool result.
 */
export type AnswerFact =
  | { readonly number: number | string; readonly tolerance?: number; readonly absolute?: boolean }
  | { readonly amount: number | string; readonly currency: string; readonly tolerance?: number }
  | { readonly time: string }
  | { readonly date: string }
  | { readonly name: string | readonly string[] }
  | { readonly yes: boolean }
  | { readonly words: string | readonly string[] }
  | { readonly absent: string | readonly string[] };

/** The kinds of fact, as `factKind` names them. */
export type AnswerFactKind = 'number' | 'amount' | 'time' | 'date' | 'name' | 'yes' | 'words' | 'absent';

/** What a fact's kind is, for messages and for perturbing it in proofs. */
export function factKind(fact: AnswerFact): AnswerFactKind {
  if ('amount' in fact) return 'amount';
  if ('number' in fact) return 'number';
  if ('time' in fact) return 'time';
  if ('date' in fact) return 'date';
  if ('name' in fact) return 'name';
  if ('yes' in fact) return 'yes';
  if ('absent' in fact) return 'absent';
  return 'words';
}

const CURRENCY_NAMES: Readonly<Record<string, readonly string[]>> = {
  USD: ['usd', 'us\\$', '\\$', 'dollars?', 'bucks'],
  EUR: ['eur', '€', 'euros?'],
  GBP: ['gbp', '£', 'pounds?', 'sterling'],
  JPY: ['jpy', '¥', 'yen'],
  CHF: ['chf', 'swiss francs?', 'francs?'],
  CAD: ['cad', 'canadian dollars?', 'c\\$'],
  AUD: ['aud', 'australian dollars?', 'a\\$'],
  INR: ['inr', '₹', 'rupees?'],
  CNY: ['cny', 'yuan', 'rmb', 'renminbi'],
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** The numbers written in a text (digits only; "1,234.5" is 1234.5), with how many decimals each shows. */
export function numbersIn(text: string): { value: number; decimals: number }[] {
  const numbers: { value: number; decimals: number }[] = [];
  for (const match of text.matchAll(/(?<![\w.])([-−]?)(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?/g)) {
    const digits = `${match[1] ? '-' : ''}${(match[2] ?? '').replaceAll(',', '')}${match[3] ?? ''}`;
    const value = Number(digits);
    if (Number.isFinite(value)) numbers.push({ value, decimals: Math.max(0, (match[3] ?? '').length - 1) });
  }
  return numbers;
}

/** Times of day in a text, as minutes after midnight. */
export function timesIn(text: string): number[] {
  const times: number[] = [];
  const lower = text.toLowerCase();
  for (const match of lower.matchAll(/\b(\d{1,2})(?:[:.](\d{2}))?\s?(a\.?m\.?|p\.?m\.?)(?=\W|$)/g)) {
    let hour = Number(match[1]) % 12;
    if ((match[3] ?? '').startsWith('p')) hour += 12;
    times.push(hour * 60 + Number(match[2] ?? 0));
  }
  for (const match of lower.matchAll(/\b(\d{1,2}):(\d{2})(?!\s?[ap]\.?m)/g)) {
    const hour = Number(match[1]);
    if (hour < 24) times.push(hour * 60 + Number(match[2]));
  }
  if (/\bnoon\b/.test(lower)) times.push(12 * 60);
  if (/\bmidnight\b/.test(lower)) times.push(0);
  return times;
}

/** Dates in a text, as `{ year?, month, day }`. */
export function datesIn(text: string): { year?: number; month: number; day: number }[] {
  const lower = text.toLowerCase();
  const dates: { year?: number; month: number; day: number }[] = [];
  const month = `(${MONTHS.join('|')})[a-z]*\\.?`;
  const year = '(?:,?\\s+(\\d{4}))?';
  for (const match of lower.matchAll(new RegExp(`\\b${month}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b${year}`, 'g'))) {
    dates.push(withYear(MONTHS.indexOf(match[1] as string) + 1, Number(match[2]), match[3]));
  }
  for (const match of lower.matchAll(new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?(?:\\s+of)?\\s+${month}${year}`, 'g'))) {
    dates.push(withYear(MONTHS.indexOf(match[2] as string) + 1, Number(match[1]), match[3]));
  }
  for (const match of lower.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) {
    dates.push({ year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) });
  }
  for (const match of lower.matchAll(/\b(\d{1,2})\/(\d{1,2})(?:\/(\d{4}))?\b/g)) {
    dates.push(withYear(Number(match[1]), Number(match[2]), match[3]));
  }
  return dates;
}

function withYear(month: number, day: number, year: string | undefined) {
  return year ? { year: Number(year), month, day } : { month, day };
}

/**
 * Verdicts per fact and text, remembered: every trial and augmentation of a scenario asks the same. A
 * fact object is immutable, so verdicts are kept per object; facts made afresh (placeholders filled)
 * are keyed by their content, keys given as undefined included (a fact's kind is told by its keys).
 */
const verdictsByFact = new WeakMap<AnswerFact, Map<string, boolean>>();
const verdictsByContent = new BoundedCache<string, boolean>(50_000);
const MAX_VERDICTS_PER_FACT = 1000;

/** Whether a text states a fact (placeholders already filled). */
export function statesFact(text: string, fact: AnswerFact): boolean {
  const verdicts = remembered(verdictsByFact, fact, () => new Map<string, boolean>());
  return rememberedUpTo(verdicts, MAX_VERDICTS_PER_FACT, text, () => {
    const contentKey = `${Object.keys(fact).join(',')}\u0000${JSON.stringify(fact)}\u0000${text}`;
    return verdictsByContent.get(contentKey, () => statesFactAfresh(text, fact));
  });
}

function statesFactAfresh(text: string, fact: AnswerFact): boolean {
  const lower = text.toLowerCase();
  switch (factKind(fact)) {
    case 'number':
    case 'amount': {
      const { value, tolerance } = numberOf(
        fact as { number?: number | string; amount?: number | string; tolerance?: number },
      );
      if (value === undefined) return false;
      // A number within the tolerance, or the value rounded to as many decimals as the answer shows.
      // `absolute`: the size is the fact, not the sign (a difference computed the other way round).
      const absolute = 'absolute' in fact && fact.absolute === true;
      const close = (number: { value: number; decimals: number }) =>
        Math.abs(absolute ? Math.abs(number.value) - Math.abs(value) : number.value - value) <=
        Math.max(tolerance, 0.5 * 10 ** -number.decimals) + 1e-9;
      if (!numbersIn(text).some(close)) return false;
      if (!('currency' in fact)) return true;
      const code = fact.currency.toUpperCase();
      const names = CURRENCY_NAMES[code] ?? [code.toLowerCase()];
      return names.some((name) => new RegExp(`(^|[^a-z])${name}(?![a-z])`).test(lower));
    }
    case 'time': {
      // The value is "HH:MM" or, from a tool result, a clock time such as "05:43 PM".
      const target = timesIn(String((fact as { time: string }).time))[0];
      return target !== undefined && timesIn(text).includes(target);
    }
    case 'date': {
      const [year, month, day] = (fact as { date: string }).date.split('-').map(Number);
      return datesIn(text).some(
        (date) => date.month === month && date.day === day && (date.year === undefined || date.year === year),
      );
    }
    case 'name':
    case 'words':
      return mentionsAny(lower, 'name' in fact ? fact.name : (fact as { words: unknown }).words);
    case 'absent':
      return !mentionsAny(lower, (fact as { absent: unknown }).absent);
    case 'yes': {
      const first = lower.split(/(?<=[.!?])\s+/)[0] ?? '';
      if (first.trim().endsWith('?')) return false;
      const denies =
        /^\s*(no|nope|nah)\b/.test(first) ||
        /\b(not|isn't|aren't|wasn't|weren't|doesn't|don't|didn't|won't|never|neither)\b/.test(first);
      return (fact as { yes: boolean }).yes ? !denies : denies;
    }
  }
}

/** Whether a lower-case text holds one of the given words or phrases as whole words (none given: no). */
function mentionsAny(lower: string, value: unknown): boolean {
  if (value === null || value === undefined) return false;
  const options = (Array.isArray(value) ? value : [value]).map(String).filter((option) => option.trim() !== '');
  return options.some((option) =>
    new RegExp(`(^|[^a-z0-9])${escapeRegExp(option.toLowerCase())}($|[^a-z0-9])`).test(lower),
  );
}

function numberOf(fact: { number?: number | string; amount?: number | string; tolerance?: number }): {
  value: number | undefined;
  tolerance: number;
} {
  const raw: unknown = fact.amount ?? fact.number;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : undefined;
  if (value === undefined || !Number.isFinite(value)) return { value: undefined, tolerance: 0 };
  return { value, tolerance: fact.tolerance ?? 0 };
}

/** With every fact stated, an answer scores at least this, whatever its wording. */
export const ALL_FACTS_FLOOR = 0.95;

/**
 * An answer's similarity by its facts: with every fact stated, 0.95 plus a twentieth of the wording
 * similarity (so the reference answer scores 1 and any other wording of the same facts at least 0.95 —
 * the floor for a correct alternative solution: wording only breaks ties); with any fact missing or
 * wrong (an `absent` item stated counts as wrong), at most 0.25 — a quarter of the share of facts stated, times the same
 * wording factor (low enough that an answer milestone with another constraint, e.g. "and the reminder
 * exists", still stays at or under 0.5 with a fact wrong).
 */
export function factsSimilarity(stated: number, total: number, wording: number): number {
  const factor = ALL_FACTS_FLOOR + (1 - ALL_FACTS_FLOOR) * wording;
  if (total === 0) return wording;
  return stated === total ? factor : 0.25 * (stated / total) * factor;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
