import { createHash } from 'node:crypto';
import { allBenchmarks, getBenchmark } from '../benchmarks/registry.js';
import { buildRunReport, type EpisodeRow, type RunStore, readRecord } from '../runs/index.js';
import { DIAGNOSTIC_PATTERNS, type Trajectory } from '../spec/index.js';
import {
  type GenericEpisodeDetail,
  type GroupSummary,
  REPORT_FORMAT_VERSION,
  type ReportBenchmarkRun,
  type ReportData,
  type ReportEpisode,
  type ReportRun,
  type Row,
} from './report-data.js';
import { type SandboxRecordView, sandboxDetail } from './sandbox-detail.js';

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

/** Every registered benchmark's world tables and the column diffs pair their rows by. */
function tablePrimaryKeys(): Record<string, string> {
  return Object.assign({}, ...allBenchmarks().map((benchmark) => benchmark.tablePrimaryKeys?.() ?? {}));
}

/**
 * Everything the HTML report shows about some runs, read from the store only. Every benchmark of every
 * run is summarised from its declared metrics and tables; ToolSandbox episodes also get the data of the
 * sandbox viewer (world states, milestone mapping), others the generic viewer's (trajectories or the
 * record). Initial worlds are stored once per distinct world and referenced by key, which keeps a
 * 1,000-episode report small.
 */
export function buildReportData(
  store: RunStore,
  runIds: readonly string[],
  generatedAt = new Date().toISOString(),
): ReportData {
  const runs: ReportRun[] = [];
  const benchmarkRuns: ReportBenchmarkRun[] = [];
  const episodes: ReportEpisode[] = [];
  const worlds: Record<string, Record<string, readonly Row[]>> = {};
  for (const runId of runIds) {
    const report = buildRunReport(store, runId);
    const diagnostics: Record<string, number> = Object.fromEntries(DIAGNOSTIC_PATTERNS.map((pattern) => [pattern, 0]));
    const rows = store.episodes(runId);
    for (const row of rows) {
      const benchmark = getBenchmark(row.benchmark);
      const record = readRecord(row, benchmark);
      let detail: ReportEpisode['detail'];
      let generic: GenericEpisodeDetail | undefined;
      if (row.benchmark === 'sandbox' && record) {
        const sandboxRecord = record as SandboxRecordView;
        const trajectory = sandboxRecord.trajectory;
        const worldJson = JSON.stringify(trajectory.initialWorld.tables);
        const worldKey = createHash('sha1').update(worldJson).digest('hex').slice(0, 16);
        worlds[worldKey] ??= JSON.parse(worldJson);
        for (const [pattern, count] of Object.entries(sandboxRecord.diagnostics))
          diagnostics[pattern] = (diagnostics[pattern] ?? 0) + count;
        detail = sandboxDetail(sandboxRecord, worldKey);
      } else if (record !== undefined) {
        const trajectories = benchmark.trajectories(record);
        for (const trajectory of trajectories) {
          for (const [pattern, count] of Object.entries(trajectory.diagnostics.counts))
            diagnostics[pattern] = (diagnostics[pattern] ?? 0) + count;
        }
        generic = {
          trajectories: trajectories.map(reportTrajectory),
          explain: benchmark.explain?.(record) ?? [],
          ...(trajectories.length === 0 ? { record } : {}),
        };
      }
      const firstLabel = benchmark.labels[0]?.id;
      episodes.push({
        runId,
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
        categories:
          row.benchmark === 'sandbox' ? labelList(row, 'categories') : firstLabel ? labelList(row, firstLabel) : [],
        benchmark: row.benchmark,
        metrics: row.metrics,
        labels: row.labels,
        ...(detail ? { detail } : {}),
        ...(generic ? { generic } : {}),
      });
    }
    for (const [id, result] of Object.entries(report.benchmarks)) {
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
      });
    }
    const sandbox = report.benchmarks.sandbox;
    if (!sandbox) continue;
    const scored = rows.filter((row) => row.benchmark === 'sandbox' && row.status === 'scored');
    runs.push({
      runId,
      createdAt: report.createdAt,
      config: report.config,
      agent: String(report.config.agent ?? 'unknown'),
      overall: { ...groupSummary(scored), confidenceInterval: sandbox.overall.confidenceInterval },
      byCategory: groupSummaries(scored, 'categories'),
      byAugmentation: groupSummaries(scored, 'augmentation'),
      trials: sandbox.trials,
      status: sandbox.status,
      tokens: sandbox.tokens,
      requests: sandbox.requests,
      cost: sandbox.cost,
      diagnostics,
    });
  }
  return {
    formatVersion: REPORT_FORMAT_VERSION,
    generatedAt,
    runs,
    benchmarkRuns,
    episodes,
    worlds,
    tablePrimaryKeys: tablePrimaryKeys(),
  };
}

function stringLabel(row: EpisodeRow, label: string): string | undefined {
  const value = row.labels[label];
  return typeof value === 'string' ? value : undefined;
}

function reportTrajectory(trajectory: Trajectory): GenericEpisodeDetail['trajectories'][number] {
  return {
    agent: trajectory.agent,
    user: trajectory.user,
    firstEpisodeMessage: trajectory.firstEpisodeMessage,
    messages: trajectory.messages,
    termination: trajectory.termination,
    diagnosticFindings: trajectory.diagnostics.findings,
  };
}
