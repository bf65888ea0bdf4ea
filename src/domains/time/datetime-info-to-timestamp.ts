import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { defineTool, fail } from '../../tools/index.js';
import { remembered, rememberedUpTo } from '../../util/index.js';
import type { ZonedParts } from '../../world/index.js';
import { checkYear } from './timestamp-range.js';

export const datetimeInfoToTimestamp = defineTool({
  name: 'datetime_info_to_timestamp',
  description:
    "Turns a date and time on the user's local clock into a POSIX timestamp. Every field is required; use 0 for a time you do not care about.",
  parameters: z.object({
    year: z.number().int().describe('The year, e.g. 2026.'),
    month: z.number().int().describe('The month, 1 (January) to 12 (December).'),
    day: z.number().int().describe('The day of the month, starting at 1.'),
    hour: z.number().int().describe('The hour on a 24-hour clock, 0 to 23.'),
    minute: z.number().int().describe('The minute, 0 to 59.'),
    second: z.number().int().describe('The second, 0 to 59.'),
  }),
  returns: 'The POSIX timestamp in seconds, as a float.',
  kind: 'read',
  domain: 'time',
  run({ year, month, day, hour, minute, second }, context) {
    checkYear(year, 'year');
    checkField('month', month, 1, 12);
    const daysInMonth = daysIn(year, month);
    checkField('day', day, 1, daysInMonth, `${year}-${String(month).padStart(2, '0')} has ${daysInMonth} days`);
    checkField('hour', hour, 0, 23);
    checkField('minute', minute, 0, 59);
    checkField('second', second, 0, 59);
    return localTimestamp({ year, month, day, hour, minute, second }, context.clock.timeZone);
  },
});

/** Calendar fields of a local date-time (no weekday: it follows from the date). */
type LocalDateTime = Omit<ZonedParts, 'isoWeekday'>;

/** Timestamps per zone and local date-time, remembered (every case of a scenario asks the same). Bounded. */
const timestampsByZone = new Map<string, Map<string, number>>();
const MAX_REMEMBERED_TIMES = 10_000;

function localTimestamp(local: LocalDateTime, timeZone: string): number {
  const byTime = remembered(timestampsByZone, timeZone, () => new Map<string, number>());
  const key = `${local.year}-${local.month}-${local.day} ${local.hour}:${local.minute}:${local.second}`;
  // A local time skipped by a daylight-saving jump resolves forward, one that occurs twice resolves to the
  // first occurrence (both as Python's datetime does).
  return rememberedUpTo(
    byTime,
    MAX_REMEMBERED_TIMES,
    key,
    () =>
      Temporal.PlainDateTime.from(local).toZonedDateTime(timeZone, { disambiguation: 'compatible' }).epochMilliseconds /
      1000,
  );
}

/** Days in a month, remembered per year and month. */
const daysByMonth = new Map<string, number>();

function daysIn(year: number, month: number): number {
  const key = `${year}-${month}`;
  let days = daysByMonth.get(key);
  if (days === undefined) {
    days = Temporal.PlainYearMonth.from({ year, month }).daysInMonth;
    if (daysByMonth.size >= MAX_REMEMBERED_TIMES) daysByMonth.clear();
    daysByMonth.set(key, days);
  }
  return days;
}

function checkField(argument: string, value: number, lowest: number, highest: number, why?: string): void {
  if (value >= lowest && value <= highest) return;
  throw fail(
    'invalid-value',
    `${argument} = ${value} is out of range: it must be from ${lowest} to ${highest}${why ? ` (${why})` : ''}.`,
    `Give a ${argument} from ${lowest} to ${highest}.`,
    { argument, value },
  );
}
