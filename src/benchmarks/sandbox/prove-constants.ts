/** A correct alternative solution (hand-written or generated) must score at least this. */
export const ALTERNATIVE_FLOOR = 0.95;
