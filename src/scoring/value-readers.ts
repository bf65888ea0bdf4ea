/**
 * Readers of typed values in free text: numbers written in words, counts of things, durations, moments
 * said relative to a clock ("48 minutes ago", "yesterday at 10:52"), phone numbers, the on/off state of
 * named things and comparisons ("X is cheaper than Y"). Answer facts (`answer-facts.ts`) compare the
 * values these find with the value a fact names, so an answer is judged by what it states, in any usual
 * form, and a stated value of the right kind but the wrong value counts against it.
 *
 * Everything here is pure and reads only the text (and, for moments, the clock it is given).
 */

const UNITS: Readonly<Record<string, number>> = {
  zero: 0,
  no: 0,
  one: 1,
  a: 1,
  an: 1,
  single: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  dozen: 12,
};
const TENS: Readonly<Record<string, number>> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const WORD_NUMBER = String.raw`(?:(?:${Object.keys(TENS).join('|')})(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?|${Object.keys(
  UNITS,
)
  .filter((word) => !['a', 'an', 'no', 'single'].includes(word))
  .join('|')})(?:\s+hundred(?:\s+(?:and\s+)?\w+(?:-\w+)?)?)?`;

/** The value of a number written in words ("twenty-one", "a hundred and five"), or undefined. */
export function wordNumber(text: string): number | undefined {
  const words = text
    .toLowerCase()
    .replace(/-/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== 'and' && word !== '');
  if (words.length === 0) return undefined;
  let total = 0;
  let current = 0;
  for (const word of words) {
    if (word in UNITS) current += UNITS[word] as number;
    else if (word in TENS) current += TENS[word] as number;
    else if (word === 'hundred') current = (current || 1) * 100;
    else if (word === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
    } else return undefined;
  }
  return total + current;
}

/** A number found in a text: its value, the decimals it shows, where it is. */
export interface FoundNumber {
  readonly value: number;
  readonly decimals: number;
  readonly index: number;
  readonly length: number;
}

/** Numbers written with digits ("1,234.5") or words ("forty-two", "a dozen"), in text order. */
export function numbersWithWordsIn(text: string): FoundNumber[] {
  const found: FoundNumber[] = [];
  for (const match of text.matchAll(/(?<![\w.])([-−]?)(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?![\d])/g)) {
    const digits = `${match[1] ? '-' : ''}${(match[2] ?? '').replaceAll(',', '')}${match[3] ?? ''}`;
    const value = Number(digits);
    if (Number.isFinite(value)) {
      found.push({
        value,
        decimals: Math.max(0, (match[3] ?? '').length - 1),
        index: match.index ?? 0,
        length: match[0].length,
      });
    }
  }
  for (const match of text.toLowerCase().matchAll(new RegExp(`\\b${WORD_NUMBER}\\b`, 'g'))) {
    const value = wordNumber(match[0]);
    if (value !== undefined) found.push({ value, decimals: 0, index: match.index ?? 0, length: match[0].length });
  }
  return found.sort((a, b) => a.index - b.index);
}

/** Whether a word (possibly plural) is one of the nouns, compared by stem: text/texts, message/messages. */
function nounMatches(word: string, nouns: readonly string[]): boolean {
  const forms = (value: string) => {
    const lower = value.toLowerCase();
    return [lower, lower.replace(/s$/, ''), lower.replace(/es$/, '')];
  };
  const said = forms(word);
  return nouns.some((noun) => forms(noun).some((form) => said.includes(form)));
}

/**
 * Counts of things in a text: "2 texts", "two new text messages", "a text", "no messages", "twice",
 * "three times" (a count of any of the nouns: "she texted you twice"). Only counts of the given nouns,
 * so "the 3pm review" is not a count of texts.
 */
export function countsIn(text: string, nouns: readonly string[]): number[] {
  const lower = text.toLowerCase();
  const counts: number[] = [];
  const quantity = String.raw`(\d+|a couple of|a pair of|a single|${WORD_NUMBER}|an?|no)`;
  // The noun is part of the pattern, so "one text today" reads "text" as the noun, not as a modifier.
  const stems = [...new Set(nouns.map((noun) => escapeRegExp(noun.toLowerCase().replace(/e?s$/, ''))))];
  const pattern = new RegExp(
    String.raw`\b${quantity}\s+(?:(?:new|more|other|unread|separate|different|text|short)\s+){0,2}((?:${stems.join('|')})[a-z]*)\b`,
    'g',
  );
  for (const match of lower.matchAll(pattern)) {
    const [, amount = '', noun = ''] = match;
    if (!nounMatches(noun, nouns)) continue;
    // "text messages": the noun after "text" when both are nouns of the fact.
    const value =
      amount === 'a couple of' || amount === 'a pair of'
        ? 2
        : amount === 'a single'
          ? 1
          : /^\d+$/.test(amount)
            ? Number(amount)
            : wordNumber(amount);
    if (value !== undefined) counts.push(value);
  }
  // A bare number answering "how many?" at the start: "Two.", "2, both from Priya".
  const bare = /^\s*(\d+|[a-z]+(?:-[a-z]+)?)\s*[.,:!—–-]/.exec(lower);
  const bareValue = bare ? (/^\d+$/.test(bare[1] ?? '') ? Number(bare[1]) : wordNumber(bare[1] ?? '')) : undefined;
  if (bareValue !== undefined && !['a', 'an', 'no'].includes(bare?.[1] ?? '')) counts.push(bareValue);
  // "she sent nothing today", "none came in": zero, said of a sending or receiving.
  if (
    /\b(?:sent|texted|messaged|received|got|wrote|came in|arrived)\b[^.;]*\b(?:nothing|none|no one|anything)\b|\b(?:nothing|none|no one)\b[^.;]*\b(?:sent|texted|messaged|came|arrived|received)\b/.test(
      lower,
    )
  ) {
    counts.push(0);
  }
  if (new RegExp(String.raw`\b(?:${nouns.map(escapeRegExp).join('|')})`, 'i').test(lower) || nouns.length === 0) {
    for (const match of lower.matchAll(/\b(once|twice|thrice|(\d+|\w+) times)\b/g)) {
      const word = match[1] ?? '';
      const value =
        word === 'once'
          ? 1
          : word === 'twice'
            ? 2
            : word === 'thrice'
              ? 3
              : /^\d+$/.test(match[2] ?? '')
                ? Number(match[2])
                : wordNumber(match[2] ?? '');
      if (value !== undefined) counts.push(value);
    }
  }
  return counts;
}

const UNIT_SECONDS: readonly [RegExp, number][] = [
  [/^(?:seconds?|secs?|s)$/, 1],
  [/^(?:minutes?|mins?|m)$/, 60],
  [/^(?:hours?|hrs?|h)$/, 3600],
  [/^(?:days?|d)$/, 86_400],
  [/^(?:weeks?|wks?)$/, 604_800],
];

function unitSeconds(unit: string): number | undefined {
  return UNIT_SECONDS.find(([pattern]) => pattern.test(unit))?.[1];
}

/** A duration found in a text: its length in seconds, its smallest unit, where it is. */
export interface FoundDuration {
  readonly seconds: number;
  /** The smallest unit written, in seconds (how precise the text is). */
  readonly unit: number;
  readonly index: number;
  readonly end: number;
}

const LONG_UNITS = 'seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|wks?';
/** A part of a duration: digits with any unit ("90 min", "1h"), or words with a spelled unit ("an hour"). */
const DURATION_PART = String.raw`(?:(\d+(?:\.\d+)?)\s*(${LONG_UNITS}|h|m|d)|(${WORD_NUMBER}|an?|half an?|a half)\s+(${LONG_UNITS}))\b(\s+and\s+a\s+half)?`;

/**
 * Durations in a text: "1 day and 3 hours", "27 hours", "an hour and a half", "1.5 hours", "90 min",
 * "1h 30m", "a week". Adjacent parts joined by "and", commas or spaces add up.
 */
export function durationsIn(text: string): FoundDuration[] {
  const lower = text.toLowerCase();
  const parts: { seconds: number; unit: number; index: number; end: number }[] = [];
  for (const match of lower.matchAll(new RegExp(`\\b${DURATION_PART}`, 'g'))) {
    const [whole, digits, digitUnit, words, wordUnit, half] = match;
    const amount = digits ?? words ?? '';
    const unitWord = digitUnit ?? wordUnit ?? '';
    const unit = unitSeconds(unitWord);
    if (unit === undefined) continue;
    const value =
      amount === 'a' || amount === 'an'
        ? 1
        : amount.startsWith('half')
          ? 0.5
          : amount === 'a half'
            ? 0.5
            : /^\d/.test(amount)
              ? Number(amount)
              : wordNumber(amount);
    if (value === undefined) continue;
    const total = (value + (half ? 0.5 : 0)) * unit;
    const precision = half || !Number.isInteger(value) ? Math.min(unit / 2, unit) : unit;
    parts.push({ seconds: total, unit: precision, index: match.index ?? 0, end: (match.index ?? 0) + whole.length });
  }
  const durations: FoundDuration[] = [];
  for (const part of parts) {
    const last = durations.at(-1);
    const between = last ? lower.slice(last.end, part.index) : '';
    if (last && /^\s*(?:,|and|,\s*and)?\s*$/.test(between) && last.unit > part.unit) {
      durations[durations.length - 1] = {
        seconds: last.seconds + part.seconds,
        unit: part.unit,
        index: last.index,
        end: part.end,
      };
    } else {
      durations.push(part);
    }
  }
  return durations;
}

/** The local calendar date of an instant in a zone, as YYYY-MM-DD. */
export function localDate(epochSeconds: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(epochSeconds * 1000));
  return parts;
}

/** Minutes after local midnight of an instant in a zone. */
export function localMinutes(epochSeconds: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(epochSeconds * 1000));
  const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((part) => part.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

/** The date `days` after a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  const shifted = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days));
  return shifted.toISOString().slice(0, 10);
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** The weekday (0 = Sunday) of a YYYY-MM-DD date. */
export function weekdayOf(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)).getUTCDay();
}

/** Weekdays named in a text (0 = Sunday). */
export function weekdaysIn(text: string): number[] {
  const found: number[] = [];
  // Full names in any case; abbreviations only capitalised ("Sun", "Sat."), so "the sun sets" is no Sunday.
  for (const match of text.matchAll(/\b(sun|mon|tues|wednes|thurs|fri|satur)day\b/gi)) {
    found.push(WEEKDAYS.findIndex((day) => day.startsWith((match[1] ?? '').toLowerCase().slice(0, 3))));
  }
  for (const match of text.matchAll(/\b(Sun|Mon|Tue|Tues|Wed|Thu|Thurs|Fri|Sat)\b\.?/g)) {
    found.push(WEEKDAYS.findIndex((day) => day.startsWith((match[1] ?? '').toLowerCase().slice(0, 3))));
  }
  return found.filter((index) => index >= 0);
}

/**
 * The sentences of a text: cut after ".", "!", "?" or ";" and a space, but not after "a.m."/"p.m."
 * (a time goes on with its day: "5:43 p.m. tomorrow") or a street abbreviation.
 */
export function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?;])(?<![ap]\.m\.)(?<!\b(?:St|Ave|Blvd|Dr|Mr|Mrs|Ms|Dr|No)\.)\s+/i);
}

/** Days relative to today named in a text: today/tonight/this morning 0, yesterday -1, tomorrow 1. */
export function relativeDaysIn(text: string): number[] {
  const lower = text.toLowerCase();
  const days: number[] = [];
  if (/\b(?:today|tonight|this (?:morning|afternoon|evening))\b/.test(lower)) days.push(0);
  if (/\b(?:yesterday|last night)\b/.test(lower)) days.push(-1);
  if (/\btomorrow\b/.test(lower)) days.push(1);
  if (/\bday before yesterday\b/.test(lower)) days.push(-2);
  if (/\bday after tomorrow\b/.test(lower)) days.push(2);
  return days;
}

/**
 * Instants a text states relative to `now`: "48 minutes ago", "1 day 3 hours ago", "in 2 hours",
 * "2 hours from now", each with the precision of its smallest unit.
 */
export function relativeMomentsIn(text: string, now: number): { at: number; precision: number }[] {
  const lower = text.toLowerCase();
  const moments: { at: number; precision: number }[] = [];
  for (const duration of durationsIn(lower)) {
    const after = lower.slice(duration.end, duration.end + 16);
    const before = lower.slice(Math.max(0, duration.index - 12), duration.index);
    if (/^\s*(?:ago|back|earlier|before now)\b/.test(after)) {
      moments.push({ at: now - duration.seconds, precision: duration.unit });
    } else if (
      /^\s*(?:from now|later|away|from today)\b/.test(after) ||
      /\bin\s+(?:about\s+|roughly\s+|around\s+|just\s+)?$/.test(before)
    ) {
      moments.push({ at: now + duration.seconds, precision: duration.unit });
    }
  }
  return moments;
}

/** Phone numbers in a text, in E.164 form (`+14155550100`), read as numbers of `country` when local. */
export function phonesIn(text: string, country = 'US'): string[] {
  const found: string[] = [];
  // A run of digits with the usual separators, optionally with a leading + or (area code).
  for (const match of text.matchAll(/(?<![\w+])(\+?\d[\d\s().\-‐–]{6,}\d)(?![\d])/g)) {
    const raw = match[1] ?? '';
    const digits = raw.replace(/\D/g, '');
    if (raw.startsWith('+')) found.push(`+${digits}`);
    else if (country === 'US' && digits.length === 10) found.push(`+1${digits}`);
    else if (country === 'US' && digits.length === 11 && digits.startsWith('1')) found.push(`+${digits}`);
  }
  for (const match of text.matchAll(/(?<![\w+])\((\d{3})\)\s*(\d{3})[\s.\-‐–]?(\d{4})(?!\d)/g)) {
    found.push(`+1${match[1]}${match[2]}${match[3]}`);
  }
  return [...new Set(found)];
}

/** The digits of a phone number in E.164 form (for comparing forms the reader might not normalise). */
export function e164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `+1${digits}` : `+${digits}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export { escapeRegExp };
