import { fail } from '../../tools/index.js';

/** 1980-01-01T00:00:00Z and 2050-01-01T00:00:00Z in seconds: the range a sensible timestamp falls in. */
export const EARLIEST_TIMESTAMP = 315_532_800;
export const LATEST_TIMESTAMP = 2_524_608_000;

/**
 * Checks that a timestamp argument is in seconds since the epoch and between 1980 and 2050, which
 * catches milliseconds and other unit slips. Fails with `invalid-value` naming the argument.
 */
export function checkedTimestamp(value: number, argumentName: string): number {
  if (value >= EARLIEST_TIMESTAMP && value <= LATEST_TIMESTAMP) return value;
  const unitSlip = value > LATEST_TIMESTAMP ? ' It looks like milliseconds or a smaller unit.' : '';
  throw fail(
    'invalid-value',
    `${argumentName} ${value} is not a time between 1980 and 2050 in seconds since 1970-01-01 UTC.${unitSlip}`,
    'Give a POSIX timestamp in seconds, e.g. 1767225600 for 2026-01-01T00:00:00Z.',
    { argument: argumentName },
  );
}

/** Checks an optional lower and upper bound pair: each a valid timestamp, and lower ≤ upper. */
export function checkedBounds(
  lower: number | undefined,
  upper: number | undefined,
  lowerName: string,
  upperName: string,
): void {
  if (lower !== undefined) checkedTimestamp(lower, lowerName);
  if (upper !== undefined) checkedTimestamp(upper, upperName);
  if (lower !== undefined && upper !== undefined && lower > upper) {
    throw fail(
      'invalid-value',
      `${lowerName} (${lower}) is later than ${upperName} (${upper}), so nothing can match.`,
      `Swap the two values: ${lowerName} is the earliest time, ${upperName} the latest.`,
      { argument: lowerName },
    );
  }
}
