import { createHash } from 'node:crypto';
import { getBenchmark } from '../benchmarks/registry.js';
import {
  type BenchmarkReport,
  benchmarkReport,
  type EpisodeRow,
  type RunStore,
  readRecord,
  reportProvenance,
  StoredRowError,
  storedOptionValues,
} from '../runs/index.js';
import { DIAGNOSTIC_PATTERNS, type Labels, type Trajectory } from '../spec/index.js';
import {
  type EpisodePageEntry,
  type GenericEpisodeDetail,
  type GroupSummary,
  REPORT_FORMAT_VERSION,
  type ReportBenchmarkRun,
  type ReportData,
  type ReportEpisode,
  type ReportRun,
  type Row,
  type UnreadableEpisode,
} from './report-data.js';
import { type TimelineRecordView, timelineDetail } from './timeline-detail.js';

/** A mean as the contract states it: null where it is not a number (the mean of no episodes is NaN). */
function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

function groupSummary(rows: readonly EpisodeRow[]): GroupSummary {
  const mean = (values: readonly number[]) =>
    values.length === 0 ? Number.NaN : values.reduce((total, value) => total + value, 0) / values.length;
  return {
    episodes: rows.length,
    score: finiteOrNull(mean(rows.map((row) => row.score ?? 0))),
    turnCount: finiteOrNull(mean(rows.map((row) => row.metrics.turnCount ?? 0))),
  };
}

function labelList(row: EpisodeRow, label: string): readonly string[] {
  const value = row.labels[label];
  return value === undefined ? [] : typeof value === 'string' ? [value] : value;
}

function groupSummaries(rows: readonly EpisodeRow[], label: string): Record<string, GroupSummary> {
  const groups = [...new Set(rows.flatMap((row) => labelList(row, label)))];
  return Object.fromEntries(
    groups.map((group) => [group, groupSummary(rows.filter((row) => labelList(row, label).includes(group)))]),
  );
}

/** The world tables of the reported runs' benchmarks and the column diffs pair their rows by. */
function tablePrimaryKeys(ids: Iterable<string>): Record<string, string> {
  return Object.assign({}, ...[...ids].map((id) => getBenchmark(id).tablePrimaryKeys?.() ?? {}));
}

/**
 * Everything the HTML report shows about some runs, read from the store only, with each episode's view
 * inline (small reports and tests; `writeHtmlReport` pages the views out instead). Every benchmark of
 * every run is summarised from its declared metrics and tables; episodes of a benchmark whose
 * `reportView` is `world-timeline` get that viewer's data (world states, milestone mapping), others the
 * generic viewer's (trajectories or the record). Initial worlds are stored once per distinct world and
 * referenced by key.
 */
export function buildReportData(
  store: RunStore,
  runIds: readonly string[],
  generatedAt = new Date().toISOString(),
): ReportData {
  const episodes: ReportEpisode[] = [];
  const data = collectReportData(store, runIds, generatedAt, (summary, view) => {
    episodes.push({ ...summary, ...view });
  });
  return { ...data, episodes };
}

/** The report data apart from its episodes, which `collectReportData` hands out one by one. */
export type ReportDataWithoutEpisodes = Omit<ReportData, 'episodes'>;

/**
 * Reads each run once, episode by episode (records are never all in memory at once), and hands each
 * episode's summary and view to `visit` as it goes; the run and benchmark summaries are computed from
 * lean copies of the rows read on the way (no second read of the store).
 */
export function collectReportData(
  store: RunStore,
  runIds: readonly string[],
  generatedAt: string,
  visit: (summary: ReportEpisode, view: EpisodePageEntry) => void,
): ReportDataWithoutEpisodes {
  const runs: ReportRun[] = [];
  const benchmarkRuns: ReportBenchmarkRun[] = [];
  const worlds: Record<string, Record<string, readonly Row[]>> = {};
  const sharedLabels = new Map<string, Labels>();
  const unreadable: UnreadableEpisode[] = [];
  for (const runId of runIds) {
    const run = store.requireRun(runId);
    const diagnostics: Record<string, number> = Object.fromEntries(DIAGNOSTIC_PATTERNS.map((pattern) => [pattern, 0]));
    const rowsByBenchmark = new Map<string, EpisodeRow[]>();
    // An episode that cannot be read is listed with its reason; everything else is reported. A row whose
    // summary columns are unreadable is left out of the figures too; one whose record alone is unreadable
    // still counts (its score and metrics are in the row) but has no view.
    for (const row of store.iterateEpisodes(runId, { onUnreadable: (episode) => unreadable.push(episode) })) {
      const labelsJson = JSON.stringify(row.labels);
      const labels = sharedLabels.get(labelsJson) ?? row.labels;
      sharedLabels.set(labelsJson, labels);
      const lean: EpisodeRow = { ...row, labels, modelCalls: [], record: '' };
      try {
        const { summary, view } = reportEpisode(row, lean, worlds, diagnostics, store.path);
        visit(summary, view);
      } catch (error) {
        if (!(error instanceof StoredRowError)) throw error;
        unreadable.push({
          runId,
          benchmark: row.benchmark,
          caseId: row.caseId,
          trial: row.trial,
          reason: error.message,
        });
      }
      const rows = rowsByBenchmark.get(row.benchmark);
      if (rows) rows.push(lean);
      else rowsByBenchmark.set(row.benchmark, [lean]);
    }
    // As `buildRunReport` reports them (the same rows, without records).
    const reports = new Map<string, BenchmarkReport>();
    for (const [id, rows] of rowsByBenchmark) {
      const benchmark = getBenchmark(id);
      const options = storedOptionValues(benchmark, run.config);
      const result = benchmarkReport(benchmark, rows, options);
      reports.set(id, result);
      benchmarkRuns.push({
        runId,
        benchmark: id,
        title: result.title,
        headline: result.headline,
        metricDefinitions: result.metricDefinitions,
        overall: result.overall,
        metrics: result.metrics,
        tables: result.tables,
        status: result.status,
        cost: result.cost,
        provenance: reportProvenance(benchmark, run, options),
        ...(benchmark.reportView ? { viewer: benchmark.reportView } : {}),
        createdAt: run.createdAt,
        config: run.config,
        agent: String(run.config.agent ?? 'unknown'),
        labels: benchmark.labels,
        description: benchmark.description,
        tokens: result.tokens,
        requests: result.requests,
        trials: { cases: result.trials.cases, trials: result.trials.trials },
      });
    }
    // The leaderboard summarises the run's world-timeline benchmark, grouped by its first two labels.
    const timeline = [...reports.keys()].find((id) => getBenchmark(id).reportView === 'world-timeline');
    const summarised = timeline === undefined ? undefined : reports.get(timeline);
    if (timeline === undefined || !summarised) continue;
    const [byFirst, bySecond] = getBenchmark(timeline).labels.map((label) => label.id);
    const scored = (rowsByBenchmark.get(timeline) ?? []).filter((row) => row.status === 'scored');
    runs.push({
      runId,
      createdAt: run.createdAt,
      config: run.config,
      agent: String(run.config.agent ?? 'unknown'),
      overall: { ...groupSummary(scored), confidenceInterval: summarised.overall.confidenceInterval },
      byCategory: byFirst ? groupSummaries(scored, byFirst) : {},
      byAugmentation: bySecond ? groupSummaries(scored, bySecond) : {},
      trials: summarised.trials,
      status: summarised.status,
      tokens: summarised.tokens,
      requests: summarised.requests,
      cost: summarised.cost,
      diagnostics,
    });
  }
  return {
    formatVersion: REPORT_FORMAT_VERSION,
    generatedAt,
    runs,
    benchmarkRuns,
    worlds,
    tablePrimaryKeys: tablePrimaryKeys(new Set(benchmarkRuns.map((run) => run.benchmark))),
    ...(unreadable.length > 0 ? { unreadable } : {}),
  };
}

/** One stored episode as the report lists it, and the view its viewer draws; adds to the run's diagnostics. */
function reportEpisode(
  row: EpisodeRow,
  lean: EpisodeRow,
  worlds: Record<string, Record<string, readonly Row[]>>,
  diagnostics: Record<string, number>,
  storePath: string,
): { summary: ReportEpisode; view: EpisodePageEntry } {
  const benchmark = getBenchmark(row.benchmark);
  const record = readRecord(row, benchmark, storePath);
  let detail: ReportEpisode['detail'];
  let generic: GenericEpisodeDetail | undefined;
  const episodeDiagnostics: Record<string, number> = {};
  if (benchmark.reportView === 'world-timeline' && record) {
    const timelineRecord = record as TimelineRecordView;
    const trajectory = timelineRecord.trajectory;
    const worldJson = JSON.stringify(trajectory.initialWorld.tables);
    const worldKey = createHash('sha1').update(worldJson).digest('hex').slice(0, 16);
    worlds[worldKey] ??= JSON.parse(worldJson);
    Object.assign(episodeDiagnostics, timelineRecord.diagnostics);
    detail = timelineDetail(timelineRecord, worldKey);
  } else if (record !== undefined) {
    const trajectories = benchmark.trajectories(record);
    for (const trajectory of trajectories) {
      for (const [pattern, count] of Object.entries(trajectory.diagnostics.counts))
        episodeDiagnostics[pattern] = (episodeDiagnostics[pattern] ?? 0) + count;
    }
    generic = {
      trajectories: trajectories.map(reportTrajectory),
      explain: benchmark.explain?.(record) ?? [],
      ...(trajectories.length === 0 ? { record } : {}),
    };
  }
  let diagnosticCount = 0;
  for (const [pattern, count] of Object.entries(episodeDiagnostics)) {
    diagnostics[pattern] = (diagnostics[pattern] ?? 0) + count;
    if (Number.isFinite(count)) diagnosticCount += count;
  }
  const messages = detail?.messages ?? generic?.trajectories.flatMap((trajectory) => trajectory.messages) ?? [];
  const toolErrors = messages.filter(
    (message) => message.type === 'tool-result' && message.outcome.type === 'error',
  ).length;
  const firstLabel = benchmark.labels[0]?.id;
  const summary: ReportEpisode = {
    runId: row.runId,
    caseId: row.caseId,
    trial: row.trial,
    status: row.status,
    score: row.score,
    turnCount: row.metrics.turnCount ?? null,
    error: row.error,
    cost: row.cost,
    inputTokens: row.inputTokens,
    outputTokens: row.outputTokens,
    baseId: stringLabel(row, 'baseId') ?? row.caseId,
    scenarioId: stringLabel(row, 'scenarioId') ?? row.caseId,
    augmentation: stringLabel(row, 'augmentation') ?? 'none',
    categories: firstLabel ? labelList(lean, firstLabel) : [],
    benchmark: row.benchmark,
    metrics: row.metrics,
    labels: lean.labels,
    diagnosticCount,
    toolErrors,
  };
  return { summary, view: { ...(detail ? { detail } : {}), ...(generic ? { generic } : {}) } };
}

function stringLabel(row: EpisodeRow, label: string): string | undefined {
  const value = row.labels[label];
  return typeof value === 'string' ? value : undefined;
}

function reportTrajectory(trajectory: Trajectory): GenericEpisodeDetail['trajectories'][number] {
  return {
    episodeId: trajectory.episodeId,
    agent: trajectory.agent,
    user: trajectory.user,
    firstEpisodeMessage: trajectory.firstEpisodeMessage,
    messages: trajectory.messages,
    termination: trajectory.termination,
    diagnosticFindings: trajectory.diagnostics.findings,
  };
}
