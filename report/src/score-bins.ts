/** One bar of a score histogram: scores in [from, to), the last bin also holding 1. */
export interface ScoreBin {
  readonly from: number;
  readonly to: number;
  readonly count: number;
}

/** Counts scores in `bins` equal bins over [0, 1]; values outside are clamped, non-numbers skipped. */
export function scoreBins(scores: readonly (number | null)[], bins = 10): ScoreBin[] {
  const counts = new Array<number>(bins).fill(0);
  for (const score of scores) {
    if (typeof score !== 'number' || !Number.isFinite(score)) continue;
    const position = Math.min(bins - 1, Math.max(0, Math.floor(score * bins)));
    counts[position] = (counts[position] ?? 0) + 1;
  }
  return counts.map((count, position) => ({ from: position / bins, to: (position + 1) / bins, count }));
}
