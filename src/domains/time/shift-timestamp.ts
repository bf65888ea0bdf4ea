import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { defineTool, fail } from '../../tools/index.js';
import { checkTimestamp } from './timestamp-range.js';

const SECONDS_PER_DAY = 86_400;

export const shiftTimestamp = defineTool({
  name: 'shift_timestamp',
  description:
    'Moves a POSIX timestamp forward or back. Weeks and days move along the calendar, so the local clock ' +
    'time stays the same across daylight-saving changes; hours, minutes and seconds are elapsed time. ' +
    'Negative amounts move back.',
  parameters: z.object({
    timestamp: z.number().describe('The POSIX timestamp in seconds to start from.'),
    weeks: z.number().int().optional().describe('Weeks to add (negative to subtract). Default 0.'),
    days: z.number().int().optional().describe('Days to add (negative to subtract). Default 0.'),
    hours: z.number().int().optional().describe('Hours to add (negative to subtract). Default 0.'),
    minutes: z.number().int().optional().describe('Minutes to add (negative to subtract). Default 0.'),
    seconds: z.number().int().optional().describe('Seconds to add (negative to subtract). Default 0.'),
  }),
  returns: 'The shifted POSIX timestamp in seconds, as a float.',
  kind: 'read',
  domain: 'time',
  run({ timestamp, weeks = 0, days = 0, hours = 0, minutes = 0, seconds = 0 }, context) {
    checkTimestamp(timestamp, 'timestamp', context.clock);
    const calendarDays = weeks * 7 + days;
    const elapsedSeconds = hours * 3600 + minutes * 60 + seconds;
    if (Math.abs(calendarDays) > 100 * 366 || Math.abs(elapsedSeconds) > 100 * 366 * SECONDS_PER_DAY) {
      throw fail(
        'invalid-value',
        'The shift is longer than a century, which leaves the supported years 1980–2050.',
        'Use smaller amounts.',
      );
    }
    const whole = Math.floor(timestamp);
    const fraction = timestamp - whole;
    const start = Temporal.Instant.fromEpochMilliseconds(whole * 1000).toZonedDateTimeISO(context.clock.timeZone);
    const shifted = start.add({ days: calendarDays }).add({ seconds: elapsedSeconds });
    const result = shifted.epochMilliseconds / 1000 + fraction;
    checkTimestamp(result, 'the shifted timestamp', context.clock);
    return result;
  },
});
