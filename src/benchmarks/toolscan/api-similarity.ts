/**
 * The API-similarity measure of the paper's Appendix B.4 / Figure 5: the mean Jaccard similarity of the
 * token sets of an environment's API names over all unique pairs, after "removing the tokens common
 * across the list of functions".
 *
 * The paper's prose and its worked example disagree: the prose says tokens shared by all names go, but
 * the example turns `get_patent_with_title` into `patent_title` and `get_patent_with_title_and_date`
 * into `patent_title_date` — `patent` and `title`, shared by every name, stay, while `get`, `with` and
 * `and` (not even in every name) go. We follow the example, the only place the paper shows its rule:
 * the removed tokens are the naming glue words ({@link GLUE_TOKENS}), and the words that say what an API
 * is about stay. (Removing every shared token gives the paper's own example a similarity of 0.)
 */

/** Connectives and the generic "get" verb that API names are glued with (the paper's example drops get/with/and). */
export const GLUE_TOKENS: ReadonlySet<string> = new Set([
  'get',
  'with',
  'and',
  'or',
  'by',
  'of',
  'the',
  'for',
  'to',
  'a',
  'an',
]);

/** An API name's tokens after the glue words are removed, as the paper's example refines them. */
export function refinedTokens(name: string): Set<string> {
  return new Set(
    name
      .toLowerCase()
      .split('_')
      .filter((token) => token !== '' && !GLUE_TOKENS.has(token)),
  );
}

export function apiNameSimilarity(names: readonly string[]): number {
  const refined = names.map(refinedTokens);
  let total = 0;
  let pairs = 0;
  for (let i = 0; i < refined.length; i += 1) {
    for (let j = i + 1; j < refined.length; j += 1) {
      const a = refined[i] ?? new Set<string>();
      const b = refined[j] ?? new Set<string>();
      const union = new Set([...a, ...b]).size;
      const intersection = [...a].filter((token) => b.has(token)).length;
      total += union === 0 ? 1 : intersection / union;
      pairs += 1;
    }
  }
  return pairs === 0 ? 0 : total / pairs;
}
