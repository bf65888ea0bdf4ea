/**
 * Stored rows decoded into the store's types: the JSON columns are validated (they are untrusted), and
 * every error names the store file, the run and the case.
 */
import type { Labels, MetricValues } from '../../spec/index.js';
import type { EpisodeRow, StoredRun } from './run-store.js';
import {
  readConfig,
  readLabels,
  readManifest,
  readMetrics,
  readModelCalls,
  StoredRowError,
  type Where,
} from './stored-json.js';
import type { StoredRecordParts } from './stored-record-parts.js';

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
  /** The hashes of the parts the record names (JSON array), or null for a whole record. */
  readonly record_parts: string | null;
}

/**
 * The episode columns as `decodeEpisodeRow` reads them, from `episodes e`; with records, each row's
 * record (and the parts it names) is joined from `episode_records` by key (a missing one reads as empty,
 * and `readRecord` names the episode), without them `record` is empty and the records' table is never
 * touched.
 */
export function selectEpisodes(withRecords: boolean): string {
  const summary = `SELECT e.run_id, e.benchmark, e.case_id, e.trial, e.status, e.score, e.metrics, e.error,
    e.input_tokens, e.output_tokens, e.requests, e.cost, e.duration_ms, e.labels, e.model_calls`;
  if (!withRecords) return `${summary}, '' AS record, NULL AS record_parts FROM episodes e`;
  return `${summary}, r.record, r.parts AS record_parts FROM episodes e LEFT JOIN episode_records r ON r.run_id = e.run_id
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

/** A stored episode that cannot be read, named by its key, with the reason (which names the store). */
export interface UnreadableEpisode {
  readonly runId: string;
  readonly benchmark: string;
  readonly caseId: string;
  readonly trial: number;
  readonly reason: string;
}

/** The key of a row that failed to decode, with why. */
export function unreadableEpisode(row: EpisodeColumns, error: Error): UnreadableEpisode {
  return {
    runId: String(row.run_id),
    benchmark: String(row.benchmark),
    caseId: String(row.case_id),
    trial: Number(row.trial),
    reason: error.message,
  };
}

/** Decodes a row; a record stored with parts is read whole through `parts` (see `StoredRecordParts`). */
export function decodeEpisodeRow(row: EpisodeColumns, storePath: string, parts: StoredRecordParts): EpisodeRow {
  const where = () => `${storePath}: run "${row.run_id}", ${row.benchmark} case "${row.case_id}" trial ${row.trial}`;
  checkStatus(row.status, where);
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
    record: parts.wholeText(String(row.record ?? ''), row.record_parts, where),
  };
}

function checkStatus(status: unknown, where: () => string): asserts status is EpisodeRow['status'] {
  if (status !== 'scored' && status !== 'failed') {
    throw new StoredRowError(`${where()}: status "${String(status)}" is neither scored nor failed`);
  }
}

/** What a report reads of a stored episode: its summary without model calls, duration or record. */
export type ReportedEpisode = Omit<EpisodeRow, 'modelCalls' | 'durationMs' | 'record'>;

/**
 * The columns of a run's episodes that a report reads (`decodeReportedEpisode` takes them in this order),
 * ordered as {@link selectEpisodes} is read: model calls, durations and records are never read.
 */
export const SELECT_REPORTED_EPISODES = `SELECT benchmark, case_id, trial, status, score, metrics, error,
  input_tokens, output_tokens, requests, cost, labels FROM episodes WHERE run_id = ?
  ORDER BY benchmark, case_id, trial`;

/**
 * Decodes a JSON column once per distinct text (a run's rows share a few metrics texts and one labels
 * text per case), checked as the column's reader checks it. Values are frozen, since rows share them.
 * At most `limit` texts are kept, so a column whose every text differs costs no more than decoding each.
 */
export class DecodedTexts<T extends object> {
  private readonly decoded = new Map<string, T>();

  constructor(
    private readonly read: (text: string, where: Where) => T,
    private readonly limit = 20_000,
  ) {}

  get(text: string, where: Where): T {
    let value = this.decoded.get(text);
    if (value === undefined) {
      value = deepFreeze(this.read(text, where));
      if (this.decoded.size < this.limit) this.decoded.set(text, value);
    }
    return value;
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

/** The decoders of one scan's JSON columns (see {@link DecodedTexts}). */
export interface ReportedColumns {
  readonly metrics: DecodedTexts<MetricValues>;
  readonly labels: DecodedTexts<Labels>;
}

export const reportedColumns = (): ReportedColumns => ({
  metrics: new DecodedTexts(readMetrics),
  labels: new DecodedTexts(readLabels),
});

/** A row of {@link SELECT_REPORTED_EPISODES} (its values in column order), checked as `decodeEpisodeRow` checks. */
export function decodeReportedEpisode(
  values: readonly unknown[],
  runId: string,
  storePath: string,
  columns: ReportedColumns,
): ReportedEpisode {
  const [benchmark, caseId, trial, status, score, metrics, error, inputTokens, outputTokens, requests, cost, labels] =
    values;
  const where = () => `${storePath}: run "${runId}", ${benchmark} case "${caseId}" trial ${trial}`;
  checkStatus(status, where);
  return {
    runId,
    benchmark: String(benchmark),
    caseId: String(caseId),
    trial: Number(trial),
    status,
    score: score === null ? null : Number(score),
    metrics: columns.metrics.get(String(metrics ?? '{}'), where),
    error: error === null ? null : String(error),
    inputTokens: Number(inputTokens),
    outputTokens: Number(outputTokens),
    requests: Number(requests),
    cost: Number(cost),
    labels: columns.labels.get(String(labels ?? '{}'), where),
  };
}
