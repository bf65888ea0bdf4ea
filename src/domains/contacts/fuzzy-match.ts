import { WRatio } from 'fuzzball';

/**
 * How closely `text` matches `query`, from 0 to 100: the weighted ratio of the two after lower-casing and
 * dropping punctuation, as the reference's rapidfuzz WRatio. Non-Latin letters are kept, so names in
 * other scripts still match.
 */
export function fuzzyScore(query: string, text: string): number {
  return WRatio(query, text, { full_process: true, force_ascii: false });
}
