/**
 * Facts about moments: times of day and dates, found in a text in any usual form and judged against
 * the episode clock — "5:43 PM" or "17:43", "yesterday at 10:52", "48 minutes ago", "Thursday,
 * September 17", "18/09" in London, "tomorrow".
 */
import { type FactClock, type FactVerdict, found } from './fact-verdict.js';
import {
  addDays,
  localDate,
  localMinutes,
  relativeDaysIn,
  relativeMomentsIn,
  sentencesOf,
  weekdayOf,
  weekdaysIn,
} from './value-readers.js';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

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
  // A bare hour with its part of the day: "at 7 tonight", "7 in the evening", "at 9 this morning", "7 o'clock".
  for (const match of lower.matchAll(
    /\b(?:at|by|around|for|until)\s+(\d{1,2})(?::(\d{2}))?(?:\s+o'clock)?\s+(tonight|this evening|in the evening|this afternoon|in the afternoon|this morning|in the morning|tomorrow morning|tomorrow evening|tomorrow night)\b/g,
  )) {
    const hour = Number(match[1]);
    if (hour < 1 || hour > 12) continue;
    const evening = !/morning/.test(match[3] ?? '');
    times.push(((hour % 12) + (evening ? 12 : 0)) * 60 + Number(match[2] ?? 0));
  }
  if (/\bnoon\b/.test(lower)) times.push(12 * 60);
  if (/\bmidnight\b/.test(lower)) times.push(0);
  return times;
}

/** Dates in a text, as `{ year?, month, day }`. */
export interface FoundDate {
  readonly year?: number;
  readonly month: number;
  readonly day: number;
  /** Where the date starts in the text. */
  readonly index: number;
}

/**
 * Dates in a text. Numeric dates "a/b" are month first, as in the US, unless `dayFirst` (a zone outside
 * the Americas: "18/09" in London is 18 September) or the first number cannot be a month.
 */
export function datesIn(text: string, dayFirst = false): FoundDate[] {
  const lower = text.toLowerCase();
  const dates: FoundDate[] = [];
  const month = `(${MONTHS.join('|')})[a-z]*\\.?`;
  const year = '(?:,?\\s+(\\d{4}))?';
  for (const match of lower.matchAll(new RegExp(`\\b${month}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b${year}`, 'g'))) {
    dates.push(withYear(MONTHS.indexOf(match[1] as string) + 1, Number(match[2]), match[3], match.index ?? 0));
  }
  for (const match of lower.matchAll(new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?(?:\\s+of)?\\s+${month}${year}`, 'g'))) {
    dates.push(withYear(MONTHS.indexOf(match[2] as string) + 1, Number(match[1]), match[3], match.index ?? 0));
  }
  for (const match of lower.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) {
    dates.push({ year: Number(match[1]), month: Number(match[2]), day: Number(match[3]), index: match.index ?? 0 });
  }
  for (const match of lower.matchAll(/\b(\d{1,2})\/(\d{1,2})(?:\/(\d{4}))?\b/g)) {
    const [first, second] = [Number(match[1]), Number(match[2])];
    const swap = first > 12 || (dayFirst && second <= 12);
    dates.push(withYear(swap ? second : first, swap ? first : second, match[3], match.index ?? 0));
  }
  return dates;
}

/** Whether dates in a zone are written day first ("18/09"): everywhere but the Americas. */
export function writesDayFirst(timeZone: string | undefined): boolean {
  return timeZone !== undefined && !timeZone.startsWith('America/');
}

function withYear(month: number, day: number, year: string | undefined, index: number): FoundDate {
  return year ? { year: Number(year), month, day, index } : { month, day, index };
}

/** A time of day, on a date when the fact gives one: a clock time or a moment relative to now. */
export function timeVerdict(
  text: string,
  fact: { time: string; date?: string; tolerance?: number },
  clock: FactClock | undefined,
): FactVerdict {
  const target = timesIn(String(fact.time))[0];
  if (target === undefined) return 'missing';
  let stated = false;
  let other = false;
  for (const clause of sentencesOf(text)) {
    const times = timesIn(clause);
    if (times.length === 0) continue;
    if (times.includes(target)) {
      // Its day: an explicit date in the same sentence, else the day words ("yesterday", "on Monday").
      const day = clock && fact.date ? timeDayVerdict(clause, fact.date, clock) : 'missing';
      if (day === 'contradicted') other = true;
      else stated = true;
    } else other = true;
  }
  if (clock) {
    const date = fact.date ?? localDate(clock.now, clock.timeZone);
    const targetAt = instantOf(date, target, clock);
    for (const moment of relativeMomentsIn(text, clock.now)) {
      if (Math.abs(moment.at - targetAt) <= Math.max(moment.precision, 60) + (fact.tolerance ?? 0) * 60) stated = true;
      else other = true;
    }
  }
  return found(stated, other);
}

/** Whether a sentence with the right time puts it on the right day. */
function timeDayVerdict(clause: string, date: string, clock: FactClock): FactVerdict {
  const dates = datesIn(clause, writesDayFirst(clock.timeZone));
  if (dates.length === 0) return dayVerdict(clause, date, clock);
  return dateVerdict(clause, date, clock) === 'stated' ? 'stated' : 'contradicted';
}

/** Epoch seconds of a local date and minute of day (found by correcting the zone's offset once or twice). */
function instantOf(date: string, minutes: number, clock: FactClock): number {
  const [year, month, day] = date.split('-').map(Number);
  const naive = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, Math.floor(minutes / 60), minutes % 60) / 1000;
  let guess = naive;
  for (let step = 0; step < 3; step += 1) {
    const shownDate = localDate(guess, clock.timeZone);
    const shown = Date.parse(`${shownDate}T00:00:00Z`) / 1000 + localMinutes(guess, clock.timeZone) * 60;
    guess += naive - shown;
  }
  return guess;
}

/** What a text says of a date: an explicit date, "today/yesterday/tomorrow", or its weekday. */
export function dateVerdict(text: string, date: string, clock: FactClock | undefined): FactVerdict {
  const [year, month, day] = date.split('-').map(Number);
  let stated = false;
  let other = false;
  const dayFirst = writesDayFirst(clock?.timeZone);
  for (const clause of sentencesOf(text)) {
    const dates = datesIn(clause, dayFirst);
    const right = dates.filter(
      (found) => found.month === month && found.day === day && (found.year === undefined || found.year === year),
    );
    if (right.length > 0) {
      // The weekday written beside it ("Thursday, 26 November", "Fri 18/09") must be the date's own.
      const beside = right.flatMap((found) => weekdaysIn(clause.slice(Math.max(0, found.index - 14), found.index)));
      if (beside.length > 0 && !beside.includes(weekdayOf(date))) other = true;
      else stated = true;
    } else if (dates.length > 0) other = true;
  }
  if (clock) {
    // Day words count only in clauses that give no explicit date (which was judged above).
    const undated = sentencesOf(text)
      .filter((clause) => datesIn(clause, dayFirst).length === 0)
      .join(' ');
    const verdict = dayVerdict(undated, date, clock);
    if (verdict === 'stated') stated = true;
    if (verdict === 'contradicted' && !stated) other = true;
  }
  return found(stated, other);
}

/**
 * Whether the day words of a text ("today", "yesterday", "tomorrow", a weekday within a week of now)
 * point at the date.
 */
function dayVerdict(text: string, date: string, clock: FactClock): FactVerdict {
  const today = localDate(clock.now, clock.timeZone);
  const relative = relativeDaysIn(text).map((offset) => addDays(today, offset));
  const stated = relative.includes(date);
  const weekdays = weekdaysIn(text);
  const nearby = Math.abs(Date.parse(date) - Date.parse(today)) <= 6 * 86_400_000;
  const weekdayRight = nearby && weekdays.includes(weekdayOf(date));
  if (stated || (relative.length === 0 && weekdayRight)) return 'stated';
  if (relative.length > 0 || (nearby && weekdays.length > 0)) return 'contradicted';
  return 'missing';
}
