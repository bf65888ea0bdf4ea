import type { EpisodeClaims } from './episode-claims.js';
import { partsColumn, type RecordPart } from './record-parts.js';
import type { EpisodeToSave } from './run-store.js';
import type { SqlDatabase } from './sql-database.js';

/** Episodes written per transaction at most (a full batch is written at once). */
export const DEFAULT_BATCH_SIZE = 64;
/** How long a finished episode waits at most for its batch to be written. */
export const DEFAULT_BATCH_DELAY_MS = 50;

/** One statement per batch size: `rows` groups of `width` placeholders. */
function values(rows: number, width: number): string {
  const group = `(${Array.from({ length: width }, () => '?').join(', ')})`;
  return Array.from({ length: rows }, () => group).join(', ');
}

const insertAttempts = (rows: number) => `INSERT INTO attempts (run_id, benchmark, case_id, trial, status, cost,
  input_tokens, output_tokens, requests, error, ended_at) VALUES ${values(rows, 11)}`;

const upsertEpisodes = (rows: number) => `INSERT INTO episodes (run_id, benchmark, case_id, trial, status, score,
  metrics, error, input_tokens, output_tokens, requests, cost, duration_ms, labels, model_calls)
VALUES ${values(rows, 15)}
ON CONFLICT (run_id, benchmark, case_id, trial) DO UPDATE SET
  status = excluded.status, score = excluded.score, metrics = excluded.metrics, error = excluded.error,
  input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens,
  requests = excluded.requests, cost = excluded.cost, duration_ms = excluded.duration_ms,
  labels = excluded.labels, model_calls = excluded.model_calls
WHERE episodes.status = 'failed' OR excluded.status = 'scored'`;

/** One row of the response cache, insert-only (an entry already stored is kept). */
const insertCacheEntries = (rows: number) =>
  `INSERT INTO cache (key, response, created_at) VALUES ${values(rows, 3)} ON CONFLICT (key) DO NOTHING`;

/**
 * The records of a batch's scored episodes, written after their rows: a scored episode always replaced
 * its row, so its record replaces the stored one.
 */
const upsertScoredRecords = (rows: number) => `INSERT INTO episode_records (run_id, benchmark, case_id, trial, record,
  parts)
VALUES ${values(rows, 6)}
ON CONFLICT (run_id, benchmark, case_id, trial) DO UPDATE SET record = excluded.record, parts = excluded.parts`;

/**
 * The records of a batch's failed episodes, written after their rows: a failed episode replaced its row
 * only if that row was failed too (never a scored one), so its record replaces the stored one only where
 * the row now says failed — the record always belongs to the row beside it.
 */
const upsertFailedRecords = (rows: number) => `INSERT INTO episode_records (run_id, benchmark, case_id, trial, record,
  parts)
VALUES ${values(rows, 6)}
ON CONFLICT (run_id, benchmark, case_id, trial) DO UPDATE SET record = excluded.record, parts = excluded.parts
WHERE (SELECT e.status FROM episodes e WHERE e.run_id = excluded.run_id AND e.benchmark = excluded.benchmark
  AND e.case_id = excluded.case_id AND e.trial = excluded.trial) = 'failed'`;

/** Record parts written per statement at most (two values each, well under SQLite's bound on them). */
const PARTS_PER_STATEMENT = 256;

/** Record parts, insert-only: a part is its hash's text, so one already stored is the same. */
const insertRecordParts = (rows: number) =>
  `INSERT INTO record_parts (hash, json) VALUES ${values(rows, 2)} ON CONFLICT (hash) DO NOTHING`;

/** The claim to release in the transaction that stores an episode, so both commit together. */
export interface ClaimRelease {
  readonly claims: EpisodeClaims;
  readonly key: string;
}

interface QueuedEpisode {
  readonly episode: EpisodeToSave;
  readonly endedAt: string;
  readonly release?: ClaimRelease;
}

export interface EpisodeBatchOptions {
  /** Episodes per transaction at most; 1 writes each episode at once (default 64). */
  readonly size?: number;
  /** Longest wait of a finished episode for its transaction, in ms (default 50). */
  readonly delayMs?: number;
}

/**
 * Finished episodes on their way to the store, written together: one transaction per batch (at most
 * `size` episodes, or whatever finished within `delayMs`), each with its attempt row and its record
 * (in `episode_records`, beside the summary row), through
 * statements prepared once. A clean exit writes what is queued — `flush` at the end of a run, and a
 * process `exit` hook for an exit in between (a second Ctrl-C) — so a SIGKILL loses at most the
 * episodes of the last `delayMs`; their claims are released only in the transaction that stores them,
 * so another process plays them again rather than never. Response-cache entries travel in the same
 * batches (a SIGKILL loses at most the last `delayMs` of them: those requests are asked again).
 */
export class EpisodeBatch {
  private readonly queue: QueuedEpisode[] = [];
  private readonly byKey = new Map<string, EpisodeToSave>();
  /** Response-cache entries on their way to the store, by key (the first answer for a key is kept). */
  private readonly cacheEntries = new Map<string, { readonly response: string; readonly createdAt: string }>();
  /** Hashes of the record parts this batch has written in a committed transaction. */
  private readonly storedParts = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private exitHooked = false;
  private failure: unknown;
  private readonly size: number;
  private readonly delayMs: number;
  private readonly flushOnExit = () => {
    try {
      this.flush();
    } catch {
      // Exiting anyway: the episodes are played again by a resume.
    }
  };

  constructor(
    private readonly database: SqlDatabase,
    options: EpisodeBatchOptions = {},
  ) {
    this.size = Math.max(1, options.size ?? DEFAULT_BATCH_SIZE);
    this.delayMs = Math.max(0, options.delayMs ?? DEFAULT_BATCH_DELAY_MS);
  }

  /** Queues an episode; written at once when the batch is full or batching is off. */
  add(episode: EpisodeToSave, release?: ClaimRelease): void {
    this.throwFailure();
    this.queue.push({ episode, endedAt: new Date().toISOString(), ...(release ? { release } : {}) });
    const key = queuedKey(episode);
    const queued = this.byKey.get(key);
    if (!queued || queued.status === 'failed' || episode.status === 'scored') this.byKey.set(key, episode);
    this.scheduleWrite(this.queue.length);
  }

  /**
   * Queues a response-cache entry, written with the next batch: a commit per model request would cost
   * more than the request's own bookkeeping. Until then `cachedResponse` answers it from here.
   */
  addCacheEntry(key: string, response: string, createdAt: string): void {
    this.throwFailure();
    if (!this.cacheEntries.has(key)) this.cacheEntries.set(key, { response, createdAt });
    this.scheduleWrite(this.cacheEntries.size);
  }

  /** A queued (not yet written) response-cache entry. */
  cachedResponse(key: string): string | undefined {
    return this.cacheEntries.get(key)?.response;
  }

  /** After a row was queued (`count` of its kind now): writes at once when full, else within the delay. */
  private scheduleWrite(count: number): void {
    if (!this.exitHooked) {
      process.on('exit', this.flushOnExit);
      this.exitHooked = true;
    }
    if (count >= this.size || this.delayMs === 0) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        try {
          this.flush();
        } catch (error) {
          this.failure = error;
        }
      }, this.delayMs);
      this.timer.unref();
    }
  }

  /** A queued (not yet written) episode with this key. */
  queued(runId: string, benchmark: string, caseId: string, trial: number): EpisodeToSave | undefined {
    return this.byKey.get(`${runId}\u001f${benchmark}\u001f${caseId}\u001f${trial}`);
  }

  get pending(): number {
    return this.queue.length + this.cacheEntries.size;
  }

  /** Writes every queued episode in one transaction; an earlier failed write is thrown here. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queue.length === 0 && this.cacheEntries.size === 0) {
      this.throwFailure();
      return;
    }
    const batch = this.queue.splice(0);
    const cacheEntries = [...this.cacheEntries];
    this.byKey.clear();
    this.cacheEntries.clear();
    this.unhookExit();
    const releases = new Map<EpisodeClaims, string[]>();
    for (const { release } of batch) {
      if (release) releases.set(release.claims, [...(releases.get(release.claims) ?? []), release.key]);
    }
    // A long write must not let the claims it is about to release (or any other) expire meanwhile.
    for (const claims of releases.keys()) claims.heartbeatIfDue();
    // One row per key in the upsert (a statement cannot update a row twice): the last play, or its scored one.
    const finalRows = new Map<string, EpisodeToSave>();
    for (const { episode } of batch) {
      const key = queuedKey(episode);
      const earlier = finalRows.get(key);
      if (!earlier || earlier.status === 'failed' || episode.status === 'scored') finalRows.set(key, episode);
    }
    const rows = [...finalRows.values()];
    const parts = this.partsToWrite(rows);
    this.database.transaction(() => {
      if (cacheEntries.length > 0) {
        this.database.run(
          insertCacheEntries(cacheEntries.length),
          cacheEntries.flatMap(([key, { response, createdAt }]) => [key, response, createdAt]),
        );
      }
      if (batch.length === 0) return;
      this.database.run(
        insertAttempts(batch.length),
        batch.flatMap(({ episode, endedAt }) => [
          episode.runId,
          episode.benchmark,
          episode.caseId,
          episode.trial,
          episode.status,
          episode.cost,
          episode.inputTokens,
          episode.outputTokens,
          episode.requests,
          episode.error,
          endedAt,
        ]),
      );
      this.database.run(
        upsertEpisodes(rows.length),
        rows.flatMap((episode) => [
          episode.runId,
          episode.benchmark,
          episode.caseId,
          episode.trial,
          episode.status,
          episode.score,
          JSON.stringify(episode.metrics),
          episode.error,
          episode.inputTokens,
          episode.outputTokens,
          episode.requests,
          episode.cost,
          episode.durationMs,
          JSON.stringify(episode.labels),
          JSON.stringify(episode.modelCalls),
        ]),
      );
      for (let start = 0; start < parts.length; start += PARTS_PER_STATEMENT) {
        const chunk = parts.slice(start, start + PARTS_PER_STATEMENT);
        this.database.run(
          insertRecordParts(chunk.length),
          chunk.flatMap((part) => [part.hash, part.json]),
        );
      }
      const scored = rows.filter((episode) => episode.status === 'scored');
      const failed = rows.filter((episode) => episode.status === 'failed');
      if (scored.length > 0) this.database.run(upsertScoredRecords(scored.length), scored.flatMap(recordValues));
      if (failed.length > 0) this.database.run(upsertFailedRecords(failed.length), failed.flatMap(recordValues));
      for (const [claims, keys] of releases) claims.releaseAll(keys);
    });
    for (const part of parts) this.storedParts.add(part.hash);
    this.throwFailure();
  }

  /**
   * The distinct parts the rows' records name, less those this batch has already committed (a part is
   * never removed, so once stored its text need not travel again: a scenario's world goes once). Sorted
   * by hash: processes sharing a PostgreSQL store then insert common parts in one order, so two batches
   * waiting on each other's uncommitted part cannot deadlock.
   */
  private partsToWrite(rows: readonly EpisodeToSave[]): RecordPart[] {
    const parts = new Map<string, RecordPart>();
    for (const { record } of rows) {
      if (typeof record === 'string') continue;
      for (const part of record.parts) if (!this.storedParts.has(part.hash)) parts.set(part.hash, part);
    }
    return [...parts.values()].sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
  }

  /** Stops the timer without writing (the store is closing after a flush). */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.unhookExit();
  }

  private unhookExit(): void {
    process.off('exit', this.flushOnExit);
    this.exitHooked = false;
  }

  private throwFailure(): void {
    if (this.failure === undefined) return;
    const failure = this.failure;
    this.failure = undefined;
    throw failure;
  }
}

/** An episode's row in `episode_records`: its record's text and, when stored with parts, their hashes. */
function recordValues(episode: EpisodeToSave): (string | number | null)[] {
  const { record } = episode;
  const text = typeof record === 'string' ? record : record.text;
  return [episode.runId, episode.benchmark, episode.caseId, episode.trial, text, partsColumn(record)];
}

function queuedKey(episode: EpisodeToSave): string {
  return `${episode.runId}\u001f${episode.benchmark}\u001f${episode.caseId}\u001f${episode.trial}`;
}
