/** Field schemas shared by the knowledge data files. */
import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';

export const formatVersionField = z.number().int().min(1);

/** A calendar date `YYYY-MM-DD`, e.g. the day a snapshot of prices was taken. */
export const isoDateField = z.string().regex(/^\d{4}-\d{2}-\d{2}/, 'expected a date like 2026-01-15');

export const latitudeField = z.number().min(-90).max(90);
export const longitudeField = z.number().min(-180).max(180);

/** An IANA time zone the Temporal implementation knows, e.g. `America/Los_Angeles`. */
export const timeZoneField = z.string().refine(isTimeZone, {
  message: 'expected an IANA time zone such as America/Los_Angeles',
});

function isTimeZone(timeZone: string): boolean {
  try {
    Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * Adds an issue at `<index>.<key>` for every item whose `key` repeats an earlier item's, so a duplicate id
 * is reported with its place in the file (normalise case inside `key` when it should not count).
 */
export function rejectDuplicates<Item>(
  items: readonly Item[],
  key: (item: Item) => string,
  field: string,
  context: z.RefinementCtx,
): void {
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const value = key(item);
    const first = seen.get(value);
    if (first === undefined) seen.set(value, index);
    else
      context.addIssue({
        code: 'custom',
        path: [index, field],
        message: `duplicate ${field} "${value}" (first at [${first}])`,
      });
  });
}
