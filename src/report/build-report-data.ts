import { createHash } from 'node:crypto';
import type { SandboxEpisodeRecord } from '../benchmarks/sandbox/index.js';
import { sandboxToolkit } from '../benchmarks/sandbox/internals.js';
import { buildRunReport, type EpisodeRow, type RunStore } from '../runs/index.js';
import { DIAGNOSTIC_PATTERNS } from '../spec/index.js';
import {
  type GroupSummary,
  REPORT_FORMAT_VERSION,
  type ReportData,
  type ReportEpisode,
  type ReportRun,
  type Row,
} from './report-data.js';

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

/** The sandbox world's tables and the column diffs pair their rows by. */
function tablePrimaryKeys(): Record<string, string> {
  return Object.fromEntries(
    [...sandboxToolkit().schema.tables.values()].map((table) => [table.name, table.primaryKey]),
  );
}

interface Labels {
  readonly baseId?: string;
  readonly scenarioId?: string;
  readonly augmentation?: string;
  readonly categories?: readonly string[];
}

/**
 * Everything the HTML report shows about some runs, read from the store only. Initial worlds are
 * stored once per distinct world and referenced by key, which keeps a 1,000-episode report small.
 */
export function buildReportData(
  store: RunStore,
  runIds: readonly string[],
  generatedAt = new Date().toISOString(),
): ReportData {
  const runs: ReportRun[] = [];
  const episodes: ReportEpisode[] = [];
  const worlds: Record<string, Record<string, readonly Row[]>> = {};
  for (const runId of runIds) {
    const report = buildRunReport(store, runId);
    const diagnostics: Record<string, number> = Object.fromEntries(DIAGNOSTIC_PATTERNS.map((pattern) => [pattern, 0]));
    const rows = store.episodes(runId);
    for (const row of rows) {
      const labels = row.labels as Labels;
      const record = JSON.parse(row.record) as SandboxEpisodeRecord | null;
      let detail: ReportEpisode['detail'];
      if (record?.trajectory) {
        const trajectory = record.trajectory;
        const worldJson = JSON.stringify(trajectory.initialWorld.tables);
        const worldKey = createHash('sha1').update(worldJson).digest('hex').slice(0, 16);
        worlds[worldKey] ??= JSON.parse(worldJson);
        for (const [pattern, count] of Object.entries(record.diagnostics))
          diagnostics[pattern] = (diagnostics[pattern] ?? 0) + count;
        detail = {
          agent: record.agent,
          user: trajectory.user,
          milestoneScore: record.milestoneScore,
          minefieldScore: record.minefieldScore,
          milestones: record.milestones,
          minefields: record.minefields,
          ...(record.milestoneGraph ? { milestoneGraph: record.milestoneGraph } : {}),
          ...(record.minefieldGraph ? { minefieldGraph: record.minefieldGraph } : {}),
          termination: record.termination,
          diagnostics: record.diagnostics,
          diagnosticFindings: trajectory.diagnostics?.findings ?? [],
          clock: trajectory.clock,
          initialWorld: worldKey,
          firstEpisodeMessage: trajectory.firstEpisodeMessage,
          // The stored messages are the report's messages (the contract restates them without imports).
          messages: trajectory.messages as unknown as NonNullable<ReportEpisode['detail']>['messages'],
          worldChanges: trajectory.worldChanges,
        };
      }
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
        baseId: labels.baseId ?? row.caseId,
        scenarioId: labels.scenarioId ?? row.caseId,
        augmentation: labels.augmentation ?? 'none',
        categories: labels.categories ?? [],
        ...(detail ? { detail } : {}),
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
      overall: {
        ...groupSummary(scored),
        confidenceInterval: sandbox.overall.confidenceInterval,
      },
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
    episodes,
    worlds,
    tablePrimaryKeys: tablePrimaryKeys(),
  };
}
