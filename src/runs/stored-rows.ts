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
