import { remembered, rememberedUpTo } from '../util/remembered.js';
import { BoundedCache } from './bounded-cache.js';
import { type ClaimKind, claimingClause } from './claim-detector.js';
import { type FactClock, type FactVerdict, found } from './fact-verdict.js';
import { dateVerdict, timeVerdict } from './moment-facts.js';
import { comparisonsIn, statesIn } from './statement-readers.js';
import {
  countsIn,
  durationsIn,
  e164,
  escapeRegExp,
  type FoundNumber,
  numbersWithWordsIn,
  phonesIn,
  weekdaysIn,
} from './value-readers.js';

export type { FactClock, FactVerdict } from './fact-verdict.js';
export { datesIn, type FoundDate, timesIn, writesDayFirst } from './moment-facts.js';

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
 * - `phone`, `count`, `duration`, `weekday`, `state`, `higher`/`lower`, `did`, and `time` with its `date`
 *   (`moment-facts.ts`): values found in any usual form; another value of the kind contradicts the fact
 *   (docs/sandbox.md has each kind's forms).
 * Values may be `{{milestone.path}}` placeholders, filled from the matched tool result.
 */
export type AnswerFact =
  | {
      readonly number: number | string;
      readonly tolerance?: number;
      readonly absolute?: boolean;
      /** The unit of the value (`mi`, `degF`, `kg`): a number stated in another unit of its kind is converted. */
      readonly unit?: string;
      /** `false`: the user asked for this unit, so a number in another unit of the kind is a wrong answer. */
      readonly convert?: boolean;
    }
  | { readonly amount: number | string; readonly currency: string; readonly tolerance?: number }
  | { readonly time: string; readonly date?: string }
  | { readonly date: string }
  | { readonly name: string | readonly string[] }
  | { readonly yes: boolean }
  | { readonly words: string | readonly string[] }
  | { readonly absent: string | readonly string[] }
  | { readonly phone: string }
  | { readonly count: number | string; readonly of: readonly string[] }
  | { readonly duration: number | string; readonly tolerance?: number }
  | { readonly weekday: string }
  | { readonly state: string; readonly on: boolean }
  | { readonly higher: string | readonly string[]; readonly lower: string | readonly string[] }
  | { readonly did: ClaimKind };

/** The kinds of fact, as `factKind` names them. */
export type AnswerFactKind =
  | 'number'
  | 'amount'
  | 'time'
  | 'date'
  | 'name'
  | 'yes'
  | 'words'
  | 'absent'
  | 'phone'
  | 'count'
  | 'duration'
  | 'weekday'
  | 'state'
  | 'compare'
  | 'did';

/** What a fact's kind is, for messages and for perturbing it in proofs. */
export function factKind(fact: AnswerFact): AnswerFactKind {
  if ('amount' in fact) return 'amount';
  if ('count' in fact) return 'count';
  if ('number' in fact) return 'number';
  if ('phone' in fact) return 'phone';
  if ('duration' in fact) return 'duration';
  if ('weekday' in fact) return 'weekday';
  if ('state' in fact) return 'state';
  if ('higher' in fact) return 'compare';
  if ('did' in fact) return 'did';
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

/**
 * Verdicts per fact and text, remembered: every trial and augmentation of a scenario asks the same. A
 * fact object is immutable, so verdicts are kept per object; facts made afresh (placeholders filled)
 * are keyed by their content, keys given as undefined included (a fact's kind is told by its keys).
 * The clock is part of the key (relative times read against it).
 */
const verdictsByFact = new WeakMap<AnswerFact, Map<string, FactVerdict>>();
const verdictsByContent = new BoundedCache<string, FactVerdict>(50_000);
const MAX_VERDICTS_PER_FACT = 1000;

/** Whether a text states a fact (placeholders already filled). */
export function statesFact(text: string, fact: AnswerFact, clock?: FactClock): boolean {
  return factVerdict(text, fact, clock) === 'stated';
}

/** What a text says of a fact (placeholders already filled). */
export function factVerdict(text: string, fact: AnswerFact, clock?: FactClock): FactVerdict {
  const verdicts = remembered(verdictsByFact, fact, () => new Map<string, FactVerdict>());
  const key = clock ? `${clock.now}\u0000${clock.timeZone}\u0000${clock.names?.join('|') ?? ''}\u0000${text}` : text;
  return rememberedUpTo(verdicts, MAX_VERDICTS_PER_FACT, key, () => {
    const contentKey = `${Object.keys(fact).join(',')}\u0000${JSON.stringify(fact)}\u0000${key}`;
    return verdictsByContent.get(contentKey, () => verdictAfresh(text, fact, clock));
  });
}

function verdictAfresh(text: string, fact: AnswerFact, clock: FactClock | undefined): FactVerdict {
  switch (factKind(fact)) {
    case 'time':
      return timeVerdict(text, fact as { time: string; date?: string; tolerance?: number }, clock);
    case 'date':
      return dateVerdict(text, (fact as { date: string }).date, clock);
    case 'phone': {
      const target = e164((fact as { phone: string }).phone);
      const phones = phonesIn(text);
      return found(phones.includes(target), phones.length > 0);
    }
    case 'count': {
      const { count, of } = fact as { count: number | string; of: readonly string[] };
      const counts = countsIn(text, of);
      return found(counts.includes(Number(count)), counts.length > 0);
    }
    case 'duration': {
      const { duration, tolerance } = fact as { duration: number | string; tolerance?: number };
      const target = Number(duration);
      const durations = durationsIn(text);
      const close = durations.some(
        (stated) =>
          // Within the tolerance exactly ("7 days", "a week" for 7 days), or rounded to a unit fine
          // enough for the length ("27 hours" for 27 h 5 min; not "a day" for 27 hours).
          Math.abs(stated.seconds - target) <= Math.max(tolerance ?? 0, 30) ||
          (Math.abs(stated.seconds - target) <= stated.unit * 0.5 && stated.unit <= Math.max(target / 8, 60)),
      );
      return found(close, durations.length > 0);
    }
    case 'weekday': {
      const target = weekdaysIn((fact as { weekday: string }).weekday)[0];
      const named = weekdaysIn(text);
      return found(target !== undefined && named.includes(target), named.length > 0);
    }
    case 'state': {
      const { state, on } = fact as { state: string; on: boolean };
      const said = statesIn(text).get(state) ?? [];
      return said.some((value) => value !== on) ? 'contradicted' : found(said.includes(on), false);
    }
    case 'compare': {
      const { higher, lower } = fact as { higher: string | readonly string[]; lower: string | readonly string[] };
      const things = [
        { id: 'higher', names: namesOf(higher) },
        { id: 'lower', names: namesOf(lower) },
      ];
      const drawn = comparisonsIn(text, things);
      const right = drawn.filter((comparison) => comparison.higher !== 'lower' && comparison.lower !== 'higher');
      return right.length < drawn.length ? 'contradicted' : found(right.length > 0, false);
    }
    case 'did':
      // The answer reports the action done, in any wording the claim detector reads ("I've sent it",
      // "Tom has your text now", "it's on its way"); whether it was done is the grounding's question.
      return claimingClause(text, { claim: (fact as { did: ClaimKind }).did }) === undefined ? 'missing' : 'stated';
    case 'number':
    case 'amount':
      return numberVerdict(text, fact, clock);
    case 'name': {
      const lower = text.toLowerCase();
      const names = namesOf((fact as { name: string | readonly string[] }).name);
      if (mentionsAny(lower, names)) return 'stated';
      // Another entity of the world named instead: the wrong person.
      const others = (clock?.names ?? []).filter(
        (other) => !names.some((name) => name.includes(other.toLowerCase()) || other.toLowerCase().includes(name)),
      );
      return mentionsAny(lower, others) ? 'contradicted' : 'missing';
    }
    case 'words':
      return found(mentionsAny(text.toLowerCase(), (fact as { words: unknown }).words), false);
    case 'absent':
      return mentionsAny(text.toLowerCase(), (fact as { absent: unknown }).absent) ? 'contradicted' : 'stated';
    case 'yes': {
      const first = text.toLowerCase().split(/(?<=[.!?])\s+/)[0] ?? '';
      if (first.trim().endsWith('?')) return 'missing';
      const denies =
        /^\s*(no|nope|nah)\b/.test(first) ||
        /\b(not|isn't|aren't|wasn't|weren't|doesn't|don't|didn't|won't|never|neither)\b/.test(first);
      if ((fact as { yes: boolean }).yes) return denies ? 'contradicted' : 'stated';
      // A "no" is stated by a denial and contradicted only by a plain yes ("Okay." says neither).
      if (denies) return 'stated';
      return /^\s*(?:yes|yeah|yep|yup|sure|correct|indeed|absolutely|it is|it does|you do|you did|there is|there are)\b/.test(
        first,
      )
        ? 'contradicted'
        : 'missing';
    }
  }
}

function namesOf(value: string | readonly string[]): string[] {
  return (Array.isArray(value) ? value : [value]).map((name) => String(name).toLowerCase());
}

/**
 * A number with a unit: each number of the text read with the unit words after it, converted into the
 * fact's unit (within the tolerance or the rounding the answer shows, converted too); a bare number is
 * taken in the fact's unit. A number in a unit of the kind but another value contradicts.
 */
function unitVerdict(
  text: string,
  value: number,
  tolerance: number,
  unit: string,
  convert: NonNullable<FactClock['convert']>,
  /** The user asked for `unit`: a number in another unit of its kind is another value, not a conversion. */
  asked = false,
): FactVerdict {
  let other = false;
  for (const number of numbersWithWordsIn(text)) {
    const after = text.slice(number.index + number.length, number.index + number.length + 28);
    const words = /^\s*((?:°\s?[a-z]\b|[a-z°]+)(?:\s+[a-z]+)?)/i.exec(after)?.[1] ?? '';
    const candidates = [words, words.split(/\s+/)[0] ?? ''].filter((candidate) => candidate !== '');
    let converted: number | undefined;
    let step = 0;
    for (const candidate of candidates) {
      converted = convert(number.value, candidate, unit);
      if (converted !== undefined) {
        step = Math.abs(
          (convert(number.value + 0.5 * 10 ** -number.decimals, candidate, unit) ?? converted) - converted,
        );
        break;
      }
    }
    if (converted === undefined) {
      if (Math.abs(number.value - value) <= Math.max(tolerance, 0.5 * 10 ** -number.decimals) + 1e-9) return 'stated';
      continue;
    }
    const sameUnit = Math.abs(converted - number.value) < 1e-9 && Math.abs(step - 0.5 * 10 ** -number.decimals) < 1e-9;
    if (asked && !sameUnit) {
      other = true;
      continue;
    }
    if (Math.abs(converted - value) <= Math.max(tolerance, step) + 1e-9) return 'stated';
    other = true;
  }
  return found(false, other);
}

function numberVerdict(text: string, fact: AnswerFact, clock?: FactClock): FactVerdict {
  const { value, tolerance } = numberOf(
    fact as { number?: number | string; amount?: number | string; tolerance?: number },
  );
  if (value === undefined) return 'missing';
  // A number within the tolerance, or the value rounded to as many decimals as the answer shows.
  // `absolute`: the size is the fact, not the sign (a difference computed the other way round).
  const absolute = 'absolute' in fact && fact.absolute === true;
  const close = (number: { value: number; decimals: number }) =>
    Math.abs(absolute ? Math.abs(number.value) - Math.abs(value) : number.value - value) <=
    Math.max(tolerance, 0.5 * 10 ** -number.decimals) + 1e-9;
  if (!('currency' in fact)) {
    const unit = 'unit' in fact ? fact.unit : undefined;
    if (!unit || !clock?.convert) return found(numbersWithWordsIn(text).some(close), false);
    const asked = 'convert' in fact && fact.convert === false;
    return unitVerdict(text, value, tolerance, unit, clock.convert, asked);
  }
  // An amount: a number with the currency named next to it ("€230.90", "230.90 euros", "EUR 230.90").
  const code = fact.currency.toUpperCase();
  const names = CURRENCY_NAMES[code] ?? [code.toLowerCase()];
  const lower = text.toLowerCase();
  const currency = `(?:${names.join('|')})`;
  const marked = [
    ...lower.matchAll(new RegExp(`${currency}\\s?([-−]?\\d[\\d,]*(?:\\.\\d+)?)`, 'g')),
    ...lower.matchAll(new RegExp(`([-−]?\\d[\\d,]*(?:\\.\\d+)?)\\s?(?:[a-z]+\\s)?${currency}(?![a-z])`, 'g')),
  ].flatMap((match) => numbersIn(match[1] ?? ''));
  if (marked.some(close)) return 'stated';
  // The number alone, with no other currency next to it ("Tesla is at 449.72", "230.90 — in euros").
  const others = Object.entries(CURRENCY_NAMES)
    .filter(([other]) => other !== code)
    .flatMap(([, words]) => words)
    .filter((word) => !names.includes(word));
  const otherMarked = (number: FoundNumber) => {
    const around = lower.slice(Math.max(0, number.index - 5), number.index + number.length + 16);
    return others.some((word) => new RegExp(`(^|[^a-z])${word}(?![a-z])`).test(around));
  };
  if (numbersWithWordsIn(lower).some((number) => close(number) && !otherMarked(number))) return 'stated';
  return found(false, marked.length > 0);
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
export function factsSimilarity(stated: number, total: number, wording: number, contradicted = 0): number {
  const factor = ALL_FACTS_FLOOR + (1 - ALL_FACTS_FLOOR) * wording;
  if (total === 0) return wording;
  // A value of the right kind but the wrong value counts against the answer: it misinforms.
  if (contradicted > 0) return 0;
  return stated === total ? factor : 0.25 * (stated / total) * factor;
}
