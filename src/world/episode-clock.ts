import { Temporal } from 'temporal-polyfill';
import { DefinitionError } from '../spec/index.js';
import { remembered, rememberedUpTo } from '../util/remembered.js';

/** Local calendar fields of an instant in a time zone. */
export interface ZonedParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** ISO weekday: Monday 1 … Sunday 7. */
  readonly isoWeekday: number;
}

/**
 * The episode's clock: a fixed "now" (seconds since the Unix epoch) in an IANA time zone. It moves only
 * when the episode advances it; nothing reads the wall clock or the machine's time zone, so an episode
 * gives the same results anywhere, any day.
 */
export class EpisodeClock {
  private current: number;

  constructor(
    now: number,
    readonly timeZone: string,
  ) {
    if (!Number.isFinite(now)) throw new DefinitionError(`clock: "now" must be a finite number of seconds, got ${now}`);
    assertTimeZone(timeZone);
    this.current = now;
  }

  /** Builds a clock from an ISO date-time with offset (e.g. `2026-03-14T09:30:00-07:00`). */
  static fromIso(instant: string, timeZone: string): EpisodeClock {
    let epochMs: number;
    try {
      epochMs = Temporal.Instant.from(instant).epochMilliseconds;
    } catch {
      throw new DefinitionError(`clock: "${instant}" is not an ISO 8601 instant with an offset or Z`);
    }
    return new EpisodeClock(epochMs / 1000, timeZone);
  }

  /** Seconds since the Unix epoch. */
  now(): number {
    return this.current;
  }

  /** Moves the clock forward; the episode does this, tools never do. */
  advance(seconds: number): void {
    if (!(seconds >= 0)) throw new RangeError(`clock: cannot advance by ${seconds} seconds`);
    this.current += seconds;
  }

  /** The local calendar fields of an instant (default: now) in the clock's zone. */
  parts(epochSeconds: number = this.current): ZonedParts {
    return zonedParts(epochSeconds, this.timeZone);
  }
}

/**
 * Calendar fields per time zone and millisecond, remembered (immutable; every case of a scenario reads
 * the same instants, and the time-zone arithmetic costs). Bounded per zone.
 */
const partsByZone = new Map<string, Map<number, ZonedParts>>();
const MAX_REMEMBERED_INSTANTS = 20_000;

export function zonedParts(epochSeconds: number, timeZone: string): ZonedParts {
  const epochMs = Math.round(epochSeconds * 1000);
  const byInstant = remembered(partsByZone, timeZone, () => new Map<number, ZonedParts>());
  return rememberedUpTo(byInstant, MAX_REMEMBERED_INSTANTS, epochMs, () => zonedPartsAfresh(epochMs, timeZone));
}

function zonedPartsAfresh(epochMs: number, timeZone: string): ZonedParts {
  const zoned = Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(timeZone);
  return Object.freeze({
    year: zoned.year,
    month: zoned.month,
    day: zoned.day,
    hour: zoned.hour,
    minute: zoned.minute,
    second: zoned.second,
    isoWeekday: zoned.dayOfWeek,
  });
}

/** Throws an error naming the zone when it is not a valid IANA time zone. */
export function assertTimeZone(timeZone: string): void {
  if (knownTimeZones.has(timeZone)) return;
  try {
    Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(timeZone);
  } catch {
    throw new DefinitionError(`clock: "${timeZone}" is not an IANA time zone (e.g. "America/Los_Angeles")`);
  }
  knownTimeZones.add(timeZone);
}

/** Time zones already accepted (every episode builds a clock; checking one costs a Temporal lookup). */
const knownTimeZones = new Set<string>();
