/**
 * The date and time formats ToolTalk's tools accept, read the way Python's `datetime.strptime` reads
 * them (fields of one or two digits, the whole text consumed, real calendar dates), with Python's error
 * texts, so a malformed time fails with the message the reference tools return.
 */

/** `%Y-%m-%d %H:%M:%S`, e.g. `2023-09-11 09:00:00`. */
export const DATE_TIME_FORMAT = '%Y-%m-%d %H:%M:%S';
/** `%H:%M:%S`, e.g. `18:30:00`. */
export const TIME_FORMAT = '%H:%M:%S';

const HOUR = '(2[0-3]|[0-1]\\d|\\d)';
const MINUTE = '([0-5]\\d|\\d)';
const SECOND = '(6[0-1]|[0-5]\\d|\\d)';
const PATTERNS: Record<string, RegExp> = {
  [DATE_TIME_FORMAT]: new RegExp(
    `^(\\d\\d\\d\\d)-(1[0-2]|0[1-9]|[1-9])-(3[01]|[12]\\d|0[1-9]|[1-9]| [1-9]) ${HOUR}:${MINUTE}:${SECOND}`,
  ),
  [TIME_FORMAT]: new RegExp(`^${HOUR}:${MINUTE}:${SECOND}`),
};

/** A parsed date-time as comparable parts; `key` orders instants (seconds since 0001-01-01, naive). */
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

/** Parses like `datetime.strptime(text, format)`; throws a {@link PythonValueError} with Python's text. */
export function strptime(text: string, format: typeof DATE_TIME_FORMAT | typeof TIME_FORMAT): NaiveDateTime {
  const pattern = PATTERNS[format];
  const match = pattern?.exec(text);
  if (!match) throw new PythonValueError(`time data ${pythonRepr(text)} does not match format ${pythonRepr(format)}`);
  if (match[0].length !== text.length) {
    throw new PythonValueError(`unconverted data remains: ${text.slice(match[0].length)}`);
  }
  const numbers = match.slice(1).map((part) => Number.parseInt(part.trim(), 10));
  const [year, month, day, hour, minute, second] =
    format === TIME_FORMAT ? [1900, 1, 1, ...numbers] : (numbers as [number, number, number, number, number, number]);
  const y = year ?? 1900;
  const mo = month ?? 1;
  const d = day ?? 1;
  if (d > daysInMonth(y, mo)) throw new PythonValueError('day is out of range for month');
  const s = Math.min(second ?? 0, 59);
  return {
    year: y,
    month: mo,
    day: d,
    hour: hour ?? 0,
    minute: minute ?? 0,
    second: s,
    key: Date.UTC(y, mo - 1, d, hour ?? 0, minute ?? 0, s) / 1000,
  };
}

/** Whether the text parses in the format. */
export function isValidDateTime(text: string, format: typeof DATE_TIME_FORMAT | typeof TIME_FORMAT): boolean {
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
  const date = new Date(Date.UTC(value.year, value.month - 1, value.day + offsetDays));
  return date.toISOString().slice(0, 10);
}

/** Python's repr of a `datetime.date` (the text of the KeyError a missing forecast day raises). */
export function pythonDateRepr(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map((part) => Number.parseInt(part, 10));
  return `datetime.date(${year}, ${month}, ${day})`;
}

/** Python's repr of a string (single quotes unless the text holds one). */
export function pythonRepr(text: string): string {
  if (text.includes("'") && !text.includes('"')) return `"${text}"`;
  return `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n')}'`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
