import { WRatio } from 'fuzzball';

/**
 * How closely `text` matches `query`, from 0 to 100: the weighted ratio of the two after lower-casing and
 * dropping punctuation, as the reference's rapidfuzz WRatio. Non-Latin letters are kept, so names in
 * other scripts still match.
 */
export function fuzzyScore(query: string, text: string): number {
  const key = `${query}\u0000${text}`;
  let score = scores.get(key);
  if (score === undefined) {
    score = WRatio(query, text, { full_process: true, force_ascii: false });
    if (scores.size >= MAX_REMEMBERED_SCORES) scores.clear();
    scores.set(key, score);
  }
  return score;
}

/** Scores per query and text, remembered: every case of a scenario searches the same rows alike. Bounded. */
const scores = new Map<string, number>();
const MAX_REMEMBERED_SCORES = 100_000;
