import { hostname } from 'node:os';
import type { DatabaseSync } from 'node:sqlite';
import { crypto } from '../../util/built-ins-on-demand.js';
import { type SqlDatabase, SqliteDatabase } from './sql-database.js';

/**
 * Episode claims: how several processes share one store without playing an episode twice.
 *
 * Before playing an episode a process claims it — one atomic statement that succeeds only when nobody
 * holds the episode or the holder's claim has expired — and keeps its claims alive with a heartbeat.
 * It stores the episode's row before it releases the claim, so the next claimant sees the row and
 * skips it. A process that dies (SIGKILL, a lost machine) stops its heartbeat; its claims expire after
 * the time-to-live and another process takes them. Time is wall-clock milliseconds, shared by every
 * process on the machine (and, with a PostgreSQL store, by machines whose clocks agree to well within
 * the time-to-live).
 */

/** The table (created with the store; see `store-schema.ts`); one row per claimed episode. */
export const CLAIMS_SCHEMA = `
CREATE TABLE IF NOT EXISTS claims (
  run_id TEXT NOT NULL,
  episode_key TEXT NOT NULL,
  owner TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (run_id, episode_key)
);
CREATE INDEX IF NOT EXISTS claims_by_owner ON claims (owner);
`;

/** One statement: insert, or take over only an expired claim (or one already ours). */
const CLAIM = `INSERT INTO claims (run_id, episode_key, owner, expires_at) VALUES (?, ?, ?, ?)
ON CONFLICT (run_id, episode_key) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
WHERE claims.expires_at <= ? OR claims.owner = excluded.owner`;

const RELEASE = 'DELETE FROM claims WHERE run_id = ? AND episode_key = ? AND owner = ?';

/** What {@link EpisodeClaims.claimMany} got: every key it was given lands in exactly one list. */
export interface ClaimedBatch {
  /** Now held by this process. */
  readonly claimed: string[];
  /** Held by another live process. */
  readonly heldElsewhere: string[];
  /** Stored as done already (not claimed). */
  readonly done: string[];
}

/**
 * Frees every claim of the processes whose owner id starts with `ownerPrefix` (see {@link claimOwnerId}:
 * `<host>:<pid>:`), on any run: for a parent that has seen its worker process die, so that the
 * episodes it held are played again at once instead of after the time-to-live.
 */
export function releaseClaimsOf(database: SqlDatabase, ownerPrefix: string): number {
  return database.run('DELETE FROM claims WHERE substr(owner, 1, ?) = ?', [ownerPrefix.length, ownerPrefix]).changes;
}

/** How long a claim lives without a heartbeat (default 60 s). */
export const DEFAULT_CLAIM_TTL_MS = 60_000;

export interface EpisodeClaimsOptions {
  /** A claim not renewed within this long is free to take (default 60 s). */
  readonly ttlMs?: number;
  /** How often held claims are renewed (default a third of the time-to-live). */
  readonly heartbeatMs?: number;
  /** Who claims: default `<host>:<pid>:<random>`, unique per process and run. */
  readonly owner?: string;
  readonly now?: () => number;
}

/** A unique id for this process's claims. */
export function claimOwnerId(): string {
  return `${hostname()}:${process.pid}:${crypto().randomUUID().slice(0, 8)}`;
}

/** The claims of one process on one run. */
export class EpisodeClaims {
  readonly owner: string;
  readonly ttlMs: number;
  readonly heartbeatMs: number;
  private readonly now: () => number;
  private readonly held = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private lastBeat = 0;
  private readonly database: SqlDatabase;

  /** `database` is the store's connection (a bare SQLite connection is accepted too). */
  constructor(
    database: SqlDatabase | DatabaseSync,
    readonly runId: string,
    options: EpisodeClaimsOptions = {},
  ) {
    this.database = 'dialect' in database ? database : new SqliteDatabase(database, 'the store');
    if (this.database.dialect === 'sqlite') this.database.exec(CLAIMS_SCHEMA);
    this.owner = options.owner ?? claimOwnerId();
    this.ttlMs = options.ttlMs ?? DEFAULT_CLAIM_TTL_MS;
    this.heartbeatMs = options.heartbeatMs ?? Math.max(10, Math.floor(this.ttlMs / 3));
    this.now = options.now ?? Date.now;
  }

  /** Claims an episode; false when another live process holds it. */
  claim(episodeKey: string): boolean {
    this.heartbeatIfDue();
    const now = this.now();
    const result = this.database.run(CLAIM, [this.runId, episodeKey, this.owner, now + this.ttlMs, now]);
    const claimed = result.changes === 1;
    if (claimed) this.held.add(episodeKey);
    return claimed;
  }

  /**
   * Claims several episodes in one transaction (one commit instead of one per episode), skipping those
   * `isDone` says are stored already. `isDone` runs inside the transaction, before the claim and again
   * after it: an episode another process stored and released just before the claim is given back at
   * once (with PostgreSQL each statement sees what committed before it; SQLite's write lock orders
   * everything anyway). Returns the keys claimed, those held by another live process, and those done.
   */
  claimMany(episodeKeys: readonly string[], isDone: (episodeKey: string) => boolean): ClaimedBatch {
    const outcome = new Map<string, keyof ClaimedBatch>();
    if (episodeKeys.length === 0) return { claimed: [], heldElsewhere: [], done: [] };
    this.heartbeatIfDue();
    this.database.transaction(() => {
      const now = this.now();
      // In one order for every process: PostgreSQL locks each claim row until the commit, and two
      // transactions taking the same rows in opposite orders would deadlock.
      for (const key of [...new Set(episodeKeys)].sort()) {
        if (isDone(key)) {
          outcome.set(key, 'done');
          continue;
        }
        if (this.database.run(CLAIM, [this.runId, key, this.owner, now + this.ttlMs, now]).changes !== 1) {
          outcome.set(key, 'heldElsewhere');
          continue;
        }
        // Asked again: stored (and its claim released) by another process since the first look.
        if (isDone(key)) {
          this.database.run(RELEASE, [this.runId, key, this.owner]);
          outcome.set(key, 'done');
        } else outcome.set(key, 'claimed');
      }
    });
    // In the order given (the order to play them), each key once.
    const batch: ClaimedBatch = { claimed: [], heldElsewhere: [], done: [] };
    for (const key of new Set(episodeKeys)) batch[outcome.get(key) ?? 'heldElsewhere'].push(key);
    // Held only once the transaction has committed.
    for (const key of batch.claimed) this.held.add(key);
    return batch;
  }

  /** Gives an episode back (after its row is stored, or when it turned out to be done already). */
  release(episodeKey: string): void {
    this.database.run(RELEASE, [this.runId, episodeKey, this.owner]);
    this.held.delete(episodeKey);
  }

  /** Gives several episodes back in one statement (a batch of stored episodes). */
  releaseAll(episodeKeys: readonly string[]): void {
    for (let start = 0; start < episodeKeys.length; start += 100) {
      const keys = episodeKeys.slice(start, start + 100);
      this.database.run(
        `DELETE FROM claims WHERE run_id = ? AND owner = ? AND episode_key IN (${keys.map(() => '?').join(', ')})`,
        [this.runId, this.owner, ...keys],
      );
      for (const key of keys) this.held.delete(key);
    }
  }

  /**
   * Renews the held claims when a beat is due. Store work calls it too, so a process whose timer is
   * held up by long synchronous work (a slow database) still renews its claims in time.
   */
  heartbeatIfDue(): void {
    if (this.now() - this.lastBeat >= this.heartbeatMs) this.heartbeat();
  }

  /** Renews every claim this process holds. */
  heartbeat(): void {
    this.lastBeat = this.now();
    if (this.held.size === 0) return;
    this.database.run('UPDATE claims SET expires_at = ? WHERE run_id = ? AND owner = ?', [
      this.now() + this.ttlMs,
      this.runId,
      this.owner,
    ]);
  }

  /** Starts renewing held claims every `heartbeatMs`, in the background (it never keeps the process alive). */
  startHeartbeat(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      try {
        this.heartbeat();
      } catch {
        // A busy or closed database: the next beat tries again; at worst a claim expires early.
      }
    }, this.heartbeatMs);
    this.timer.unref();
  }

  /** Live claims of other processes on this run, by episode key. */
  heldByOthers(): Map<string, string> {
    const rows = this.database.all(
      'SELECT episode_key, owner FROM claims WHERE run_id = ? AND owner != ? AND expires_at > ?',
      [this.runId, this.owner, this.now()],
    );
    return new Map(rows.map((row) => [String(row.episode_key), String(row.owner)]));
  }

  /**
   * Frees the live claims of processes on this machine that are no longer running (killed, crashed), so
   * a resumed run plays their episodes at once instead of after the time-to-live. Only owners whose id
   * names this host and a process id that does not exist are freed: a process on another machine, or a
   * process id in use (even by an unrelated program), keeps its claims until they expire. Returns how many
   * claims were freed.
   */
  releaseClaimsOfDeadLocalProcesses(isRunning: (pid: number) => boolean = processIsRunning): number {
    const owners = this.database.all(
      'SELECT DISTINCT owner FROM claims WHERE run_id = ? AND owner != ? AND expires_at > ?',
      [this.runId, this.owner, this.now()],
    );
    let freed = 0;
    for (const row of owners) {
      const owner = String(row.owner);
      const [host, pid] = owner.split(':');
      const processId = Number(pid);
      if (host !== hostname() || !Number.isInteger(processId) || processId <= 0 || processId === process.pid) continue;
      if (isRunning(processId)) continue;
      freed += this.database.run('DELETE FROM claims WHERE run_id = ? AND owner = ?', [this.runId, owner]).changes;
    }
    return freed;
  }

  /** Stops the heartbeat and releases everything still held (a clean exit, Ctrl-C included). */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.releaseAll([...this.held]);
  }
}

/** Whether a process with this id exists on this machine (one we may not signal exists too). */
export function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
