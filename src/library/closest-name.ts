/**
 * The known name closest to a mistyped one, for "did you mean" hints: the smallest edit distance
 * (insertions, deletions, substitutions; case ignored), when it is at most a third of the name's length
 * (at least 1), so that unrelated names are never suggested.
 */
export function closestName(typed: string, known: Iterable<string>): string | undefined {
  const word = typed.toLowerCase();
  const limit = Math.max(1, Math.floor(word.length / 3));
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(word, name.toLowerCase());
    if (distance <= limit && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/** Levenshtein distance, one row at a time. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
