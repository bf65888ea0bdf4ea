/**
 * Stored rows decoded into the store's types: the JSON columns are validated (they are untrusted), and
 * every error names the store file, the run and the case.
 */
import type { EpisodeRow, StoredRun } from './run-store.js';
import { readConfig, readLabels, readManifest, readMetrics, readModelCalls, StoredRowError } from './stored-json.js';

export interface RunColumns {
  readonly run_id: string;
  readonly created_at: string;
  readonly config: string;
  readonly manifest: string | null;
}

export interface EpisodeColumns {
  readonly run_id: string;
  readonly benchmark: string;
  readonly case_id: string;
  readonly trial: number;
  readonly status: string;
  readonly score: number | null;
  readonly metrics: string | null;
  readonly error: string | null;
  readonly input_tokens: number;
  readonly output_tokens: number;
  readonly requests: number;
  readonly cost: number;
  readonly duration_ms: number;
  readonly labels: string | null;
  readonly model_calls: string | null;
  readonly record: string | null;
}

/**
 * The episode columns as `decodeEpisodeRow` reads them, from `episodes e`; with records, each row's
 * record is joined from `episode_records` by key (a missing one reads as empty, and `readRecord` names
 * the episode), without them `record` is empty and the records' table is never touched.
 */
export function selectEpisodes(withRecords: boolean): string {
  const summary = `SELECT e.run_id, e.benchmark, e.case_id, e.trial, e.status, e.score, e.metrics, e.error,
    e.input_tokens, e.output_tokens, e.requests, e.cost, e.duration_ms, e.labels, e.model_calls`;
  if (!withRecords) return `${summary}, '' AS record FROM episodes e`;
  return `${summary}, r.record FROM episodes e LEFT JOIN episode_records r ON r.run_id = e.run_id
    AND r.benchmark = e.benchmark AND r.case_id = e.case_id AND r.trial = e.trial`;
}

export function decodeRun(row: RunColumns, storePath: string): StoredRun {
  const where = `${storePath}: run "${row.run_id}"`;
  return {
    runId: row.run_id,
    createdAt: row.created_at,
    config: readConfig(row.config, where),
    manifest: readManifest(row.manifest ?? '{}', where),
  };
}

export function decodeEpisodeRow(row: EpisodeColumns, storePath: string): EpisodeRow {
  const where = () => `${storePath}: run "${row.run_id}", ${row.benchmark} case "${row.case_id}" trial ${row.trial}`;
  if (row.status !== 'scored' && row.status !== 'failed') {
    throw new StoredRowError(`${where()}: status "${String(row.status)}" is neither scored nor failed`);
  }
  return {
    runId: String(row.run_id),
    benchmark: String(row.benchmark),
    caseId: String(row.case_id),
    trial: Number(row.trial),
    status: row.status,
    score: row.score === null ? null : Number(row.score),
    metrics: readMetrics(row.metrics ?? '{}', where),
    error: row.error === null ? null : String(row.error),
    inputTokens: Number(row.input_tokens),
    outputTokens: Number(row.output_tokens),
    requests: Number(row.requests),
    cost: Number(row.cost),
    durationMs: Number(row.duration_ms),
    labels: readLabels(row.labels ?? '{}', where),
    modelCalls: readModelCalls(row.model_calls ?? '[]', where),
    record: String(row.record ?? ''),
  };
}
