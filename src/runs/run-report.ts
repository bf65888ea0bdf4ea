import { getBenchmarkAggregator } from '../benchmarks/registry.js';
import { type TrialStatistics, trialStatistics } from '../scoring/trial-statistics.js';
import type {
  AnyBenchmark,
  BenchmarkAggregator,
  BenchmarkOptionValues,
  EpisodeSummary,
  Labels,
  MetricDefinition,
  MetricValues,
  ReportTable,
} from '../spec/index.js';
import { optionKey } from './option-key.js';
import type { EpisodeRow, RunManifest, RunStore, StoredRun } from './run-store.js';

/** The version of the report JSON (`report --format json`, the library's `readReport`). */
export const RUN_REPORT_FORMAT_VERSION = 2;

export interface EpisodeReport {
  readonly caseId: string;
  readonly trial: number;
  readonly status: 'scored' | 'failed';
  /** The headline metric. */
  readonly score: number | null;
  readonly metrics: MetricValues;
  readonly labels: Labels;
  readonly error?: string;
  readonly cost: number;
}

export interface BenchmarkReport {
  readonly benchmark: string;
  /** The paper's name, e.g. `ToolSandbox`. */
  readonly title: string;
  /** The id of the headline metric. */
  readonly headline: string;
  /** The metrics the benchmark declares, in its order. */
  readonly metricDefinitions: readonly MetricDefinition[];
  /** The headline over the run as the benchmark aggregates it, with a 95% bootstrap interval over cases. */
  readonly overall: {
    readonly episodes: number;
    readonly score: number | null;
    readonly confidenceInterval: readonly [number | null, number | null];
  };
  /** Every declared metric over the run, as the benchmark aggregates it. */
  readonly metrics: MetricValues;
  /** The benchmark's own tables (e.g. ToolSandbox's Table 5 and Table 11). */
  readonly tables: readonly ReportTable[];
  /** pass^k and pass@k over the headline (a trial succeeds when it scores exactly 1). */
  readonly trials: TrialStatistics;
  readonly status: { readonly scored: number; readonly failed: number };
  readonly tokens: { readonly input: number; readonly output: number };
  readonly requests: number;
  readonly cost: number;
  readonly episodes: readonly EpisodeReport[];
}

export interface RunReport {
  readonly formatVersion: typeof RUN_REPORT_FORMAT_VERSION;
  readonly runId: string;
  readonly createdAt: string;
  readonly config: StoredRun['config'];
  readonly manifest: RunManifest;
  /** Everything the run has cost, every attempt included (an episode played twice costs both plays). */
  readonly spent: number;
  readonly benchmarks: Readonly<Record<string, BenchmarkReport>>;
}

/** The report of a stored run: per benchmark, its declared tables and metrics, trials and usage. */
export function buildRunReport(store: RunStore, runId: string): RunReport {
  const run = store.getRun(runId);
  if (!run) throw new Error(`no run "${runId}" in ${store.path}; see \`toolgauge list runs\``);
  const rows = store.episodes(runId, { withRecords: false });
  const benchmarks: Record<string, BenchmarkReport> = {};
  for (const id of new Set(rows.map((row) => row.benchmark))) {
    const benchmark = getBenchmarkAggregator(id);
    benchmarks[id] = benchmarkReport(
      benchmark,
      rows.filter((row) => row.benchmark === id),
      storedOptionValues(benchmark, run.config),
    );
  }
  return {
    formatVersion: RUN_REPORT_FORMAT_VERSION,
    runId,
    createdAt: run.createdAt,
    config: run.config,
    manifest: run.manifest,
    spent: store.runCost(runId),
    benchmarks,
  };
}

/** The summaries aggregation sees of stored episodes (scored ones only). */
export function episodeSummaries(rows: readonly EpisodeRow[]): EpisodeSummary[] {
  return rows
    .filter((row) => row.status === 'scored')
    .map((row) => ({
      caseId: row.caseId,
      trial: row.trial,
      status: row.status,
      metrics: row.metrics,
      labels: row.labels,
    }));
}

/** A benchmark's report over some episodes of one run. */
export function benchmarkReport(
  benchmark: BenchmarkAggregator,
  rows: readonly EpisodeRow[],
  options: BenchmarkOptionValues,
): BenchmarkReport {
  const summaries = episodeSummaries(rows);
  const aggregate = benchmark.aggregate(summaries, options);
  const scoresByCase = new Map<string, number[]>();
  for (const summary of summaries) {
    const score = summary.metrics[benchmark.headline] ?? 0;
    scoresByCase.set(summary.caseId, [...(scoresByCase.get(summary.caseId) ?? []), score]);
  }
  const trials = trialStatistics(scoresByCase);
  return {
    benchmark: benchmark.id,
    title: benchmark.title,
    headline: benchmark.headline,
    metricDefinitions: benchmark.metrics,
    overall: {
      episodes: summaries.length,
      score: finiteOrNull(aggregate.headline),
      confidenceInterval: [finiteOrNull(trials.confidenceInterval[0]), finiteOrNull(trials.confidenceInterval[1])],
    },
    metrics: aggregate.metrics,
    tables: aggregate.tables,
    trials,
    status: { scored: summaries.length, failed: rows.length - summaries.length },
    tokens: { input: sum(rows.map((row) => row.inputTokens)), output: sum(rows.map((row) => row.outputTokens)) },
    requests: sum(rows.map((row) => row.requests)),
    cost: sum(rows.map((row) => row.cost)),
    episodes: rows.map((row) => ({
      caseId: row.caseId,
      trial: row.trial,
      status: row.status,
      score: row.score,
      metrics: row.metrics,
      labels: row.labels,
      ...(row.error ? { error: row.error } : {}),
      cost: row.cost,
    })),
  };
}

/**
 * A benchmark's option values as a run stored them: each option under its camel-cased flag
 * (`--teval-protocol` → `tevalProtocol`), defaults filled in.
 */
export function storedOptionValues(
  benchmark: Pick<AnyBenchmark, 'options'>,
  config: Readonly<Record<string, unknown>>,
): BenchmarkOptionValues {
  const values: Record<string, string | boolean | readonly string[] | undefined> = {};
  for (const option of benchmark.options) {
    const stored = config[optionKey(option.flag)];
    const value =
      typeof stored === 'string' || typeof stored === 'boolean'
        ? stored
        : Array.isArray(stored)
          ? stored.map(String)
          : undefined;
    values[option.flag] = value ?? option.default;
  }
  return values;
}

export { optionKey };

function finiteOrNull(value: number | null): number | null {
  return value !== null && Number.isFinite(value) ? value : null;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
