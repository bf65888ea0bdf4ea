import type { ReportEpisode } from '../../src/report/report-data';

/** What grouping needs of an episode. */
type Summary = Pick<ReportEpisode, 'runId' | 'benchmark' | 'score' | 'status' | 'labels'>;

/** The mean headline of a run's scored episodes that carry one value of a label. */
export interface LabelGroupRow {
  readonly value: string;
  /** Run id → mean score and episode count (absent: the run has no scored episode with this value). */
  readonly byRun: ReadonlyMap<string, { readonly score: number; readonly episodes: number }>;
}

function valuesOf(episode: Summary, label: string): readonly string[] {
  const value = episode.labels?.[label];
  if (value === undefined) return [];
  return typeof value === 'string' ? [value] : value;
}

/**
 * A benchmark's headline grouped by one of its labels, per run: the plain mean of the episodes' headline
 * scores (an episode with several values counts in each). Values in first-seen order; at most `limit`
 * values (the most frequent), so a label with a value per case does not make a table of thousands.
 */
export function labelGroups(
  episodes: readonly Summary[],
  benchmark: string,
  runIds: readonly string[],
  label: string,
  limit: number,
): { readonly rows: LabelGroupRow[]; readonly leftOut: number } {
  const sums = new Map<string, Map<string, { total: number; count: number }>>();
  const frequency = new Map<string, number>();
  const wanted = new Set(runIds);
  for (const episode of episodes) {
    const runId = episode.runId;
    if (!wanted.has(runId) || episode.benchmark !== benchmark) continue;
    if (episode.status !== 'scored' || typeof episode.score !== 'number') continue;
    for (const value of valuesOf(episode, label)) {
      frequency.set(value, (frequency.get(value) ?? 0) + 1);
      let byRun = sums.get(value);
      if (!byRun) {
        byRun = new Map();
        sums.set(value, byRun);
      }
      const sum = byRun.get(runId) ?? { total: 0, count: 0 };
      sum.total += episode.score;
      sum.count += 1;
      byRun.set(runId, sum);
    }
  }
  const kept = new Set(
    [...frequency]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([value]) => value),
  );
  const rows = [...sums]
    .filter(([value]) => kept.has(value))
    .map(([value, byRun]) => ({
      value,
      byRun: new Map([...byRun].map(([runId, { total, count }]) => [runId, { score: total / count, episodes: count }])),
    }));
  return { rows, leftOut: sums.size - rows.length };
}
