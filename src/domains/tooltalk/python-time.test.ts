/**
 * toolgauge's strptime against CPython's, on a table recorded from CPython 3.11
 * (`scripts/record-python-strptime.py`, in `test/fixtures/python-strptime/`): whitespace of every kind
 * Python's `\s` knows (and three it does not), digits of other scripts in each field, missing padding,
 * leading and trailing text, out-of-range fields, leap days, seconds 60–62, years 0 and 1.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATE_TIME_FORMAT, isoDate, PythonValueError, type StrptimeFormat, strptime } from './python-time.js';

interface RecordedCase {
  readonly format: StrptimeFormat;
  readonly text: string;
  readonly result?: readonly number[];
  readonly error?: string;
}
const recorded = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../test/fixtures/python-strptime/cases.json'), 'utf8'),
) as { readonly python: string; readonly cases: readonly RecordedCase[] };

function ours(entry: RecordedCase): { result?: number[]; error?: string } {
  try {
    const value = strptime(entry.text, entry.format);
    return { result: [value.year, value.month, value.day, value.hour, value.minute, value.second] };
  } catch (error) {
    if (error instanceof PythonValueError) return { error: error.message };
    throw error;
  }
}

describe('strptime as CPython 3.11 reads it', () => {
  it('gives the recorded result or error text for every recorded input', () => {
    expect(recorded.python).toMatch(/^3\.11\./);
    expect(recorded.cases.length).toBeGreaterThan(150);
    const differences = recorded.cases.flatMap((entry) => {
      const expected = entry.result ? { result: entry.result } : { error: entry.error };
      const got = ours(entry);
      return JSON.stringify(got) === JSON.stringify(expected)
        ? []
        : [
            `${JSON.stringify(entry.text)} ${entry.format}: CPython ${JSON.stringify(expected)}, toolgauge ${JSON.stringify(got)}`,
          ];
    });
    expect(differences).toEqual([]);
  });

  it('accepts what the reference accepts and refuses what it refuses (the cases that decide a call)', () => {
    const accepted = recorded.cases.filter((entry) => entry.result).length;
    expect(accepted).toBeGreaterThan(50);
    expect(recorded.cases.length - accepted).toBeGreaterThan(50);
    expect(strptime('2023-09-15  23:59:59', DATE_TIME_FORMAT).day).toBe(15);
  });

  it('orders instants and steps days in any year (Date.UTC would put year 1 in 1901)', () => {
    const first = strptime('0001-01-01 00:00:00', DATE_TIME_FORMAT);
    const later = strptime('0001-01-01 00:00:01', DATE_TIME_FORMAT);
    expect(later.key - first.key).toBe(1);
    expect(strptime('1970-01-02 00:00:00', DATE_TIME_FORMAT).key).toBe(86_400);
    expect(isoDate(first, 1)).toBe('0001-01-02');
  });
});
