import { z } from 'zod';
import { defineTool } from '../../tools/index.js';
import { checkTimestamp } from './timestamp-range.js';

const SECONDS_PER_DAY = 86_400;
const MICROSECONDS_PER_SECOND = 1_000_000;

export const timestampDiff = defineTool({
  name: 'timestamp_diff',
  description:
    'Computes how much time passes from timestamp_0 to timestamp_1 (timestamp_1 minus timestamp_0), as whole ' +
    'days plus leftover seconds. A negative difference has negative days and non-negative seconds, e.g. ' +
    '-1 second is { days: -1, seconds: 86399 }.',
  parameters: z.object({
    timestamp_0: z.number().describe('The POSIX timestamp to subtract (the start).'),
    timestamp_1: z.number().describe('The POSIX timestamp to subtract from (the end).'),
  }),
  returns: 'An object { days, seconds } of integers, with seconds from 0 to 86399.',
  kind: 'read',
  domain: 'time',
  run({ timestamp_0, timestamp_1 }, context) {
    checkTimestamp(timestamp_0, 'timestamp_0', context.clock);
    checkTimestamp(timestamp_1, 'timestamp_1', context.clock);
    return splitDuration(timestamp_1 - timestamp_0);
  },
});

/**
 * Splits elapsed seconds into days and seconds the way Python's timedelta normalises: days is the floor,
 * seconds the non-negative remainder, and a fraction of a second is dropped (it lives in microseconds).
 */
export function splitDuration(elapsedSeconds: number): { days: number; seconds: number } {
  const microseconds = Math.round(elapsedSeconds * MICROSECONDS_PER_SECOND);
  const microsecondsPerDay = SECONDS_PER_DAY * MICROSECONDS_PER_SECOND;
  const days = Math.floor(microseconds / microsecondsPerDay);
  const remainder = microseconds - days * microsecondsPerDay;
  return { days, seconds: Math.floor(remainder / MICROSECONDS_PER_SECOND) };
}
