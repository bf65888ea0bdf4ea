/**
 * The span of time the time tools accept: local years 1980 to 2050 in the scenario's time zone, as in the
 * reference. Its purpose is to catch unit mistakes (milliseconds or microseconds passed as seconds).
 */
import { fail, type ToolClock } from '../../tools/index.js';
import { zonedParts } from '../../world/index.js';

export const FIRST_YEAR = 1980;
export const LAST_YEAR = 2050;

/** 1979-12-30T00:00Z and 2051-01-02T00:00Z: outside them no time zone is within the span. */
const COARSE_LOWER = 315_360_000;
const COARSE_UPPER = 2_556_230_400;

/** Fails with `invalid-value` unless `timestamp` falls in local years 1980–2050 of the clock's zone. */
export function checkTimestamp(timestamp: number, argument: string, clock: ToolClock): void {
  if (timestamp >= COARSE_LOWER && timestamp <= COARSE_UPPER) {
    const { year } = zonedParts(timestamp, clock.timeZone);
    if (year >= FIRST_YEAR && year <= LAST_YEAR) return;
  }
  throw fail(
    'invalid-value',
    `${argument} = ${timestamp} is outside the supported years ${FIRST_YEAR}–${LAST_YEAR}.`,
    unitHint(timestamp),
    { argument, value: timestamp },
  );
}

/** Fails with `invalid-value` unless `year` is within 1980–2050. */
export function checkYear(year: number, argument: string): void {
  if (year >= FIRST_YEAR && year <= LAST_YEAR) return;
  throw fail(
    'invalid-value',
    `${argument} = ${year} is outside the supported years ${FIRST_YEAR}–${LAST_YEAR}.`,
    `Use a year from ${FIRST_YEAR} to ${LAST_YEAR}.`,
    { argument, value: year },
  );
}

function unitHint(timestamp: number): string {
  if (Math.abs(timestamp) >= 1e14)
    return 'It looks like microseconds; timestamps here are seconds since 1970 (divide by 1,000,000).';
  if (Math.abs(timestamp) >= 1e11)
    return 'It looks like milliseconds; timestamps here are seconds since 1970 (divide by 1000).';
  return 'Timestamps are POSIX seconds since 1970-01-01 UTC; get_current_timestamp gives the current one.';
}
