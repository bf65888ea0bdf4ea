import type { ReportBenchmarkRun, ReportEpisode } from '../../src/report/report-data';

/** One run of a benchmark in the history: its headline with interval, in time order. */
export interface HistoryPoint {
  readonly runId: string;
  readonly agent: string;
  readonly createdAt: string;
  readonly score: number | null;
  readonly low: number | null;
  readonly high: number | null;
  readonly episodes: number;
  readonly cost: number;
}

/** A case whose score moved between two runs (the mean over its trials in each). */
export interface CaseChange {
  readonly caseId: string;
  readonly before: number;
  readonly after: number;
  readonly delta: number;
}

/**
 * The runs of one benchmark (of one agent, when given) in the order they were made (then by id), each
 * with its headline and interval. Runs of older reports without a date keep the report's order.
 */
export function historyPoints(
  benchmarkRuns: readonly ReportBenchmarkRun[],
  benchmark: string,
  agent?: string,
): HistoryPoint[] {
  return benchmarkRuns
    .map((entry, position) => ({ entry, position }))
    .filter(({ entry }) => entry.benchmark === benchmark && (agent === undefined || entry.agent === agent))
    .sort(
      (a, b) =>
        (a.entry.createdAt ?? '').localeCompare(b.entry.createdAt ?? '') ||
        a.entry.runId.localeCompare(b.entry.runId) ||
        a.position - b.position,
    )
    .map(({ entry }) => ({
      runId: entry.runId,
      agent: entry.agent ?? 'unknown',
      createdAt: entry.createdAt ?? '',
      score: entry.overall.score,
      low: entry.overall.confidenceInterval[0],
      high: entry.overall.confidenceInterval[1],
      episodes: entry.overall.episodes,
      cost: entry.cost,
    }));
}

/** The benchmarks of a report with how many runs each has, most runs first (the history's choices). */
export function benchmarksByRuns(
  benchmarkRuns: readonly ReportBenchmarkRun[],
): { readonly benchmark: string; readonly title: string; readonly runs: number }[] {
  const counts = new Map<string, { title: string; runs: number }>();
  for (const entry of benchmarkRuns) {
    const found = counts.get(entry.benchmark);
    if (found) found.runs += 1;
    else counts.set(entry.benchmark, { title: entry.title, runs: 1 });
  }
  return [...counts]
    .map(([benchmark, { title, runs }]) => ({ benchmark, title, runs }))
    .sort((a, b) => b.runs - a.runs || a.title.localeCompare(b.title));
}

/** Each case's mean score over its scored trials (cases with no scored trial are left out). */
function caseScores(episodes: readonly ReportEpisode[]): Map<string, number> {
  const sums = new Map<string, { total: number; count: number }>();
  for (const episode of episodes) {
    if (typeof episode.score !== 'number' || !Number.isFinite(episode.score)) continue;
    const sum = sums.get(episode.caseId) ?? { total: 0, count: 0 };
    sum.total += episode.score;
    sum.count += 1;
    sums.set(episode.caseId, sum);
  }
  return new Map([...sums].map(([caseId, { total, count }]) => [caseId, total / count]));
}

/**
 * The cases scored in both runs whose mean score changed most from `before` to `after`, largest change
 * first (ties: by case id), at most `limit`; cases whose score did not change are left out.
 */
export function casesChangedMost(
  before: readonly ReportEpisode[],
  after: readonly ReportEpisode[],
  limit: number,
): CaseChange[] {
  const earlier = caseScores(before);
  const changes: CaseChange[] = [];
  for (const [caseId, score] of caseScores(after)) {
    const previous = earlier.get(caseId);
    if (previous === undefined) continue;
    const delta = score - previous;
    if (Math.abs(delta) < 1e-9) continue;
    changes.push({ caseId, before: previous, after: score, delta });
  }
  return changes
    .sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta) || a.caseId.localeCompare(b.caseId))
    .slice(0, limit);
}
