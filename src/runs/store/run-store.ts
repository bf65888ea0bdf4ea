import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DEFAULT_STORE_PATH } from './default-store-path.js';
import { type ClaimRelease, EpisodeBatch, type EpisodeBatchOptions } from './episode-batch.js';
import { EpisodeClaims, type EpisodeClaimsOptions, releaseClaimsOf } from './episode-claims.js';
import { type ListedRun, listStoredRuns } from './run-listing.js';
import { type SqlDatabase, SqliteDatabase } from './sql-database.js';
import { inStore, openSqlite } from './sqlite.js';
import { mergeSqliteStore } from './store-merge.js';
import {
  compactAfterMigration,
  migrateFromVersion1,
  migrateFromVersion2,
  migrateFromVersion3,
  SCHEMA,
  STORE_FORMAT_VERSION,
  storedFormatVersion,
} from './store-schema.js';
import { type RunManifest, StoredRowError } from './stored-json.js';
import { StoredRecordParts } from './stored-record-parts.js';
import {
  decodeEpisodeRow,
  decodeReportedEpisode,
  decodeRun,
  type EpisodeColumns,
  type ReportedEpisode,
  type RunColumns,
  reportedColumns,
  SELECT_REPORTED_EPISODES,
  selectEpisodes,
  type UnreadableEpisode,
  unreadableEpisode,
} from './stored-rows.js';
import {
  CACHE_KEYS_PER_QUERY,
  type EpisodeRow,
  type EpisodeToSave,
  episodeKey,
  isPostgresUrl,
  type StoredAttempt,
  type StoredRun,
  type StoreMigrationNotice,
} from './stored-run.js';

import { UnknownRunError } from './unknown-run-error.js';

export type { EpisodeStatus } from '../../spec/index.js';
export type { ClaimRelease, EpisodeBatchOptions } from './episode-batch.js';
export type { ListedRun } from './run-listing.js';
export { STORE_FORMAT_VERSION } from './store-schema.js';
export type { RunManifest } from './stored-json.js';
export { StoredRowError } from './stored-json.js';
export type { ReportedEpisode, UnreadableEpisode } from './stored-rows.js';
export * from './stored-run.js';
export { UnknownRunError } from './unknown-run-error.js';
export { DEFAULT_STORE_PATH };

export interface RunStoreOptions {
  /** Open for reading only (every command that only reads); see {@link RunStore.open}. */
  readonly readOnly?: boolean;
  /** How finished episodes are grouped into transactions (see {@link EpisodeBatch}). */
  readonly batch?: EpisodeBatchOptions;
  /**
   * Called before an older store is migrated (once per store, and slow for a large one: about 45 s at
   * 100,000 episodes), so that a command can say why it is waiting.
   */
  readonly onMigration?: (notice: StoreMigrationNotice) => void;
}

/** Times a new store is opened before "database is locked" is reported (see {@link RunStore.open}). */
const OPEN_ATTEMPTS = 5;

/**
 * Runs, their episodes and the response cache in one SQLite file (the embedded default) or one
 * PostgreSQL database (`postgres://user@host:port/db`, for workers on several machines). An episode is
 * written in one transaction keyed by (run, benchmark, case, trial): a run killed at any moment has every
 * stored episode stored once and nothing half-written, and writing the same key again replaces it
 * instead of duplicating it. Finished episodes are written in batches (one transaction per 64 episodes
 * or 50 ms); every read sees them at once, and closing the store writes what is queued.
 */
export class RunStore {
  private readonly batch: EpisodeBatch;
  /** The record parts this handle has read (each read once). */
  private readonly recordParts: StoredRecordParts;

  private constructor(
    private readonly database: SqlDatabase,
    readonly path: string,
    readonly readOnly = false,
    batchOptions: EpisodeBatchOptions = {},
  ) {
    this.batch = new EpisodeBatch(database, batchOptions);
    this.recordParts = new StoredRecordParts(database);
  }

  /** Which kind of database holds the store. */
  get dialect(): 'sqlite' | 'postgres' {
    return this.database.dialect;
  }

  /**
   * Opens (or creates) a store; an older store (format 1, 2 or 3) is migrated in place, a newer one refused. With
   * `readOnly` (every command that only reads) the store must exist — a mistyped `--db` is an error
   * naming the path, never a new empty file — and nothing is written (a read-only file works), except
   * that an older store is migrated once when its file can be written. A `postgres://` location opens
   * (and on first use creates) the store in that PostgreSQL database.
   */
  static async open(path: string = DEFAULT_STORE_PATH, options: RunStoreOptions = {}): Promise<RunStore> {
    if (isPostgresUrl(path)) {
      const { openPostgresStore } = await import('./postgres-store.js');
      const database = await openPostgresStore(path, {
        readOnly: options.readOnly === true,
        ...(options.onMigration ? { onMigration: options.onMigration } : {}),
      });
      return new RunStore(database, database.name, options.readOnly === true, options.batch);
    }
    if (options.readOnly) {
      const database = new SqliteDatabase(await openSqlite(path, { readOnly: true }), path);
      let version: number;
      try {
        version = inStore(path, () => storedFormatVersion(database));
        if (version === 0) throw new Error(`${path}: not a toolgauge store (no runs, no format version)`);
        if (version > STORE_FORMAT_VERSION) {
          throw new Error(
            `${path}: store format ${version} is newer than this toolgauge understands (${STORE_FORMAT_VERSION})`,
          );
        }
      } catch (error) {
        database.close();
        throw error;
      }
      if (version === STORE_FORMAT_VERSION) return new RunStore(database, path, true, options.batch);
      database.close();
      try {
        return await RunStore.open(path, { ...options, readOnly: false });
      } catch (error) {
        // An older store is read only after its one migration (a read-only file cannot take it).
        const cause = error instanceof Error ? error.message : String(error);
        throw new Error(
          `${path}: store format ${version} could not be migrated to format ${STORE_FORMAT_VERSION} (done once, by the first command that can write the file): ${cause}`,
          { cause: error },
        );
      }
    }
    if (path !== ':memory:') {
      await mkdir(dirname(path), { recursive: true }).catch((error: unknown) => {
        throw new Error(`${path}: cannot make the store's folder (${(error as Error).message})`, { cause: error });
      });
    }
    // Several processes may open one new store at the same moment (`--workers`, two runs sharing a
    // store), and the one that loses the race for the new file's first locks (the switch to WAL, the
    // schema) can be told "database is locked" despite the busy timeout (seen once under heavy load). It
    // opens the store again, a few times, before reporting it.
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await RunStore.openForWriting(path, options);
      } catch (error) {
        if (attempt >= OPEN_ATTEMPTS || !/database is locked/i.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      }
    }
  }

  private static async openForWriting(path: string, options: RunStoreOptions): Promise<RunStore> {
    const connection = await openSqlite(path);
    const database = new SqliteDatabase(connection, path);
    try {
      const version = storedFormatVersion(database);
      if (version > STORE_FORMAT_VERSION) {
        throw new Error(
          `${path}: store format ${version} is newer than this toolgauge understands (${STORE_FORMAT_VERSION})`,
        );
      }
      if (version >= 1 && version < STORE_FORMAT_VERSION)
        options.onMigration?.({ store: path, from: version, to: STORE_FORMAT_VERSION });
      if (version === 1) inStore(path, () => migrateFromVersion1(connection));
      // Formats 1 and 2 moved every record (the old pages are given back); format 3 only gains a table and a column.
      const movedRecords = version === 1 || (version === 2 && inStore(path, () => migrateFromVersion2(database)));
      if (movedRecords) compactAfterMigration(database);
      if (version === 3) inStore(path, () => migrateFromVersion3(database));
      inStore(path, () => database.exec(SCHEMA));
      // Written only when it changes: rewriting the same value cost every opening a commit.
      if (version !== STORE_FORMAT_VERSION) {
        database.run(
          "INSERT INTO meta (key, value) VALUES ('formatVersion', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
          [String(STORE_FORMAT_VERSION)],
        );
      }
    } catch (error) {
      database.close();
      throw error;
    }
    return new RunStore(database, path, false, options.batch);
  }

  /** Writes the queued episodes, then closes the connection. */
  close(): void {
    try {
      if (!this.readOnly) this.flush();
    } finally {
      this.batch.dispose();
      this.database.close();
    }
  }

  /** Writes every finished episode still queued (at the end of a run, before reading elsewhere). */
  flush(): void {
    inStore(this.path, () => this.batch.flush());
  }

  /**
   * Creates a run, or returns the existing one with that id (for resuming). A stored run without a
   * single episode (its first command failed before playing) is not a run yet: its settings are
   * replaced, so the corrected command is not refused.
   */
  ensureRun(
    runId: string,
    config: Readonly<Record<string, unknown>>,
    createdAt: string,
    manifest: RunManifest = {},
  ): StoredRun {
    const existing = this.getRun(runId);
    if (existing && this.episodeCount(runId) > 0) return existing;
    this.database.run(
      `INSERT INTO runs (run_id, created_at, config, manifest) VALUES (?, ?, ?, ?)
       ON CONFLICT (run_id) DO UPDATE SET created_at = excluded.created_at, config = excluded.config,
         manifest = excluded.manifest`,
      [runId, createdAt, JSON.stringify(config), JSON.stringify(manifest)],
    );
    return { runId, createdAt, config, manifest };
  }

  /** Replaces a run's stored settings (a resume that was allowed a change records it). */
  setConfig(runId: string, config: Readonly<Record<string, unknown>>): void {
    this.database.run('UPDATE runs SET config = ? WHERE run_id = ?', [JSON.stringify(config), runId]);
  }

  /** How many episodes (scored or failed) a run has stored. */
  episodeCount(runId: string): number {
    this.flush();
    const row = this.database.get('SELECT COUNT(*) AS count FROM episodes WHERE run_id = ?', [runId]);
    return Number(row?.count ?? 0);
  }

  /** Whether an episode is stored (or queued) as scored (another process may have just stored it). */
  isScored(runId: string, benchmark: string, caseId: string, trial: number): boolean {
    if (this.batch.queued(runId, benchmark, caseId, trial)?.status === 'scored') return true;
    return (
      this.database.get(
        "SELECT 1 AS found FROM episodes WHERE run_id = ? AND benchmark = ? AND case_id = ? AND trial = ? AND status = 'scored'",
        [runId, benchmark, caseId, trial],
      ) !== undefined
    );
  }

  /** This process's claims on a run's episodes (see {@link EpisodeClaims}). */
  claims(runId: string, options: EpisodeClaimsOptions = {}): EpisodeClaims {
    return new EpisodeClaims(this.database, runId, options);
  }

  /** Frees the claims of a process known to be dead (see {@link releaseClaimsOf}). */
  releaseClaimsOf(ownerPrefix: string): number {
    return inStore(this.path, () => releaseClaimsOf(this.database, ownerPrefix));
  }

  /** Replaces a run's manifest (a resumed run records what it plays now). */
  setManifest(runId: string, manifest: RunManifest): void {
    this.database.run('UPDATE runs SET manifest = ? WHERE run_id = ?', [JSON.stringify(manifest), runId]);
  }

  /** The run, or an {@link UnknownRunError} naming the store and pointing at `toolgauge list runs`. */
  requireRun(runId: string): StoredRun {
    const run = this.getRun(runId);
    if (!run) throw new UnknownRunError(`no run "${runId}" in ${this.path}; see \`toolgauge list runs\``);
    return run;
  }

  getRun(runId: string): StoredRun | undefined {
    const row = this.database.get('SELECT run_id, created_at, config, manifest FROM runs WHERE run_id = ?', [runId]);
    return row && decodeRun(row as unknown as RunColumns, this.path);
  }

  /**
   * Every run with its progress, as any process sharing the store sees it (see `listStoredRuns`), with
   * this process's queued episodes written first.
   */
  listRuns(): ListedRun[] {
    this.flush();
    return listStoredRuns(this.database, this.path);
  }

  /** Keys (see `episodeKey`) of the run's scored episodes: what a resume skips. */
  scoredKeys(runId: string): Set<string> {
    return this.keysWithStatus(runId, 'scored');
  }

  /** The keys (`episodeKey`) of the run's stored episodes with this status, read without their rows. */
  keysWithStatus(runId: string, status: EpisodeRow['status']): Set<string> {
    this.flush();
    const rows = this.database.all('SELECT benchmark, case_id, trial FROM episodes WHERE run_id = ? AND status = ?', [
      runId,
      status,
    ]);
    return new Set(rows.map((row) => episodeKey(String(row.benchmark), String(row.case_id), Number(row.trial))));
  }

  /**
   * Stores one episode; a second write of the same (run, benchmark, case, trial) replaces the first —
   * except that a `failed` row never replaces a `scored` one (a late failure from another process).
   * Every write is also kept as an attempt with its cost, so money spent on an attempt that was later
   * replaced is still counted. The write is batched; the episode's claim (`release`) is released in the
   * transaction that stores it, so no other process takes the episode before its row is there. A record
   * serialized with parts (`serializeRecord`) is stored with each part kept once (format 4).
   */
  saveEpisode(episode: EpisodeToSave, release?: ClaimRelease): void {
    inStore(this.path, () => this.batch.add(episode, release));
  }

  /**
   * The episodes of a run one by one, in the order of {@link episodes}, without holding them all (for
   * export and the HTML report); `withRecords: false` leaves the records unread (`record` is empty).
   */
  /**
   * A run's episodes one by one. A row that cannot be read throws a {@link StoredRowError} naming the
   * store, run, case and trial — or, given `onUnreadable`, is passed to it and skipped, so that a reader
   * can report everything else (`report --html`, `export`).
   */
  *iterateEpisodes(
    runId: string,
    options: { withRecords?: boolean; onUnreadable?: (episode: UnreadableEpisode) => void } = {},
  ): Generator<EpisodeRow> {
    this.flush();
    for (const row of this.database.iterate(
      `${selectEpisodes(options.withRecords !== false)} WHERE e.run_id = ? ORDER BY e.benchmark, e.case_id, e.trial`,
      [runId],
    )) {
      const columns = row as unknown as EpisodeColumns;
      try {
        yield decodeEpisodeRow(columns, this.path, this.recordParts);
      } catch (error) {
        if (!(error instanceof StoredRowError) || !options.onUnreadable) throw error;
        options.onUnreadable(unreadableEpisode(columns, error));
      }
    }
  }

  /**
   * A run's episodes as a report reads them, one by one in the order of {@link episodes}: the summary
   * columns without model calls, durations or records, each rows' values read without a row object, and
   * each distinct metrics or labels text decoded once (the rows share the frozen value).
   */
  *iterateReportedEpisodes(runId: string): Generator<ReportedEpisode> {
    this.flush();
    const columns = reportedColumns();
    for (const values of this.database.iterateValues(SELECT_REPORTED_EPISODES, [runId])) {
      yield decodeReportedEpisode(values, runId, this.path, columns);
    }
  }

  /** The benchmarks a run has episodes of, sorted (from the episodes' key, without reading their rows). */
  runBenchmarks(runId: string): string[] {
    this.flush();
    return this.database
      .all('SELECT DISTINCT benchmark FROM episodes WHERE run_id = ? ORDER BY benchmark', [runId])
      .map((row) => String(row.benchmark));
  }

  /**
   * A run's episodes (of one benchmark, or all), ordered by benchmark, case and trial; `withRecords:
   * false` reads only the summary columns (`record` is empty), never the records' table.
   */
  episodes(runId: string, options: { withRecords?: boolean; benchmark?: string } = {}): EpisodeRow[] {
    this.flush();
    const filter = options.benchmark === undefined ? '' : ' AND e.benchmark = ?';
    const parameters = options.benchmark === undefined ? [runId] : [runId, options.benchmark];
    const rows = this.database.all(
      `${selectEpisodes(options.withRecords !== false)} WHERE e.run_id = ?${filter} ORDER BY e.benchmark, e.case_id, e.trial`,
      parameters,
    ) as unknown as EpisodeColumns[];
    return rows.map((row) => decodeEpisodeRow(row, this.path, this.recordParts));
  }

  /** One episode; `benchmark` may be left out when the run has only one episode with that case id and trial. */
  episode(runId: string, caseId: string, trial = 0, benchmark?: string): EpisodeRow | undefined {
    this.flush();
    const rows = this.database.all(
      `${selectEpisodes(true)} WHERE e.run_id = ? AND e.case_id = ? AND e.trial = ?${benchmark === undefined ? '' : ' AND e.benchmark = ?'}`,
      benchmark === undefined ? [runId, caseId, trial] : [runId, caseId, trial, benchmark],
    ) as unknown as EpisodeColumns[];
    if (rows.length > 1) {
      throw new Error(
        `run "${runId}" has case "${caseId}" in several benchmarks (${rows.map((row) => row.benchmark).join(', ')}); name one with --benchmark`,
      );
    }
    const row = rows[0];
    return row && decodeEpisodeRow(row, this.path, this.recordParts);
  }

  /**
   * Total cost of a run so far, every attempt included (for `--max-cost` and reports): an episode
   * played twice costs both plays. Episodes stored without attempts (merged in, or from before
   * attempts were kept) count once.
   */
  runCost(runId: string): number {
    this.flush();
    const row = this.database.get(
      `SELECT COALESCE((SELECT SUM(cost) FROM attempts WHERE run_id = ?), 0)
            + COALESCE((SELECT SUM(e.cost) FROM episodes e WHERE e.run_id = ? AND NOT EXISTS (
                SELECT 1 FROM attempts a WHERE a.run_id = e.run_id AND a.benchmark = e.benchmark
                  AND a.case_id = e.case_id AND a.trial = e.trial)), 0) AS cost`,
      [runId, runId],
    );
    return Number(row?.cost ?? 0);
  }

  /** Every play of a run's episodes, in the order they ended (a replayed episode has several). */
  attempts(runId: string): StoredAttempt[] {
    this.flush();
    return this.database
      .all(
        'SELECT benchmark, case_id, trial, status, cost, ended_at FROM attempts WHERE run_id = ? ORDER BY ended_at',
        [runId],
      )
      .map((row) => ({
        benchmark: String(row.benchmark),
        caseId: String(row.case_id),
        trial: Number(row.trial),
        status: String(row.status),
        cost: Number(row.cost),
        endedAt: String(row.ended_at),
      }));
  }

  cacheGet(key: string): string | undefined {
    const queued = this.batch.cachedResponse(key);
    if (queued !== undefined) return queued;
    const row = this.database.get('SELECT response FROM cache WHERE key = ?', [key]);
    return row === undefined ? undefined : String(row.response);
  }

  /**
   * The entries of several keys at once (those not there are absent from the map): one query, where
   * `cacheGet` each would be one query each (on PostgreSQL about 0.5 ms apiece, the run waiting).
   */
  cacheGetMany(keys: readonly string[]): Map<string, string> {
    const found = new Map<string, string>();
    const unqueued = [...new Set(keys)].filter((key) => {
      const queued = this.batch.cachedResponse(key);
      if (queued !== undefined) found.set(key, queued);
      return queued === undefined;
    });
    for (let start = 0; start < unqueued.length; start += CACHE_KEYS_PER_QUERY) {
      const chunk = unqueued.slice(start, start + CACHE_KEYS_PER_QUERY);
      const sql = `SELECT key, response FROM cache WHERE key IN (${chunk.map(() => '?').join(', ')})`;
      for (const row of this.database.all(sql, chunk)) found.set(String(row.key), String(row.response));
    }
    return found;
  }

  /** Remembers a response (batched with the episodes: see `EpisodeBatch`); an entry already there is kept. */
  cachePut(key: string, response: string, createdAt: string): void {
    inStore(this.path, () => this.batch.addCacheEntry(key, response, createdAt));
  }

  /**
   * Copies every run, episode and cache entry of another store file into this one (for shards of one run
   * done on several machines). Episodes keep their keys, so merging twice changes nothing. The other
   * store is migrated to this format first (in place) if it is older.
   */
  async merge(otherPath: string, allowChanged: readonly string[] = []): Promise<{ runs: number; episodes: number }> {
    if (!(this.database instanceof SqliteDatabase)) {
      throw new Error(`${this.path}: merge works between SQLite stores; workers sharing PostgreSQL need no merge`);
    }
    if (!existsSync(otherPath)) throw new Error(`no store at ${otherPath}`);
    (await RunStore.open(otherPath)).close();
    this.flush();
    return mergeSqliteStore(this.database, this.path, otherPath, allowChanged, {
      existing: (runId) => {
        const here = this.getRun(runId);
        return here && this.episodeCount(runId) > 0 ? here : undefined;
      },
    });
  }
}
