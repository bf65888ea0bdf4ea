/**
 * The holidays of a year as `search_holiday` sees them. For the supported years they are read from the
 * generated `holiday-table.ts` (what `holiday-rules.ts` computes with date-holidays, kept equal to it by
 * `holiday-table.test.ts`): computing a year by rule loads every country's calendar and runs lunar and
 * solar-term arithmetic, which a run would otherwise pay on its first holiday searches. Years outside the
 * table are computed by rule.
 */
import { computeHolidaysInYear, type HolidayDate } from './holiday-rules.js';
import { HOLIDAY_TABLE } from './holiday-table.js';

export type { HolidayDate } from './holiday-rules.js';

const byYear = new Map<number, readonly HolidayDate[]>();

/** The holidays of `year` in date order; each name once (at its first date). Cached per year. */
export function holidaysInYear(year: number): readonly HolidayDate[] {
  const cached = byYear.get(year);
  if (cached) return cached;
  const holidays = Object.freeze(tabledHolidays(year) ?? computeHolidaysInYear(year));
  byYear.set(year, holidays);
  return holidays;
}

/** The year's holidays from the generated table, or undefined when the table does not hold the year. */
export function tabledHolidays(year: number): HolidayDate[] | undefined {
  const entries = HOLIDAY_TABLE.years[year - HOLIDAY_TABLE.firstYear];
  if (entries === undefined) return undefined;
  if (entries === '') return [];
  return entries.split(' ').map((entry) => {
    const [nameIndex, monthDay] = entry.split(':') as [string, string];
    return { name: HOLIDAY_TABLE.names[Number(nameIndex)] as string, date: `${year}-${monthDay}` };
  });
}
