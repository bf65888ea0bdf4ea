/**
 * The holidays of a year, computed by rule with `date-holidays` (the live computation behind the
 * generated `holiday-table.ts`, which lookups read for the supported years): the US federal holidays and common US
 * observances (the reference searched the US calendar), plus Good Friday, Chinese New Year and Diwali.
 * Chinese New Year is computed from the Chinese calendar for any year; Diwali follows the Hindu lunar
 * calendar, which date-holidays knows only as dated entries of countries that observe it (Singapore
 * 2000–2019, Mauritius 2020–2050), so years before 2000 have no Diwali.
 */
import { createRequire } from 'node:module';
import type Holidays from 'date-holidays';
import type { HolidaysTypes } from 'date-holidays';

/**
 * date-holidays (with its calendars of every country, ~100 modules) is loaded on the first holiday
 * lookup, not when the domain is imported: commands that never search a holiday do not pay for it.
 */
const requireModule = createRequire(import.meta.url);
let holidaysClass: typeof Holidays | undefined;
function calendarFor(country: string): Holidays {
  holidaysClass ??= requireModule('date-holidays') as typeof Holidays;
  return new holidaysClass(country, ALL_TYPES);
}

export interface HolidayDate {
  /** The holiday's name as the calendar spells it, e.g. `Thanksgiving Day`. */
  readonly name: string;
  /** Local calendar date, `YYYY-MM-DD`. */
  readonly date: string;
}

const ALL_TYPES: HolidaysTypes.Options = {
  types: ['public', 'bank', 'school', 'observance', 'optional'],
};

/** Where Diwali's date comes from, per span of years. */
const DIWALI_SOURCES: readonly { country: string; pattern: RegExp; firstYear: number; lastYear: number }[] = [
  { country: 'SG', pattern: /deepavali/i, firstYear: 2000, lastYear: 2019 },
  { country: 'MU', pattern: /divali|diwali/i, firstYear: 2020, lastYear: 2050 },
];

let unitedStates: Holidays | undefined;
const diwaliCalendars = new Map<string, Holidays>();

/** The holidays of `year` in date order, each name once (at its first date), computed by rule. */
export function computeHolidaysInYear(year: number): HolidayDate[] {
  const found = new Map<string, HolidayDate>();
  for (const holiday of usCalendar().getHolidays(year) ?? []) {
    if (holiday.substitute) continue;
    const date = holiday.date.slice(0, 10);
    const earlier = found.get(holiday.name);
    if (!earlier || date < earlier.date) found.set(holiday.name, { name: holiday.name, date });
  }
  const diwali = diwaliDate(year);
  if (diwali) found.set('Diwali', { name: 'Diwali', date: diwali });
  return [...found.values()].sort((a, b) => a.date.localeCompare(b.date));
}

function usCalendar(): Holidays {
  if (!unitedStates) {
    unitedStates = calendarFor('US');
    unitedStates.setHoliday('easter -2', { name: 'Good Friday', type: 'observance' });
    unitedStates.setHoliday('chinese 01-0-01', { name: 'Chinese New Year', type: 'observance' });
  }
  return unitedStates;
}

function diwaliDate(year: number): string | undefined {
  const source = DIWALI_SOURCES.find((span) => year >= span.firstYear && year <= span.lastYear);
  if (!source) return undefined;
  let calendar = diwaliCalendars.get(source.country);
  if (!calendar) {
    calendar = calendarFor(source.country);
    diwaliCalendars.set(source.country, calendar);
  }
  const dates = (calendar.getHolidays(year) ?? [])
    .filter((holiday) => !holiday.substitute && source.pattern.test(holiday.name))
    .map((holiday) => holiday.date.slice(0, 10))
    .sort();
  return dates[0];
}
