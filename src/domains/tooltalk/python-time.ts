/**
 * The date and time formats ToolTalk's tools accept, read exactly as CPython 3.11's `datetime.strptime`
 * reads them, with Python's error texts, so a time fails (or passes) as it does in the reference tools.
 *
 * CPython's `_strptime` turns the format into a regular expression: each run of whitespace in the format
 * becomes `\s+`, `%Y` becomes `\d\d\d\d`, `%m` `1[0-2]|0[1-9]|[1-9]`, `%d` `3[0-1]|[1-2]\d|0[1-9]|[1-9]| [1-9]`,
 * `%H` `2[0-3]|[0-1]\d|\d`, `%M` `[0-5]\d|\d`, `%S` `6[0-1]|[0-5]\d|\d`. It matches from the start of the
 * text (the alternatives tried in that order), then fails with "unconverted data remains" if text is left.
 * Its `\d` is any Unicode decimal digit and its `\s` any Unicode whitespace, as Python 3.11's `re` knows
 * them (Unicode 14); the fields are converted with `int()`, which reads every such digit. The calendar date
 * is then checked ("day is out of range for month", "year 0 is out of range"), and `datetime` refuses
 * seconds 60 and 61 ("second must be in 0..59"), which the regular expression lets through.
 * `src/domains/tooltalk/python-time.test.ts` checks all this against values recorded from CPython.
 */
import { PYTHON_WHITESPACE, pythonRepr } from './python-text.js';

export { pythonRepr, pythonSplit, pythonStrip } from './python-text.js';

/** `%Y-%m-%d %H:%M:%S`, e.g. `2023-09-11 09:00:00`. */
export const DATE_TIME_FORMAT = '%Y-%m-%d %H:%M:%S';
/** `%H:%M:%S`, e.g. `18:30:00`. */
export const TIME_FORMAT = '%H:%M:%S';

/** The zero of every run of ten decimal digits Python 3.11's `\d` matches (`unicodedata.decimal(c) == 0`). */
const DIGIT_ZEROS = [
  0x30, 0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xde6, 0xe50, 0xed0, 0xf20,
  0x1040, 0x1090, 0x17e0, 0x1810, 0x1946, 0x19d0, 0x1a80, 0x1a90, 0x1b50, 0x1bb0, 0x1c40, 0x1c50, 0xa620, 0xa8d0,
  0xa900, 0xa9d0, 0xa9f0, 0xaa50, 0xabf0, 0xff10, 0x104a0, 0x10d30, 0x11066, 0x110f0, 0x11136, 0x111d0, 0x112f0,
  0x11450, 0x114d0, 0x11650, 0x116c0, 0x11730, 0x118e0, 0x11950, 0x11c50, 0x11d50, 0x11da0, 0x16a60, 0x16ac0, 0x16b50,
  0x1d7ce, 0x1d7d8, 0x1d7e2, 0x1d7ec, 0x1d7f6, 0x1e140, 0x1e2f0, 0x1e950, 0x1fbf0,
] as const;

const codePointClass = (first: number, last: number) => `\\u{${first.toString(16)}}-\\u{${last.toString(16)}}`;
const DIGIT = `[${DIGIT_ZEROS.map((zero) => codePointClass(zero, zero + 9)).join('')}]`;
const SPACES = `[${PYTHON_WHITESPACE}]+`;

/** CPython's regular expression of each directive (its `_strptime.TimeRE`), with `\d` as Python's. */
const DIRECTIVES: Readonly<Record<string, string>> = {
  Y: `(${DIGIT}${DIGIT}${DIGIT}${DIGIT})`,
  m: '(1[0-2]|0[1-9]|[1-9])',
  d: `(3[0-1]|[1-2]${DIGIT}|0[1-9]|[1-9]| [1-9])`,
  H: `(2[0-3]|[0-1]${DIGIT}|${DIGIT})`,
  M: `([0-5]${DIGIT}|${DIGIT})`,
  S: `(6[0-1]|[0-5]${DIGIT}|${DIGIT})`,
};

export type StrptimeFormat = typeof DATE_TIME_FORMAT | typeof TIME_FORMAT;

interface CompiledFormat {
  readonly pattern: RegExp;
  readonly fields: readonly string[];
}

/** Builds the expression as `_strptime` does: whitespace runs to `\s+`, directives to their groups. */
function compile(format: string): CompiledFormat {
  const fields: string[] = [];
  let source = '';
  for (let index = 0; index < format.length; index += 1) {
    const character = format[index] ?? '';
    if (character === '%') {
      const directive = format[index + 1] ?? '';
      const group = DIRECTIVES[directive];
      if (!group) throw new Error(`unsupported strptime directive %${directive}`);
      source += group;
      fields.push(directive);
      index += 1;
    } else if (/\s/u.test(character)) {
      while (/\s/u.test(format[index + 1] ?? '')) index += 1;
      source += SPACES;
    } else {
      source += character.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return { pattern: new RegExp(`^${source}`, 'u'), fields };
}

const COMPILED: Readonly<Record<StrptimeFormat, CompiledFormat>> = {
  [DATE_TIME_FORMAT]: compile(DATE_TIME_FORMAT),
  [TIME_FORMAT]: compile(TIME_FORMAT),
};

/** A parsed date-time as comparable parts; `key` orders instants (seconds, naive, proleptic Gregorian). */
export interface NaiveDateTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly key: number;
}

export class PythonValueError extends Error {
  override readonly name = 'PythonValueError';
}

/** Python's `int()` of a run of decimal digits from any of the scripts `\d` matches (or a space-led day). */
function pythonInt(text: string): number {
  let value = 0;
  for (const character of text.trim()) {
    const codePoint = character.codePointAt(0) ?? 0;
    const zero = DIGIT_ZEROS.find((candidate) => codePoint >= candidate && codePoint <= candidate + 9);
    if (zero === undefined) throw new Error(`not a decimal digit: ${character}`);
    value = value * 10 + (codePoint - zero);
  }
  return value;
}

/** Parses like `datetime.strptime(text, format)`; throws a {@link PythonValueError} with Python's text. */
export function strptime(text: string, format: StrptimeFormat): NaiveDateTime {
  const { pattern, fields } = COMPILED[format];
  const match = pattern.exec(text);
  if (!match) throw new PythonValueError(`time data ${pythonRepr(text)} does not match format ${pythonRepr(format)}`);
  if (match[0].length !== text.length) {
    throw new PythonValueError(`unconverted data remains: ${text.slice(match[0].length)}`);
  }
  const parts: Record<string, number> = { Y: 1900, m: 1, d: 1, H: 0, M: 0, S: 0 };
  fields.forEach((field, position) => {
    parts[field] = pythonInt(match[position + 1] ?? '');
  });
  const { Y: year = 1900, m: month = 1, d: day = 1, H: hour = 0, M: minute = 0, S: second = 0 } = parts;
  if (year < 1) throw new PythonValueError(`year ${year} is out of range`);
  if (day > daysInMonth(year, month)) throw new PythonValueError('day is out of range for month');
  if (second > 59) throw new PythonValueError('second must be in 0..59');
  return {
    year,
    month,
    day,
    hour,
    minute,
    second,
    key: daysFromCivil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second,
  };
}

/** Whether the text parses in the format. */
export function isValidDateTime(text: string, format: StrptimeFormat): boolean {
  try {
    strptime(text, format);
    return true;
  } catch {
    return false;
  }
}

/** `YYYY-MM-DD HH:MM:SS` of a naive date-time. */
export function formatDateTime(value: Omit<NaiveDateTime, 'key'>): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(value.year).padStart(4, '0')}-${two(value.month)}-${two(value.day)} ${two(value.hour)}:${two(value.minute)}:${two(value.second)}`;
}

/** `YYYY-MM-DD` of the day `offsetDays` after a naive date-time. */
export function isoDate(value: NaiveDateTime, offsetDays = 0): string {
  const date = new Date(0);
  date.setUTCFullYear(value.year, value.month - 1, value.day + offsetDays);
  return date.toISOString().slice(0, 10);
}

/** Python's repr of a `datetime.date` (the text of the KeyError a missing forecast day raises). */
export function pythonDateRepr(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map((part) => Number.parseInt(part, 10));
  return `datetime.date(${year}, ${month}, ${day})`;
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (any year, unlike `Date.UTC`, which maps 0–99 to 1900–1999). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}
