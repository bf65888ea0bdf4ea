/**
 * The API-similarity measure of the paper's Appendix B.4 / Figure 5: split each API name of an
 * environment on "_", remove the tokens every name shares, and average the Jaccard similarity of the
 * remaining token sets over all unique pairs. Two names left with no tokens count as identical (1).
 */
export function apiNameSimilarity(names: readonly string[]): number {
  const tokenSets = names.map((name) => new Set(name.toLowerCase().split('_').filter(Boolean)));
  const shared = new Set(tokenSets[0] ?? []);
  for (const tokens of tokenSets) for (const token of [...shared]) if (!tokens.has(token)) shared.delete(token);
  const refined = tokenSets.map((tokens) => new Set([...tokens].filter((token) => !shared.has(token))));
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
