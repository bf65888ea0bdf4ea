import type { EpisodeRow } from './run-store.js';
import type { SqlDatabase } from './sql-database.js';

/** Episodes written per transaction at most (a full batch is written at once). */
export const DEFAULT_BATCH_SIZE = 64;
/** How long a finished episode waits at most for its batch to be written. */
export const DEFAULT_BATCH_DELAY_MS = 50;

const INSERT_ATTEMPT = `INSERT INTO attempts (run_id, benchmark, case_id, trial, status, cost, input_tokens, output_tokens,
  requests, error, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

const UPSERT_EPISODE = `INSERT INTO episodes (run_id, benchmark, case_id, trial, status, score, metrics, error,
  input_tokens, output_tokens, requests, cost, duration_ms, labels, model_calls, record)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (run_id, benchmark, case_id, trial) DO UPDATE SET
  status = excluded.status, score = excluded.score, metrics = excluded.metrics, error = excluded.error,
  input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens,
  requests = excluded.requests, cost = excluded.cost, duration_ms = excluded.duration_ms,
  labels = excluded.labels, model_calls = excluded.model_calls, record = excluded.record
WHERE episodes.status = 'failed' OR excluded.status = 'scored'`;

interface QueuedEpisode {
  readonly episode: EpisodeRow;
  readonly endedAt: string;
  /** Runs inside the transaction that stores the episode (releasing its claim), so both commit together. */
  readonly afterWrite?: () => void;
}

export interface EpisodeBatchOptions {
  /** Episodes per transaction at most; 1 writes each episode at once (default 64). */
  readonly size?: number;
  /** Longest wait of a finished episode for its transaction, in ms (default 50). */
  readonly delayMs?: number;
}

/**
 * Finished episodes on their way to the store, written together: one transaction per batch (at most
 * `size` episodes, or whatever finished within `delayMs`), each with its attempt row, through
 * statements prepared once. A clean exit writes what is queued — `flush` at the end of a run, and a
 * process `exit` hook for an exit in between (a second Ctrl-C) — so a SIGKILL loses at most the
 * episodes of the last `delayMs`; their claims are released only in the transaction that stores them,
 * so another process plays them again rather than never.
 */
export class EpisodeBatch {
  private readonly queue: QueuedEpisode[] = [];
  private readonly byKey = new Map<string, EpisodeRow>();
  private timer: NodeJS.Timeout | undefined;
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
  add(episode: EpisodeRow, afterWrite?: () => void): void {
    this.throwFailure();
    if (this.queue.length === 0) process.on('exit', this.flushOnExit);
    this.queue.push({ episode, endedAt: new Date().toISOString(), ...(afterWrite ? { afterWrite } : {}) });
    const key = queuedKey(episode);
    const queued = this.byKey.get(key);
    if (!queued || queued.status === 'failed' || episode.status === 'scored') this.byKey.set(key, episode);
    if (this.queue.length >= this.size || this.delayMs === 0) this.flush();
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
  queued(runId: string, benchmark: string, caseId: string, trial: number): EpisodeRow | undefined {
    return this.byKey.get(`${runId}\u001f${benchmark}\u001f${caseId}\u001f${trial}`);
  }

  get pending(): number {
    return this.queue.length;
  }

  /** Writes every queued episode in one transaction; an earlier failed write is thrown here. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queue.length === 0) {
      this.throwFailure();
      return;
    }
    const batch = this.queue.splice(0);
    this.byKey.clear();
    process.off('exit', this.flushOnExit);
    this.database.transaction(() => {
      for (const { episode, endedAt, afterWrite } of batch) {
        this.database.run(INSERT_ATTEMPT, [
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
        ]);
        this.database.run(UPSERT_EPISODE, [
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
          episode.record,
        ]);
        afterWrite?.();
      }
    });
    this.throwFailure();
  }

  /** Stops the timer without writing (the store is closing after a flush). */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    process.off('exit', this.flushOnExit);
  }

  private throwFailure(): void {
    if (this.failure === undefined) return;
    const failure = this.failure;
    this.failure = undefined;
    throw failure;
  }
}

function queuedKey(episode: EpisodeRow): string {
  return `${episode.runId}\u001f${episode.benchmark}\u001f${episode.caseId}\u001f${episode.trial}`;
}
