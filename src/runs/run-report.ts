import type { EpisodeRow, RunStore, StoredRun } from './run-store.js';
import { type TrialStatistics, trialStatistics } from './trial-statistics.js';

export interface GroupReport {
  readonly episodes: number;
  /** Mean score of scored episodes. */
  readonly score: number;
  readonly turnCount: number;
}

export interface EpisodeReport {
  readonly caseId: string;
  readonly trial: number;
  readonly status: string;
  readonly score: number | null;
  readonly turnCount: number | null;
  readonly error?: string;
  readonly cost: number;
}

export interface BenchmarkReport {
  readonly overall: GroupReport & { readonly confidenceInterval: readonly [number, number] };
  readonly byCategory: Readonly<Record<string, GroupReport>>;
  readonly byAugmentation: Readonly<Record<string, GroupReport>>;
  readonly trials: TrialStatistics;
  readonly status: { readonly scored: number; readonly failed: number };
  readonly tokens: { readonly input: number; readonly output: number };
  readonly requests: number;
  readonly cost: number;
  readonly episodes: readonly EpisodeReport[];
}

export interface RunReport {
  readonly formatVersion: 1;
  readonly runId: string;
  readonly createdAt: string;
  readonly config: StoredRun['config'];
  /** Everything the run has cost, every attempt included (an episode played twice costs both plays). */
  readonly spent: number;
  readonly benchmarks: Readonly<Record<string, BenchmarkReport>>;
}

interface Labels {
  readonly baseId?: string;
  readonly augmentation?: string;
  readonly categories?: readonly string[];
}

/** The report of a stored run: per benchmark, scores overall, by category and augmentation, trials, cost. */
export function buildRunReport(store: RunStore, runId: string): RunReport {
  const run = store.getRun(runId);
  if (!run) throw new Error(`no run "${runId}" in ${store.path}; see \`toolgauge list runs\``);
  const rows = store.episodes(runId, { withRecords: false });
  const benchmarks: Record<string, BenchmarkReport> = {};
  for (const benchmark of new Set(rows.map((row) => row.benchmark))) {
    benchmarks[benchmark] = benchmarkReport(rows.filter((row) => row.benchmark === benchmark));
  }
  return {
    formatVersion: 1,
    runId,
    createdAt: run.createdAt,
    config: run.config,
    spent: store.runCost(runId),
    benchmarks,
  };
}

function benchmarkReport(rows: readonly EpisodeRow[]): BenchmarkReport {
  const labelled = rows.map((row) => ({ row, labels: JSON.parse(row.labels) as Labels }));
  const scored = labelled.filter(({ row }) => row.status === 'scored');
  const group = (selected: typeof scored): GroupReport => ({
    episodes: selected.length,
    score: mean(selected.map(({ row }) => row.score ?? 0)),
    turnCount: mean(selected.map(({ row }) => row.turnCount ?? 0)),
  });
  const byCategory: Record<string, GroupReport> = {};
  for (const category of new Set(scored.flatMap(({ labels }) => labels.categories ?? []))) {
    byCategory[category] = group(scored.filter(({ labels }) => labels.categories?.includes(category)));
  }
  const byAugmentation: Record<string, GroupReport> = {};
  for (const augmentation of new Set(scored.map(({ labels }) => labels.augmentation ?? 'none'))) {
    byAugmentation[augmentation] = group(
      scored.filter(({ labels }) => (labels.augmentation ?? 'none') === augmentation),
    );
  }
  const scoresByCase = new Map<string, number[]>();
  for (const { row } of scored) scoresByCase.set(row.caseId, [...(scoresByCase.get(row.caseId) ?? []), row.score ?? 0]);
  const trials = trialStatistics(scoresByCase);
  return {
    overall: { ...group(scored), confidenceInterval: trials.confidenceInterval },
    byCategory,
    byAugmentation,
    trials,
    status: { scored: scored.length, failed: rows.length - scored.length },
    tokens: { input: sum(rows.map((row) => row.inputTokens)), output: sum(rows.map((row) => row.outputTokens)) },
    requests: sum(rows.map((row) => row.requests)),
    cost: sum(rows.map((row) => row.cost)),
    episodes: rows.map((row) => ({
      caseId: row.caseId,
      trial: row.trial,
      status: row.status,
      score: row.score,
      turnCount: row.turnCount,
      ...(row.error ? { error: row.error } : {}),
      cost: row.cost,
    })),
  };
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : sum(values) / values.length;
}
