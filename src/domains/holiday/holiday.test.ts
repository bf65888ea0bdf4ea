import { describe, expect, it } from 'vitest';
import { runTool } from '../../testing/run-tool.js';
import { EpisodeClock } from '../../world/index.js';
import { testPhoneWorld } from '../knowledge-data/test-phone-world.test-helpers.js';
import { holidaysInYear } from './holiday-calendar.js';
import { searchHoliday } from './search-holiday.js';

/** 2026-01-01T00:00Z: still 2025 in Los Angeles, already 2026 in Tokyo. */
const NEW_YEAR_UTC = 1_767_225_600;
const losAngeles = () => new EpisodeClock(NEW_YEAR_UTC, 'America/Los_Angeles');

async function holidayDate(holiday_name: string, year?: number, clock = losAngeles()): Promise<string> {
  const args = year === undefined ? { holiday_name } : { holiday_name, year };
  const { outcome } = await runTool(searchHoliday, args, testPhoneWorld(), clock);
  if (outcome.type !== 'result') throw new Error(`expected a date, got ${JSON.stringify(outcome.error)}`);
  const parts = clock.parts(outcome.value as number);
  expect([parts.hour, parts.minute, parts.second]).toEqual([0, 0, 0]);
  return `${parts.year}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`;
}

describe('search_holiday', () => {
  it.each([
    ['Thanksgiving', 2026, '2026-11-26'],
    ['Thanksgiving', 2025, '2025-11-27'],
    ['Memorial Day', 2025, '2025-05-26'],
    ['Memorial Day', 1980, '1980-05-26'],
    ['Easter', 2027, '2027-03-28'],
    ['Easter Sunday', 2025, '2025-04-20'],
    ['Good Friday', 2025, '2025-04-18'],
    ['MLK Day', 2026, '2026-01-19'],
    ["Presidents' Day", 2026, '2026-02-16'],
    ['Labor Day', 2050, '2050-09-05'],
    ['Juneteenth', 2025, '2025-06-19'],
    ['4th of July', 2026, '2026-07-04'],
    ['Independence', 2026, '2026-07-04'],
    ['xmas', 2026, '2026-12-25'],
    ['Christmas', 2024, '2024-12-25'],
    ['christmas eve', 2024, '2024-12-24'],
    ['New Year', 2027, '2027-01-01'],
    ["New Year's Eve", 2027, '2027-12-31'],
    ["mother's day", 2026, '2026-05-10'],
    ['Fathers Day', 2026, '2026-06-21'],
    ['Halloween', 2026, '2026-10-31'],
    ['Valentines', 2026, '2026-02-14'],
    ['Veterans Day', 2026, '2026-11-11'],
    ['Columbus Day', 2026, '2026-10-12'],
    ['Black Friday', 2026, '2026-11-27'],
    ['Chinese New Year', 2024, '2024-02-10'],
    ['Lunar New Year', 2025, '2025-01-29'],
    ['Chinese New Year', 1980, '1980-02-16'],
    ['Diwali', 2025, '2025-10-20'],
    ['Deepavali', 2019, '2019-10-27'],
    ['Thanksgiving Dya', 2026, '2026-11-26'],
  ])('finds %s %d on %s', async (name, year, expected) => {
    expect(await holidayDate(name, year)).toBe(expected);
  });

  it("defaults to the current local year in the scenario's zone", async () => {
    expect(await holidayDate('Thanksgiving')).toBe('2025-11-27');
    expect(await holidayDate('Thanksgiving', undefined, new EpisodeClock(NEW_YEAR_UTC, 'Asia/Tokyo'))).toBe(
      '2026-11-26',
    );
  });

  it("returns the start of the day in the scenario's zone", async () => {
    const { outcome } = await runTool(
      searchHoliday,
      { holiday_name: 'Christmas', year: 2026 },
      testPhoneWorld(),
      new EpisodeClock(NEW_YEAR_UTC, 'UTC'),
    );
    expect(outcome).toEqual({ type: 'result', value: Date.UTC(2026, 11, 25) / 1000 });
  });

  it('fails with not-found for an unknown holiday and lists known ones', async () => {
    const { outcome } = await runTool(searchHoliday, { holiday_name: 'Festivus', year: 2026 }, testPhoneWorld());
    expect(outcome.type).toBe('error');
    if (outcome.type !== 'error') return;
    expect(outcome.error.kind).toBe('not-found');
    expect(outcome.error.message).toContain('Festivus');
    expect(outcome.error.hint).toContain('Thanksgiving Day');
  });

  it('says when a holiday exists but not in the year asked', async () => {
    const { outcome } = await runTool(searchHoliday, { holiday_name: 'Juneteenth', year: 2019 }, testPhoneWorld());
    expect(outcome.type === 'error' && outcome.error.kind).toBe('not-found');
    expect(outcome.type === 'error' && outcome.error.message).toContain('Juneteenth has no date in 2019');
  });

  it('rejects a year outside 1980–2050', async () => {
    const { outcome } = await runTool(searchHoliday, { holiday_name: 'Easter', year: 1970 }, testPhoneWorld());
    expect(outcome.type === 'error' && outcome.error.kind).toBe('invalid-value');
  });

  it('needs wifi', async () => {
    const { outcome } = await runTool(
      searchHoliday,
      { holiday_name: 'Easter', year: 2026 },
      testPhoneWorld({ wifi: false }),
    );
    expect(outcome.type).toBe('error');
    if (outcome.type !== 'error') return;
    expect(outcome.error.kind).toBe('connection');
    expect(outcome.error.hint).toContain('set_wifi_status');
  });
});

describe('holidaysInYear', () => {
  it('lists each holiday once, in date order, without substitute days', () => {
    const holidays = holidaysInYear(2026);
    const names = holidays.map((holiday) => holiday.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.some((name) => name.includes('substitute'))).toBe(false);
    expect(holidays.find((holiday) => holiday.name === 'Independence Day')?.date).toBe('2026-07-04');
    expect([...holidays].sort((a, b) => a.date.localeCompare(b.date))).toEqual(holidays);
  });

  it('has no Diwali before 2000, where its date is not known', () => {
    expect(holidaysInYear(1995).some((holiday) => holiday.name === 'Diwali')).toBe(false);
  });
});
