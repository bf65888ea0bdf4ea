/**
 * Finding the holiday a name refers to. An exact name or alias wins; otherwise the best fuzzy match
 * (fuzzball partial_ratio of at least 90, as the reference's threshold), ties broken by how similar the
 * whole strings are, so "Independence" finds Independence Day rather than a longer name containing it.
 */
import { partial_ratio, token_sort_ratio } from 'fuzzball';
import { remembered } from '../../util/index.js';
import { normalizeSearchText } from '../knowledge-data/search-text.js';
import type { HolidayDate } from './holiday-calendar.js';
import { HOLIDAY_ALIASES } from './holiday-names.js';

/** Lowest partial_ratio (0–100) for a fuzzy match. */
export const HOLIDAY_MATCH_THRESHOLD = 90;

export function matchHoliday(query: string, holidays: readonly HolidayDate[]): HolidayDate | undefined {
  const wanted = normalizeSearchText(query);
  if (!wanted) return undefined;
  const exact = holidays.find((holiday) => namesOf(holiday).includes(wanted));
  if (exact) return exact;
  let best: { holiday: HolidayDate; score: number; closeness: number } | undefined;
  for (const holiday of holidays) {
    for (const name of namesOf(holiday)) {
      const score = partial_ratio(wanted, name, { full_process: false });
      if (score < HOLIDAY_MATCH_THRESHOLD) continue;
      const closeness = token_sort_ratio(wanted, name, { full_process: false });
      if (!best || score > best.score || (score === best.score && closeness > best.closeness)) {
        best = { holiday, score, closeness };
      }
    }
  }
  return best?.holiday;
}

/** A holiday's name and aliases, normalised; remembered per name (every search reads them all). */
const normalizedNames = new Map<string, readonly string[]>();

function namesOf(holiday: HolidayDate): readonly string[] {
  return remembered(normalizedNames, holiday.name, () =>
    [holiday.name, ...(HOLIDAY_ALIASES[holiday.name] ?? [])].map(normalizeSearchText),
  );
}
