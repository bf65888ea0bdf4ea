import { getBenchmarkAggregator } from '../../benchmarks/registry.js';
import { type TrialStatistics, trialStatistics } from '../../scoring/trial-statistics.js';
import type {
  AnyBenchmark,
  BenchmarkAggregator,
  BenchmarkOptionValues,
  EpisodeSummary,
  Labels,
  MetricDefinition,
  MetricValues,
  ReportTable,
} from '../../spec/index.js';
import { remembered } from '../../util/remembered.js';
import type { ReportedEpisode, RunManifest, RunStore, StoredRun } from '../store/run-store.js';
import { optionKey } from './option-key.js';
import type { ProvenanceFacts } from './provenance-text.js';

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
  /** Where the numbers come from, printed next to the tables: see {@link ReportProvenance}. */
  readonly provenance?: ReportProvenance;
}

export type ReportProvenance = ProvenanceFacts;

/** The provenance of one benchmark's numbers in a stored run. */
export function reportProvenance(
  benchmark: Pick<BenchmarkAggregator, 'id' | 'describeScoring'>,
  run: StoredRun,
  options: BenchmarkOptionValues,
): ReportProvenance {
  const cases = run.manifest.benchmarks?.[benchmark.id];
  const described = benchmark.describeScoring?.({ options, source: cases?.source ?? 'built-in' });
  const paper = described?.comparable
    ? `comparable with ${described.comparable.with}${described.comparable.note ? ` (${described.comparable.note})` : ''}`
    : described?.notComparable
      ? `not comparable with the paper: ${described.notComparable}`
      : undefined;
  const embedder = typeof run.config.embedder === 'string' ? run.config.embedder : undefined;
  return {
    ...(described ? { scoring: described.summary } : {}),
    ...(paper ? { paper } : {}),
    ...(cases ? { cases: { source: cases.source, count: cases.caseCount, hash: cases.caseSetHash } } : {}),
    ...(embedder ? { embedder } : {}),
    ...(run.manifest.toolgaugeVersion ? { toolgaugeVersion: run.manifest.toolgaugeVersion } : {}),
    ...(run.manifest.rescoredFrom ? { rescoredFrom: run.manifest.rescoredFrom.runId } : {}),
  };
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

/**
 * The report of a stored run: per benchmark, its declared tables and metrics, trials and usage. The
 * episodes are read once, as a report needs them (see `RunStore.iterateReportedEpisodes`), and tallied
 * per benchmark as they come; the reports are the same as {@link benchmarkReport} makes of the rows.
 */
export function buildRunReport(store: RunStore, runId: string): RunReport {
  const run = store.requireRun(runId);
  const tallies = new Map<string, EpisodeTally>();
  for (const row of store.iterateReportedEpisodes(runId)) {
    remembered(tallies, row.benchmark, () => new EpisodeTally()).add(row);
  }
  const benchmarks: Record<string, BenchmarkReport> = {};
  for (const [id, tally] of tallies) {
    const benchmark = getBenchmarkAggregator(id);
    const options = storedOptionValues(benchmark, run.config);
    benchmarks[id] = { ...tally.report(benchmark, options), provenance: reportProvenance(benchmark, run, options) };
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

/** The summary aggregation sees of a stored (scored) episode. */
const episodeSummary = (row: ReportedEpisode): EpisodeSummary => ({
  caseId: row.caseId,
  trial: row.trial,
  status: row.status,
  metrics: row.metrics,
  labels: row.labels,
});

/** A benchmark's report over some episodes of one run. */
export function benchmarkReport(
  benchmark: BenchmarkAggregator,
  rows: readonly ReportedEpisode[],
  options: BenchmarkOptionValues,
): BenchmarkReport {
  const tally = new EpisodeTally();
  for (const row of rows) tally.add(row);
  return tally.report(benchmark, options);
}

/**
 * A benchmark's episodes taken one at a time, kept only as the report shows them (and as summaries for
 * its aggregation), with their usage summed in the order they come (as summing the list would).
 */
class EpisodeTally {
  private readonly episodes: EpisodeReport[] = [];
  private readonly summaries: EpisodeSummary[] = [];
  private inputTokens = 0;
  private outputTokens = 0;
  private requests = 0;
  private cost = 0;

  add(row: ReportedEpisode): void {
    this.inputTokens += row.inputTokens;
    this.outputTokens += row.outputTokens;
    this.requests += row.requests;
    this.cost += row.cost;
    if (row.status === 'scored') this.summaries.push(episodeSummary(row));
    const { caseId, trial, status, score, metrics, labels, error, cost } = row;
    // The report's fields in this order (its JSON), `error` only when there is one.
    this.episodes.push(
      error
        ? { caseId, trial, status, score, metrics, labels, error, cost }
        : { caseId, trial, status, score, metrics, labels, cost },
    );
  }

  report(benchmark: BenchmarkAggregator, options: BenchmarkOptionValues): BenchmarkReport {
    const { summaries } = this;
    const aggregate = benchmark.aggregate(summaries, options);
    const scoresByCase = new Map<string, number[]>();
    for (const summary of summaries) {
      const score = summary.metrics[benchmark.headline] ?? 0;
      const scores = scoresByCase.get(summary.caseId);
      if (scores) scores.push(score);
      else scoresByCase.set(summary.caseId, [score]);
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
      status: { scored: summaries.length, failed: this.episodes.length - summaries.length },
      tokens: { input: this.inputTokens, output: this.outputTokens },
      requests: this.requests,
      cost: this.cost,
      episodes: this.episodes,
    };
  }
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
