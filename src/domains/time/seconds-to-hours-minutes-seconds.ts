import { z } from 'zod';
import { defineTool, fail } from '../../tools/index.js';

/**
 * Deliberate difference from the reference: the reference read the seconds as a timestamp in the machine's
 * time zone, so the answer shifted with the zone and wrapped at 24 hours. This computes the split
 * arithmetically: 90061 seconds is 25 hours, 1 minute, 1 second.
 */
export const secondsToHoursMinutesSeconds = defineTool({
  name: 'seconds_to_hours_minutes_seconds',
  description:
    'Splits a number of seconds into whole hours, minutes and seconds, e.g. 3725 → 1 hour, 2 minutes, 5 seconds. ' +
    'Also turns "seconds past midnight" into a clock time.',
  parameters: z.object({
    seconds: z.number().describe('The number of seconds, zero or more; a fraction of a second is dropped.'),
  }),
  returns: 'An object { hour, minute, second } of integers; minute and second are 0–59, hour may exceed 23.',
  kind: 'read',
  domain: 'time',
  run({ seconds }) {
    if (seconds < 0) {
      throw fail(
        'invalid-value',
        `seconds = ${seconds} is negative; only a duration of zero or more seconds can be split.`,
        'Pass the absolute value, or use timestamp_diff for the difference between two times.',
        { argument: 'seconds', value: seconds },
      );
    }
    const whole = Math.floor(seconds);
    return { hour: Math.floor(whole / 3600), minute: Math.floor((whole % 3600) / 60), second: whole % 60 };
  },
});
