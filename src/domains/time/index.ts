import type { Domain } from '../domain.js';
import { datetimeInfoToTimestamp } from './datetime-info-to-timestamp.js';
import { getCurrentTimestamp } from './get-current-timestamp.js';
import { secondsToHoursMinutesSeconds } from './seconds-to-hours-minutes-seconds.js';
import { shiftTimestamp } from './shift-timestamp.js';
import { timestampDiff } from './timestamp-diff.js';
import { timestampToDatetimeInfo } from './timestamp-to-datetime-info.js';

export { checkTimestamp, checkYear, FIRST_YEAR, LAST_YEAR } from './timestamp-range.js';

export const timeDomain: Domain = {
  name: 'time',
  description:
    "Clock and calendar arithmetic on POSIX timestamps, in the scenario's time zone: the current time, " +
    'conversion to and from calendar fields, shifting, differences and splitting seconds.',
  tables: [],
  tools: [
    getCurrentTimestamp,
    timestampToDatetimeInfo,
    datetimeInfoToTimestamp,
    shiftTimestamp,
    timestampDiff,
    secondsToHoursMinutesSeconds,
  ],
};
