import { z } from 'zod';
import { defineTool } from '../../tools/index.js';
import { checkTimestamp } from './timestamp-range.js';

export const timestampToDatetimeInfo = defineTool({
  name: 'timestamp_to_datetime_info',
  description:
    "Breaks a POSIX timestamp into calendar fields (year, month, day, hour, minute, second, weekday) on the user's local clock.",
  parameters: z.object({
    timestamp: z.number().describe('The POSIX timestamp in seconds, e.g. from get_current_timestamp.'),
  }),
  returns:
    'An object { year, month, day, hour, minute, second, isoweekday } of integers in local time; hour is 0–23 and isoweekday runs from 1 (Monday) to 7 (Sunday).',
  kind: 'read',
  domain: 'time',
  run({ timestamp }, context) {
    checkTimestamp(timestamp, 'timestamp', context.clock);
    const parts = context.clock.parts(timestamp);
    return {
      year: parts.year,
      month: parts.month,
      day: parts.day,
      hour: parts.hour,
      minute: parts.minute,
      second: parts.second,
      isoweekday: parts.isoWeekday,
    };
  },
});
