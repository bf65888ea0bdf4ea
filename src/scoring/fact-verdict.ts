/**
 * What an answer says of a fact, and what facts are read against: the shared vocabulary of the fact
 * checkers (`answer-facts.ts` and `moment-facts.ts`).
 */

/** What an answer says of a fact: states its value, leaves it out, or states another value of its kind. */
export type FactVerdict = 'stated' | 'missing' | 'contradicted';

/** The episode clock facts about moments are read against (relative times, "today", "yesterday"). */
export interface FactClock {
  /** Now, in seconds since the epoch. */
  readonly now: number;
  readonly timeZone: string;
  /**
   * The names of the other entities the world knows (its contacts, full and first names): an answer
   * that names one of them where a `name` fact's entity is missing names the wrong one.
   */
  readonly names?: readonly string[];
  /**
   * Converts an amount written with a unit ("22.9 km", "57 °F") into a fact's unit, or undefined when
   * the words are no unit of that kind (given by the caller, who knows the units; facts without it
   * compare numbers as written).
   */
  readonly convert?: (amount: number, unitWords: string, toUnit: string) => number | undefined;
}

/** Stated when the value is found; otherwise contradicted when another value of the kind is, else missing. */
export function found(stated: boolean, other: boolean): FactVerdict {
  return stated ? 'stated' : other ? 'contradicted' : 'missing';
}
