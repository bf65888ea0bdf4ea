import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { EpisodeClaims, type EpisodeClaimsOptions } from './episode-claims.js';
import { type IdentityManifest, requireSameRunSettings, runIdentity } from './run-settings-compare.js';
import { inStore, openSqlite } from './sqlite.js';

/** Default location of the store, relative to the working directory. */
export const DEFAULT_STORE_PATH = '.toolgauge/toolgauge.db';

/**
 * How an episode ended, for the run: `scored` (it ran to an end the agent is accountable for, and has a
 * score) or `failed` (something outside the agent broke — a provider outage after retries, a cache miss
 * in replay mode — so it has no fair score and a resume runs it again).
 */
export type EpisodeStatus = 'scored' | 'failed';

export interface StoredRun {
  readonly runId: string;
  readonly createdAt: string;
  /** The run's configuration as JSON (never with secrets). */
  readonly config: Readonly<Record<string, unknown>>;
}

export interface EpisodeRow {
  readonly runId: string;
  readonly benchmark: string;
  readonly caseId: string;
  readonly trial: number;
  readonly status: EpisodeStatus;
  readonly score: number | null;
  readonly turnCount: number | null;
  /** Why a failed episode failed. */
  readonly error: string | null;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly requests: number;
  readonly cost: number;
  readonly durationMs: number;
  /** Small JSON the report groups by (e.g. categories, augmentation), without reading records. */
  readonly labels: string;
  /** The benchmark's full record of the episode (trajectory, mapping, diagnostics) as JSON. */
  readonly record: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
  run_id TEXT PRIMARY KEY,
  created_at TEXT NOT NULL,
  config TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS episodes (
  run_id TEXT NOT NULL REFERENCES runs(run_id),
  benchmark TEXT NOT NULL,
  case_id TEXT NOT NULL,
  trial INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('scored', 'failed')),
  score REAL,
  turn_count INTEGER,
  error TEXT,
  input_tokens INTEGER NOT NULL DEFAULT 0,
  output_tokens INTEGER NOT NULL DEFAULT 0,
  requests INTEGER NOT NULL DEFAULT 0,
  cost REAL NOT NULL DEFAULT 0,
  duration_ms REAL NOT NULL DEFAULT 0,
  labels TEXT NOT NULL DEFAULT '{}',
  record TEXT NOT NULL,
  PRIMARY KEY (run_id, case_id, trial)
);
CREATE TABLE IF NOT EXISTS cache (
  key TEXT PRIMARY KEY,
  response TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS attempts (
  run_id TEXT NOT NULL,
  case_id TEXT NOT NULL,
  trial INTEGER NOT NULL,
  status TEXT NOT NULL,
  cost REAL NOT NULL DEFAULT 0,
  input_tokens INTEGER NOT NULL DEFAULT 0,
  output_tokens INTEGER NOT NULL DEFAULT 0,
  requests INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  ended_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS attempts_by_episode ON attempts (run_id, case_id, trial);
`;

/** The store format; a database written by a newer toolgauge is refused rather than misread. */
export const STORE_FORMAT_VERSION = 1;

/**
 * Runs, their episodes and the response cache in one SQLite file. An episode is written in one
 * statement keyed by (run, case, trial): a run killed at any moment has every finished episode stored
 * once and nothing half-written, and writing the same key again replaces it instead of duplicating it.
 */
export class RunStore {
  private constructor(
    private readonly database: DatabaseSync,
    readonly path: string,
    readonly readOnly: boolean,
  ) {}

  /**
   * Opens (and creates, unless `readOnly`) a store. A read-only store must exist — a mistyped `--db`
   * is an error naming the path, never a new empty file — and is never written to, so read commands
   * work on a read-only file.
   */
  static async open(
    path: string = DEFAULT_STORE_PATH,
    options: { readonly readOnly?: boolean } = {},
  ): Promise<RunStore> {
    if (options.readOnly) {
      const database = await openSqlite(path, { readOnly: true });
      const store = new RunStore(database, path, true);
      inStore(path, () => store.checkFormat());
      return store;
    }
    if (path !== ':memory:') await mkdir(dirname(path), { recursive: true });
    const database = await openSqlite(path);
    const store = new RunStore(database, path, false);
    inStore(path, () => {
      database.exec(SCHEMA);
      const version = store.checkFormat();
      if (version === undefined) {
        database.prepare("INSERT INTO meta (key, value) VALUES ('formatVersion', ?)").run(String(STORE_FORMAT_VERSION));
      }
    });
    return store;
  }

  /** The stored format version; refuses (and closes) a store written by a newer toolgauge. */
  private checkFormat(): number | undefined {
    let version: { value: string } | undefined;
    try {
      version = this.database.prepare("SELECT value FROM meta WHERE key = 'formatVersion'").get() as
        | { value: string }
        | undefined;
    } catch (error) {
      this.database.close();
      throw new Error(
        `${this.path}: not a toolgauge store (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    if (version && Number(version.value) > STORE_FORMAT_VERSION) {
      this.database.close();
      throw new Error(
        `${this.path}: store format ${version.value} is newer than this toolgauge understands (${STORE_FORMAT_VERSION})`,
      );
    }
    return version ? Number(version.value) : undefined;
  }

  close(): void {
    this.database.close();
  }

  /**
   * Creates a run, or returns the existing one with that id (for resuming). A stored run without a
   * single episode (its first command failed before playing) is not a run yet: its settings are
   * replaced, so the corrected command is not refused.
   */
  ensureRun(runId: string, config: Readonly<Record<string, unknown>>, createdAt: string): StoredRun {
    const existing = this.getRun(runId);
    if (existing && this.episodeCount(runId) > 0) return existing;
    this.database
      .prepare(
        `INSERT INTO runs (run_id, created_at, config) VALUES (?, ?, ?)
         ON CONFLICT (run_id) DO UPDATE SET config = excluded.config, created_at = excluded.created_at`,
      )
      .run(runId, createdAt, JSON.stringify(config));
    return { runId, createdAt, config };
  }

  /** Replaces a run's stored settings (e.g. to record an allowed change or the manifest). */
  updateRunConfig(runId: string, config: Readonly<Record<string, unknown>>): void {
    this.database.prepare('UPDATE runs SET config = ? WHERE run_id = ?').run(JSON.stringify(config), runId);
  }

  /** How many episodes (scored or failed) a run has stored. */
  episodeCount(runId: string): number {
    const row = this.database.prepare('SELECT COUNT(*) AS count FROM episodes WHERE run_id = ?').get(runId) as {
      count: number;
    };
    return Number(row.count);
  }

  /** Whether an episode is stored as scored (another process may have just stored it). */
  isScored(runId: string, caseId: string, trial: number): boolean {
    return (
      this.database
        .prepare("SELECT 1 FROM episodes WHERE run_id = ? AND case_id = ? AND trial = ? AND status = 'scored'")
        .get(runId, caseId, trial) !== undefined
    );
  }

  /** This process's claims on a run's episodes (see {@link EpisodeClaims}). */
  claims(runId: string, options: EpisodeClaimsOptions = {}): EpisodeClaims {
    return new EpisodeClaims(this.database, runId, options);
  }

  getRun(runId: string): StoredRun | undefined {
    const row = this.database.prepare('SELECT run_id, created_at, config FROM runs WHERE run_id = ?').get(runId) as
      | { run_id: string; created_at: string; config: string }
      | undefined;
    return row && { runId: row.run_id, createdAt: row.created_at, config: JSON.parse(row.config) };
  }

  listRuns(): { run: StoredRun; episodes: number; scored: number; failed: number }[] {
    const rows = this.database
      .prepare(
        `SELECT r.run_id, r.created_at, r.config,
                COUNT(e.case_id) AS episodes,
                COALESCE(SUM(e.status = 'scored'), 0) AS scored,
                COALESCE(SUM(e.status = 'failed'), 0) AS failed
         FROM runs r LEFT JOIN episodes e ON e.run_id = r.run_id
         GROUP BY r.run_id ORDER BY r.created_at, r.run_id`,
      )
      .all() as {
      run_id: string;
      created_at: string;
      config: string;
      episodes: number;
      scored: number;
      failed: number;
    }[];
    return rows.map((row) => ({
      run: { runId: row.run_id, createdAt: row.created_at, config: JSON.parse(row.config) },
      episodes: Number(row.episodes),
      scored: Number(row.scored),
      failed: Number(row.failed),
    }));
  }

  /** Keys (`caseId#trial`) of the run's scored episodes: what a resume skips. */
  scoredKeys(runId: string): Set<string> {
    const rows = this.database
      .prepare("SELECT case_id, trial FROM episodes WHERE run_id = ? AND status = 'scored'")
      .all(runId) as { case_id: string; trial: number }[];
    return new Set(rows.map((row) => episodeKey(row.case_id, Number(row.trial))));
  }

  /**
   * Writes one episode atomically; a second write of the same (run, case, trial) replaces the first —
   * except that a `failed` row never replaces a `scored` one. Every write is also kept as an attempt
   * with its cost, so money spent on an attempt that was later replaced is still counted.
   */
  saveEpisode(episode: EpisodeRow): void {
    inStore(this.path, () => {
      this.database.exec('BEGIN IMMEDIATE');
      try {
        this.database
          .prepare(
            `INSERT INTO attempts (run_id, case_id, trial, status, cost, input_tokens, output_tokens, requests, error, ended_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            episode.runId,
            episode.caseId,
            episode.trial,
            episode.status,
            episode.cost,
            episode.inputTokens,
            episode.outputTokens,
            episode.requests,
            episode.error,
            new Date().toISOString(),
          );
        this.database
          .prepare(
            `INSERT INTO episodes (run_id, benchmark, case_id, trial, status, score, turn_count, error,
               input_tokens, output_tokens, requests, cost, duration_ms, labels, record)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (run_id, case_id, trial) DO UPDATE SET
               benchmark = excluded.benchmark, status = excluded.status, score = excluded.score,
               turn_count = excluded.turn_count, error = excluded.error, input_tokens = excluded.input_tokens,
               output_tokens = excluded.output_tokens, requests = excluded.requests, cost = excluded.cost,
               duration_ms = excluded.duration_ms, labels = excluded.labels, record = excluded.record
             WHERE episodes.status = 'failed' OR excluded.status = 'scored'`,
          )
          .run(
            episode.runId,
            episode.benchmark,
            episode.caseId,
            episode.trial,
            episode.status,
            episode.score,
            episode.turnCount,
            episode.error,
            episode.inputTokens,
            episode.outputTokens,
            episode.requests,
            episode.cost,
            episode.durationMs,
            episode.labels,
            episode.record,
          );
        this.database.exec('COMMIT');
      } catch (error) {
        this.database.exec('ROLLBACK');
        throw error;
      }
    });
  }

  /** The episodes of a run one by one, in (case, trial) order, without holding them all (for export). */
  *iterateEpisodes(runId: string): Generator<EpisodeRow> {
    const statement = this.database.prepare('SELECT * FROM episodes WHERE run_id = ? ORDER BY case_id, trial');
    for (const row of statement.iterate(runId)) yield toEpisodeRow(row as Record<string, string | number | null>);
  }

  episodes(runId: string, options: { withRecords?: boolean } = {}): EpisodeRow[] {
    const columns = `run_id, benchmark, case_id, trial, status, score, turn_count, error, input_tokens,
      output_tokens, requests, cost, duration_ms, labels, ${options.withRecords === false ? "'' AS record" : 'record'}`;
    const rows = this.database
      .prepare(`SELECT ${columns} FROM episodes WHERE run_id = ? ORDER BY case_id, trial`)
      .all(runId) as Record<string, string | number | null>[];
    return rows.map(toEpisodeRow);
  }

  episode(runId: string, caseId: string, trial = 0): EpisodeRow | undefined {
    const row = this.database
      .prepare('SELECT * FROM episodes WHERE run_id = ? AND case_id = ? AND trial = ?')
      .get(runId, caseId, trial) as Record<string, string | number | null> | undefined;
    return row && toEpisodeRow(row);
  }

  /**
   * Total cost of a run so far, every attempt included (for `--max-cost` and reports): an episode
   * played twice costs both plays. Episodes stored before attempts were kept count once.
   */
  runCost(runId: string): number {
    const row = this.database
      .prepare(
        `SELECT COALESCE((SELECT SUM(cost) FROM attempts WHERE run_id = ?1), 0)
              + COALESCE((SELECT SUM(e.cost) FROM episodes e WHERE e.run_id = ?1 AND NOT EXISTS (
                  SELECT 1 FROM attempts a WHERE a.run_id = e.run_id AND a.case_id = e.case_id AND a.trial = e.trial)), 0)
           AS cost`,
      )
      .get(runId) as { cost: number };
    return Number(row.cost);
  }

  cacheGet(key: string): string | undefined {
    const row = this.database.prepare('SELECT response FROM cache WHERE key = ?').get(key) as
      | { response: string }
      | undefined;
    return row?.response;
  }

  cachePut(key: string, response: string, createdAt: string): void {
    this.database
      .prepare('INSERT INTO cache (key, response, created_at) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING')
      .run(key, response, createdAt);
  }

  /**
   * Copies every run, episode and cache entry of another store into this one (for shards of one run
   * done on several machines). Episodes keep their keys, so merging twice changes nothing.
   */
  merge(otherPath: string, allowChanged: readonly string[] = []): { runs: number; episodes: number } {
    if (!existsSync(otherPath)) throw new Error(`no store at ${otherPath}`);
    this.database.prepare('ATTACH DATABASE ? AS other').run(otherPath);
    let began = false;
    try {
      // A run with the same id must have been played under the same settings, or its episodes would mix.
      const incoming = inStore(otherPath, () =>
        this.database.prepare('SELECT run_id, config FROM other.runs').all(),
      ) as { run_id: string; config: string }[];
      for (const row of incoming) {
        const here = this.getRun(row.run_id);
        if (!here || this.episodeCount(row.run_id) === 0) continue;
        const theirs = JSON.parse(row.config) as Record<string, unknown>;
        requireSameRunSettings(
          'merge',
          row.run_id,
          runIdentity(here.config, manifestOf(here.config)),
          runIdentity(theirs, manifestOf(theirs)),
          allowChanged,
        );
      }
      this.database.exec('BEGIN');
      began = true;
      const runs = this.database
        .prepare('INSERT OR IGNORE INTO runs SELECT run_id, created_at, config FROM other.runs')
        .run();
      const episodes = this.database
        .prepare(
          `INSERT INTO episodes SELECT run_id, benchmark, case_id, trial, status, score, turn_count, error, input_tokens,
             output_tokens, requests, cost, duration_ms, labels, record FROM other.episodes WHERE true
           ON CONFLICT (run_id, case_id, trial) DO UPDATE SET
             status = excluded.status, score = excluded.score, turn_count = excluded.turn_count, error = excluded.error,
             input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens, requests = excluded.requests,
             cost = excluded.cost, duration_ms = excluded.duration_ms, labels = excluded.labels, record = excluded.record
           WHERE episodes.status = 'failed'`,
        )
        .run();
      this.database.exec('INSERT OR IGNORE INTO cache SELECT key, response, created_at FROM other.cache');
      this.database.exec('COMMIT');
      return { runs: Number(runs.changes), episodes: Number(episodes.changes) };
    } catch (error) {
      if (began) this.database.exec('ROLLBACK');
      throw error;
    } finally {
      this.database.exec('DETACH DATABASE other');
    }
  }
}

/** The manifest kept with a run's settings (under `manifest`), as far as identity goes. */
export function manifestOf(config: Readonly<Record<string, unknown>>): IdentityManifest {
  const manifest = config.manifest;
  return typeof manifest === 'object' && manifest !== null ? (manifest as IdentityManifest) : {};
}

export function episodeKey(caseId: string, trial: number): string {
  return `${caseId}#${trial}`;
}

function toEpisodeRow(row: Record<string, string | number | null>): EpisodeRow {
  return {
    runId: String(row.run_id),
    benchmark: String(row.benchmark),
    caseId: String(row.case_id),
    trial: Number(row.trial),
    status: row.status as EpisodeStatus,
    score: row.score === null ? null : Number(row.score),
    turnCount: row.turn_count === null ? null : Number(row.turn_count),
    error: row.error === null ? null : String(row.error),
    inputTokens: Number(row.input_tokens),
    outputTokens: Number(row.output_tokens),
    requests: Number(row.requests),
    cost: Number(row.cost),
    durationMs: Number(row.duration_ms),
    labels: String(row.labels ?? '{}'),
    record: String(row.record ?? ''),
  };
}
