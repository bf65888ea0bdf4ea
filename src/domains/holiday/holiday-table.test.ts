import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIRST_YEAR, LAST_YEAR } from '../time/index.js';
import { holidaysInYear, tabledHolidays } from './holiday-calendar.js';
import { computeHolidaysInYear } from './holiday-rules.js';
import { HOLIDAY_TABLE } from './holiday-table.js';

const TABLE_FILE = fileURLToPath(new URL('./holiday-table.ts', import.meta.url));

/**
 * The table's text for a span of years computed by rule: each holiday's name once, and per year its
 * holidays in the calendar's order as `<name index>:<MM-DD>`, separated by spaces.
 */
function holidayTableSource(firstYear: number, lastYear: number): string {
  const names: string[] = [];
  const years: string[] = [];
  for (let year = firstYear; year <= lastYear; year++) {
    const entries = computeHolidaysInYear(year).map((holiday) => {
      if (!holiday.date.startsWith(`${year}-`)) throw new Error(`${holiday.name} of ${year} falls on ${holiday.date}`);
      let index = names.indexOf(holiday.name);
      if (index < 0) index = names.push(holiday.name) - 1;
      return `${index}:${holiday.date.slice(5)}`;
    });
    years.push(entries.join(' '));
  }
  return [
    '// Written by `TOOLGAUGE_WRITE_HOLIDAYS=1 npx vitest run src/domains/holiday/holiday-table.test.ts` (then biome format); do not edit.',
    '/** The holidays of each supported year, as `holiday-rules.ts` computes them (see `holiday-calendar.ts`). */',
    'export interface HolidayTable {',
    '  readonly formatVersion: 1;',
    '  /** The year of `years[0]`. */',
    '  readonly firstYear: number;',
    '  readonly names: readonly string[];',
    "  /** Per year, its holidays in the calendar's order as `<index in names>:<MM-DD>`, separated by spaces. */",
    '  readonly years: readonly string[];',
    '}',
    '',
    'export const HOLIDAY_TABLE: HolidayTable = {',
    '  formatVersion: 1,',
    `  firstYear: ${firstYear},`,
    `  names: ${JSON.stringify(names)},`,
    `  years: [\n${years.map((entries) => `    '${entries}',`).join('\n')}\n  ],`,
    '};',
    '',
  ].join('\n');
}

describe('the generated holiday table', () => {
  it('holds every supported year exactly as the calendar rules compute it', () => {
    if (process.env.TOOLGAUGE_WRITE_HOLIDAYS === '1')
      writeFileSync(TABLE_FILE, holidayTableSource(FIRST_YEAR, LAST_YEAR));
    expect(HOLIDAY_TABLE.formatVersion).toBe(1);
    expect(HOLIDAY_TABLE.firstYear).toBe(FIRST_YEAR);
    expect(HOLIDAY_TABLE.years).toHaveLength(LAST_YEAR - FIRST_YEAR + 1);
    for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) {
      expect(tabledHolidays(year), `holidays of ${year}`).toEqual(computeHolidaysInYear(year));
    }
  });

  it('computes years outside the table by rule', () => {
    expect(tabledHolidays(FIRST_YEAR - 1)).toBeUndefined();
    expect(tabledHolidays(LAST_YEAR + 1)).toBeUndefined();
    const later = holidaysInYear(LAST_YEAR + 1);
    expect(later).toEqual(computeHolidaysInYear(LAST_YEAR + 1));
    expect(later.find((holiday) => holiday.name === 'Independence Day')?.date).toBe(`${LAST_YEAR + 1}-07-04`);
  });
});
