import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { defineTool, fail } from '../../tools/index.js';
import { remembered, rememberedUpTo } from '../../util/index.js';
import { requireSetting } from '../settings/index.js';
import { checkYear, FIRST_YEAR, LAST_YEAR } from '../time/index.js';
import { holidaysInYear } from './holiday-calendar.js';
import { matchHoliday } from './holiday-matching.js';
import { WELL_KNOWN_HOLIDAYS } from './holiday-names.js';

/**
 * Deliberate difference from the reference: an unknown holiday is a `not-found` error listing holidays
 * that can be asked for, where the reference returned None and left the agent guessing.
 */
export const searchHoliday = defineTool({
  name: 'search_holiday',
  description:
    'Looks up the date of a holiday by name: US federal holidays and common observances (e.g. Memorial ' +
    "Day, Thanksgiving, Mother's Day, Halloween) plus Easter, Good Friday, Chinese New Year and Diwali. " +
    'Names are matched loosely ("xmas", "4th of July", "Presidents Day" work). Needs wifi.',
  parameters: z.object({
    holiday_name: z.string().describe('The name of the holiday, e.g. "Thanksgiving" or "Labor Day".'),
    year: z
      .number()
      .int()
      .optional()
      .describe(`The year, ${FIRST_YEAR} to ${LAST_YEAR}. Defaults to the current year.`),
  }),
  returns: "The POSIX timestamp (seconds) of 00:00 on the holiday's date in the user's time zone, as a float.",
  kind: 'read',
  domain: 'holiday',
  dependsOn: ['wifi'],
  run({ holiday_name, year }, context) {
    requireSetting(context.world, 'wifi', 'search_holiday');
    const targetYear = year ?? context.clock.parts().year;
    checkYear(targetYear, 'year');
    const holiday = matchHoliday(holiday_name, holidaysInYear(targetYear));
    if (!holiday) throw unknownHoliday(holiday_name, targetYear);
    return startOfDay(holiday.date, context.clock.timeZone);
  },
});

/** POSIX seconds of 00:00 on a date in a zone, remembered (the same few holidays are asked in every case). */
const startsByZone = new Map<string, Map<string, number>>();
const MAX_REMEMBERED_DATES = 10_000;

function startOfDay(date: string, timeZone: string): number {
  const byDate = remembered(startsByZone, timeZone, () => new Map<string, number>());
  return rememberedUpTo(
    byDate,
    MAX_REMEMBERED_DATES,
    date,
    () => Temporal.PlainDate.from(date).toZonedDateTime({ timeZone }).epochMilliseconds / 1000,
  );
}

/** A reference year whose calendar has every holiday this tool knows. */
const FULL_CALENDAR_YEAR = 2030;

function unknownHoliday(holidayName: string, year: number) {
  const inOtherYears = matchHoliday(holidayName, holidaysInYear(FULL_CALENDAR_YEAR));
  if (inOtherYears) {
    return fail(
      'not-found',
      `${inOtherYears.name} has no date in ${year} in this calendar (it was not observed that year, or its date is not known).`,
      `Ask for another year, e.g. ${FULL_CALENDAR_YEAR}.`,
      { holiday_name: holidayName, year },
    );
  }
  return fail(
    'not-found',
    `No holiday called "${holidayName}" is known.`,
    `Try a common name, e.g. ${WELL_KNOWN_HOLIDAYS.join(', ')}.`,
    { holiday_name: holidayName, year },
  );
}
