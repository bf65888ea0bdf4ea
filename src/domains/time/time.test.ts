import { describe, expect, it } from 'vitest';
import { runTool } from '../../testing/run-tool.js';
import { EpisodeClock } from '../../world/index.js';
import { testPhoneWorld } from '../knowledge-data/test-phone-world.test-helpers.js';
import { datetimeInfoToTimestamp } from './datetime-info-to-timestamp.js';
import { getCurrentTimestamp } from './get-current-timestamp.js';
import { secondsToHoursMinutesSeconds } from './seconds-to-hours-minutes-seconds.js';
import { shiftTimestamp } from './shift-timestamp.js';
import { timestampDiff } from './timestamp-diff.js';
import { timestampToDatetimeInfo } from './timestamp-to-datetime-info.js';

const world = testPhoneWorld();
const losAngeles = () => new EpisodeClock(1_767_225_600.25, 'America/Los_Angeles');
const tokyo = () => new EpisodeClock(1_767_225_600.25, 'Asia/Tokyo');

/** 2026-03-07 12:00 in Los Angeles (PST, UTC−8); daylight-saving time starts the next night. */
const BEFORE_SPRING_FORWARD = Date.UTC(2026, 2, 7, 20) / 1000;

async function value(tool: Parameters<typeof runTool>[0], args: Record<string, unknown>, clock = losAngeles()) {
  const { outcome } = await runTool(tool, args, world, clock);
  if (outcome.type !== 'result') throw new Error(`expected a result, got ${JSON.stringify(outcome.error)}`);
  return outcome.value;
}

async function error(tool: Parameters<typeof runTool>[0], args: Record<string, unknown>, clock = losAngeles()) {
  const { outcome } = await runTool(tool, args, world, clock);
  if (outcome.type !== 'error') throw new Error(`expected an error, got ${JSON.stringify(outcome.value)}`);
  return outcome.error;
}

describe('get_current_timestamp', () => {
  it("returns the episode clock's now, fraction included", async () => {
    expect(await value(getCurrentTimestamp, {})).toBe(1_767_225_600.25);
  });
});

describe('timestamp_to_datetime_info', () => {
  it("reads the fields in the scenario's zone, not the machine's", async () => {
    expect(await value(timestampToDatetimeInfo, { timestamp: 1_767_225_600 })).toEqual({
      year: 2025,
      month: 12,
      day: 31,
      hour: 16,
      minute: 0,
      second: 0,
      isoweekday: 3,
    });
    expect(await value(timestampToDatetimeInfo, { timestamp: 1_767_225_600 }, tokyo())).toEqual({
      year: 2026,
      month: 1,
      day: 1,
      hour: 9,
      minute: 0,
      second: 0,
      isoweekday: 4,
    });
  });

  it('rejects a timestamp in milliseconds and says so', async () => {
    const failure = await error(timestampToDatetimeInfo, { timestamp: 1_767_225_600_000 });
    expect(failure.kind).toBe('invalid-value');
    expect(failure.message).toContain('1980–2050');
    expect(failure.hint).toContain('milliseconds');
  });

  it('rejects a timestamp before 1980', async () => {
    expect((await error(timestampToDatetimeInfo, { timestamp: 0 })).kind).toBe('invalid-value');
  });
});

describe('datetime_info_to_timestamp', () => {
  it('reads the fields as local time and round-trips', async () => {
    const timestamp = await value(datetimeInfoToTimestamp, {
      year: 2025,
      month: 12,
      day: 31,
      hour: 16,
      minute: 0,
      second: 0,
    });
    expect(timestamp).toBe(1_767_225_600);
    const inTokyo = await value(
      datetimeInfoToTimestamp,
      { year: 2025, month: 12, day: 31, hour: 16, minute: 0, second: 0 },
      tokyo(),
    );
    expect(inTokyo).toBe(1_767_225_600 - 17 * 3600);
  });

  it('moves a local time skipped by daylight saving forward, like Python', async () => {
    const timestamp = await value(datetimeInfoToTimestamp, {
      year: 2026,
      month: 3,
      day: 8,
      hour: 2,
      minute: 30,
      second: 0,
    });
    expect(timestamp).toBe(Date.UTC(2026, 2, 8, 10, 30) / 1000);
  });

  it.each([
    [{ year: 2026, month: 2, day: 29, hour: 0, minute: 0, second: 0 }, 'day'],
    [{ year: 2026, month: 13, day: 1, hour: 0, minute: 0, second: 0 }, 'month'],
    [{ year: 2026, month: 1, day: 1, hour: 24, minute: 0, second: 0 }, 'hour'],
    [{ year: 2026, month: 1, day: 1, hour: 0, minute: 60, second: 0 }, 'minute'],
    [{ year: 1975, month: 1, day: 1, hour: 0, minute: 0, second: 0 }, 'year'],
  ])('rejects an impossible date %j naming the field', async (args, field) => {
    const failure = await error(datetimeInfoToTimestamp, args);
    expect(failure.kind).toBe('invalid-value');
    expect(failure.message.startsWith(`${field} = `)).toBe(true);
  });
});

describe('shift_timestamp', () => {
  it('keeps the wall-clock time when shifting by days across the spring-forward night', async () => {
    const shifted = await value(shiftTimestamp, { timestamp: BEFORE_SPRING_FORWARD, days: 1 });
    expect(shifted).toBe(BEFORE_SPRING_FORWARD + 23 * 3600);
    const info = await value(timestampToDatetimeInfo, { timestamp: shifted });
    expect(info).toMatchObject({ month: 3, day: 8, hour: 12, minute: 0 });
  });

  it('treats hours as elapsed time across the same night', async () => {
    const shifted = await value(shiftTimestamp, { timestamp: BEFORE_SPRING_FORWARD, hours: 24 });
    expect(shifted).toBe(BEFORE_SPRING_FORWARD + 24 * 3600);
    expect(await value(timestampToDatetimeInfo, { timestamp: shifted })).toMatchObject({ day: 8, hour: 13 });
  });

  it('combines amounts of different signs and keeps the fraction of a second', async () => {
    const start = Date.UTC(2026, 5, 1, 19) / 1000 + 0.5;
    const shifted = await value(shiftTimestamp, { timestamp: start, weeks: 1, days: -1, minutes: -30, seconds: 5 });
    expect(shifted).toBe(start + 6 * 86_400 - 30 * 60 + 5);
  });

  it('with no amounts returns the same timestamp', async () => {
    expect(await value(shiftTimestamp, { timestamp: 1_767_225_600.5 })).toBe(1_767_225_600.5);
  });

  it('rejects a shift that leaves 1980–2050', async () => {
    const failure = await error(shiftTimestamp, { timestamp: 1_767_225_600, weeks: 2000 });
    expect(failure.kind).toBe('invalid-value');
    expect(failure.message).toContain('shifted timestamp');
  });
});

describe('timestamp_diff', () => {
  it('normalises like a Python timedelta', async () => {
    const t = 1_767_225_600;
    expect(await value(timestampDiff, { timestamp_0: t, timestamp_1: t + 90_061.75 })).toEqual({
      days: 1,
      seconds: 3661,
    });
    expect(await value(timestampDiff, { timestamp_0: t, timestamp_1: t - 1 })).toEqual({ days: -1, seconds: 86_399 });
    expect(await value(timestampDiff, { timestamp_0: t, timestamp_1: t - 0.5 })).toEqual({
      days: -1,
      seconds: 86_399,
    });
    expect(await value(timestampDiff, { timestamp_0: t, timestamp_1: t - 2 * 86_400 })).toEqual({
      days: -2,
      seconds: 0,
    });
  });

  it('measures elapsed time, so a calendar day across spring-forward is 23 hours', async () => {
    const nextNoon = await value(shiftTimestamp, { timestamp: BEFORE_SPRING_FORWARD, days: 1 });
    expect(await value(timestampDiff, { timestamp_0: BEFORE_SPRING_FORWARD, timestamp_1: nextNoon })).toEqual({
      days: 0,
      seconds: 23 * 3600,
    });
  });

  it('names the argument that is out of range', async () => {
    const failure = await error(timestampDiff, { timestamp_0: 1_767_225_600, timestamp_1: 5 });
    expect(failure.kind).toBe('invalid-value');
    expect(failure.message).toContain('timestamp_1');
  });
});

describe('seconds_to_hours_minutes_seconds', () => {
  it('splits arithmetically, whatever the time zone', async () => {
    expect(await value(secondsToHoursMinutesSeconds, { seconds: 3725.9 })).toEqual({ hour: 1, minute: 2, second: 5 });
    expect(await value(secondsToHoursMinutesSeconds, { seconds: 90_061 }, tokyo())).toEqual({
      hour: 25,
      minute: 1,
      second: 1,
    });
    expect(await value(secondsToHoursMinutesSeconds, { seconds: 0 })).toEqual({ hour: 0, minute: 0, second: 0 });
  });

  it('rejects a negative number of seconds', async () => {
    expect((await error(secondsToHoursMinutesSeconds, { seconds: -5 })).kind).toBe('invalid-value');
  });
});
