import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { EpisodeStatus, Labels, MetricValues } from '../spec/index.js';
import { DEFAULT_STORE_PATH } from './default-store-path.js';
import { EpisodeClaims, type EpisodeClaimsOptions } from './episode-claims.js';
import { type IdentityManifest, requireSameRunSettings, runIdentity } from './run-settings-compare.js';
import { inStore, openSqlite } from './sqlite.js';
import { migrateFromVersion1, SCHEMA, STORE_FORMAT_VERSION, storedFormatVersion } from './store-schema.js';
import { type RunManifest, readConfig } from './stored-json.js';
import { decodeEpisodeRow, decodeRun, type EpisodeColumns, type RunColumns } from './stored-rows.js';
import type { ModelCallUsage } from './usage-meter.js';

export type { EpisodeStatus } from '../spec/index.js';
export { STORE_FORMAT_VERSION } from './store-schema.js';
export type { RunManifest } from './stored-json.js';
export { StoredRowError } from './stored-json.js';

export { DEFAULT_STORE_PATH };

export interface StoredRun {
  readonly runId: string;
  readonly createdAt: string;
  /** The run's configuration as JSON (never with secrets). */
  readonly config: Readonly<Record<string, unknown>>;
  /** What the run was played with; empty for runs stored before format 2. */
  readonly manifest: RunManifest;
}

export interface EpisodeRow {
  readonly runId: string;
  readonly benchmark: string;
  readonly caseId: string;
  readonly trial: number;
  readonly status: EpisodeStatus;
  /** The benchmark's headline metric; null when failed. */
  readonly score: number | null;
  /** Every metric the benchmark declares (empty when failed). */
  readonly metrics: MetricValues;
  /** Why a failed episode failed. */
  readonly error: string | null;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly requests: number;
  readonly cost: number;
  readonly durationMs: number;
  /** What reports group by (e.g. categories, augmentation), without reading records. */
  readonly labels: Labels;
  /** Every model call of the episode (agent and user), with its usage and cost. */
  readonly modelCalls: readonly ModelCallUsage[];
  /** The benchmark's full record of the episode as JSON; read it through `readRecord`. */
  readonly record: string;
}

/**
 * The part of a manifest that is a run's identity: the case set (of a single-benchmark run, its
 * benchmark's hash and count; of several, all of them) and the agent module.
 */
export function identityManifest(manifest: RunManifest): IdentityManifest {
  const benchmarks = Object.entries(manifest.benchmarks ?? {}).sort(([a], [b]) => a.localeCompare(b));
  const caseSet =
    benchmarks.length === 0
      ? undefined
      : {
          hash: benchmarks.map(([id, entry]) => `${id}:${entry.caseSetHash}`).join(','),
          count: benchmarks.reduce((total, [, entry]) => total + entry.caseCount, 0),
        };
  return {
    ...(caseSet ? { caseSet } : {}),
    ...(manifest.agentModule ? { agentModule: manifest.agentModule } : {}),
  };
}

/** An episode key within a run: `benchmark/caseId#trial`. */
export function episodeKey(benchmark: string, caseId: string, trial: number): string {
  return `${benchmark}\u0000${caseId}#${trial}`;
}

/**
 * Runs, their episodes and the response cache in one SQLite file. An episode is written in one statement
 * keyed by (run, benchmark, case, trial): a run killed at any moment has every finished episode stored
 * once and nothing half-written, and writing the same key again replaces it instead of duplicating it.
 */
export class RunStore {
  private constructor(
    private readonly database: DatabaseSync,
    readonly path: string,
    readonly readOnly = false,
  ) {}

  /**
   * Opens (or creates) a store; a format-1 store is migrated in place, a newer one refused. With
   * `readOnly` (every command that only reads) the store must exist — a mistyped `--db` is an error
   * naming the path, never a new empty file — and nothing is written (a read-only file works), except
   * that an older store is migrated once when its file can be written.
   */
  static async open(
    path: string = DEFAULT_STORE_PATH,
    options: { readonly readOnly?: boolean } = {},
  ): Promise<RunStore> {
    if (options.readOnly) {
      const database = await openSqlite(path, { readOnly: true });
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
      if (version === STORE_FORMAT_VERSION) return new RunStore(database, path, true);
      database.close();
    }
    if (path !== ':memory:') await mkdir(dirname(path), { recursive: true });
    const database = await openSqlite(path);
    try {
      const version = storedFormatVersion(database);
      if (version > STORE_FORMAT_VERSION) {
        throw new Error(
          `${path}: store format ${version} is newer than this toolgauge understands (${STORE_FORMAT_VERSION})`,
        );
      }
      if (version === 1) inStore(path, () => migrateFromVersion1(database));
      inStore(path, () => database.exec(SCHEMA));
      database
        .prepare(
          "INSERT INTO meta (key, value) VALUES ('formatVersion', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        )
        .run(String(STORE_FORMAT_VERSION));
    } catch (error) {
      database.close();
      throw error;
    }
    return new RunStore(database, path);
  }

  close(): void {
    this.database.close();
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
    this.database
      .prepare(
        `INSERT INTO runs (run_id, created_at, config, manifest) VALUES (?, ?, ?, ?)
         ON CONFLICT (run_id) DO UPDATE SET created_at = excluded.created_at, config = excluded.config,
           manifest = excluded.manifest`,
      )
      .run(runId, createdAt, JSON.stringify(config), JSON.stringify(manifest));
    return { runId, createdAt, config, manifest };
  }

  /** Replaces a run's stored settings (a resume that was allowed a change records it). */
  setConfig(runId: string, config: Readonly<Record<string, unknown>>): void {
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
  isScored(runId: string, benchmark: string, caseId: string, trial: number): boolean {
    return (
      this.database
        .prepare(
          "SELECT 1 FROM episodes WHERE run_id = ? AND benchmark = ? AND case_id = ? AND trial = ? AND status = 'scored'",
        )
        .get(runId, benchmark, caseId, trial) !== undefined
    );
  }

  /** This process's claims on a run's episodes (see {@link EpisodeClaims}). */
  claims(runId: string, options: EpisodeClaimsOptions = {}): EpisodeClaims {
    return new EpisodeClaims(this.database, runId, options);
  }

  /** Replaces a run's manifest (a resumed run records what it plays now). */
  setManifest(runId: string, manifest: RunManifest): void {
    this.database.prepare('UPDATE runs SET manifest = ? WHERE run_id = ?').run(JSON.stringify(manifest), runId);
  }

  getRun(runId: string): StoredRun | undefined {
    const row = this.database
      .prepare('SELECT run_id, created_at, config, manifest FROM runs WHERE run_id = ?')
      .get(runId) as unknown as RunColumns | undefined;
    return row && decodeRun(row, this.path);
  }

  listRuns(): { run: StoredRun; episodes: number; scored: number; failed: number; benchmarks: string[] }[] {
    const rows = this.database
      .prepare(
        `SELECT r.run_id, r.created_at, r.config, r.manifest,
                COUNT(e.case_id) AS episodes,
                COALESCE(SUM(e.status = 'scored'), 0) AS scored,
                COALESCE(SUM(e.status = 'failed'), 0) AS failed,
                COALESCE(GROUP_CONCAT(DISTINCT e.benchmark), '') AS benchmarks
         FROM runs r LEFT JOIN episodes e ON e.run_id = r.run_id
         GROUP BY r.run_id ORDER BY r.created_at, r.run_id`,
      )
      .all() as unknown as (RunColumns & { episodes: number; scored: number; failed: number; benchmarks: string })[];
    return rows.map((row) => ({
      run: decodeRun(row, this.path),
      episodes: Number(row.episodes),
      scored: Number(row.scored),
      failed: Number(row.failed),
      benchmarks: row.benchmarks ? row.benchmarks.split(',').sort() : [],
    }));
  }

  /** Keys (see `episodeKey`) of the run's scored episodes: what a resume skips. */
  scoredKeys(runId: string): Set<string> {
    const rows = this.database
      .prepare("SELECT benchmark, case_id, trial FROM episodes WHERE run_id = ? AND status = 'scored'")
      .all(runId) as { benchmark: string; case_id: string; trial: number }[];
    return new Set(rows.map((row) => episodeKey(row.benchmark, row.case_id, Number(row.trial))));
  }

  /**
   * Writes one episode atomically; a second write of the same (run, benchmark, case, trial) replaces the
   * first — except that a `failed` row never replaces a `scored` one (a late failure from another
   * process). Every write is also kept as an attempt with its cost, so money spent on an attempt that
   * was later replaced is still counted.
   */
  saveEpisode(episode: EpisodeRow): void {
    inStore(this.path, () => {
      this.database.exec('BEGIN IMMEDIATE');
      try {
        this.insertAttempt(episode);
        this.upsertEpisode(episode);
        this.database.exec('COMMIT');
      } catch (error) {
        this.database.exec('ROLLBACK');
        throw error;
      }
    });
  }

  private insertAttempt(episode: EpisodeRow): void {
    this.database
      .prepare(
        `INSERT INTO attempts (run_id, benchmark, case_id, trial, status, cost, input_tokens, output_tokens,
           requests, error, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
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
        new Date().toISOString(),
      );
  }

  private upsertEpisode(episode: EpisodeRow): void {
    this.database
      .prepare(
        `INSERT INTO episodes (run_id, benchmark, case_id, trial, status, score, metrics, error,
           input_tokens, output_tokens, requests, cost, duration_ms, labels, model_calls, record)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (run_id, benchmark, case_id, trial) DO UPDATE SET
           status = excluded.status, score = excluded.score, metrics = excluded.metrics, error = excluded.error,
           input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens,
           requests = excluded.requests, cost = excluded.cost, duration_ms = excluded.duration_ms,
           labels = excluded.labels, model_calls = excluded.model_calls, record = excluded.record
         WHERE episodes.status = 'failed' OR excluded.status = 'scored'`,
      )
      .run(
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
      );
  }

  /** The episodes of a run one by one, in the order of {@link episodes}, without holding them all (for export). */
  *iterateEpisodes(runId: string): Generator<EpisodeRow> {
    const statement = this.database.prepare(
      'SELECT * FROM episodes WHERE run_id = ? ORDER BY benchmark, case_id, trial',
    );
    for (const row of statement.iterate(runId)) yield decodeEpisodeRow(row as unknown as EpisodeColumns, this.path);
  }

  /** A run's episodes (of one benchmark, or all), ordered by benchmark, case and trial. */
  episodes(runId: string, options: { withRecords?: boolean; benchmark?: string } = {}): EpisodeRow[] {
    const columns = `run_id, benchmark, case_id, trial, status, score, metrics, error, input_tokens,
      output_tokens, requests, cost, duration_ms, labels, model_calls,
      ${options.withRecords === false ? "'' AS record" : 'record'}`;
    const filter = options.benchmark === undefined ? '' : ' AND benchmark = ?';
    const parameters = options.benchmark === undefined ? [runId] : [runId, options.benchmark];
    const rows = this.database
      .prepare(`SELECT ${columns} FROM episodes WHERE run_id = ?${filter} ORDER BY benchmark, case_id, trial`)
      .all(...parameters) as unknown as EpisodeColumns[];
    return rows.map((row) => decodeEpisodeRow(row, this.path));
  }

  /** One episode; `benchmark` may be left out when the run has only one episode with that case id and trial. */
  episode(runId: string, caseId: string, trial = 0, benchmark?: string): EpisodeRow | undefined {
    const rows = this.database
      .prepare(
        `SELECT * FROM episodes WHERE run_id = ? AND case_id = ? AND trial = ?${benchmark === undefined ? '' : ' AND benchmark = ?'}`,
      )
      .all(
        ...(benchmark === undefined ? [runId, caseId, trial] : [runId, caseId, trial, benchmark]),
      ) as unknown as EpisodeColumns[];
    if (rows.length > 1) {
      throw new Error(
        `run "${runId}" has case "${caseId}" in several benchmarks (${rows.map((row) => row.benchmark).join(', ')}); name one with --benchmark`,
      );
    }
    const row = rows[0];
    return row && decodeEpisodeRow(row, this.path);
  }

  /**
   * Total cost of a run so far, every attempt included (for `--max-cost` and reports): an episode
   * played twice costs both plays. Episodes stored without attempts (merged in, or from before
   * attempts were kept) count once.
   */
  runCost(runId: string): number {
    const row = this.database
      .prepare(
        `SELECT COALESCE((SELECT SUM(cost) FROM attempts WHERE run_id = ?1), 0)
              + COALESCE((SELECT SUM(e.cost) FROM episodes e WHERE e.run_id = ?1 AND NOT EXISTS (
                  SELECT 1 FROM attempts a WHERE a.run_id = e.run_id AND a.benchmark = e.benchmark
                    AND a.case_id = e.case_id AND a.trial = e.trial)), 0) AS cost`,
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
   * done on several machines). Episodes keep their keys, so merging twice changes nothing. The other
   * store is migrated to this format first (in place) if it is older.
   */
  async merge(otherPath: string, allowChanged: readonly string[] = []): Promise<{ runs: number; episodes: number }> {
    if (!existsSync(otherPath)) throw new Error(`no store at ${otherPath}`);
    (await RunStore.open(otherPath)).close();
    this.database.prepare('ATTACH DATABASE ? AS other').run(otherPath);
    let began = false;
    try {
      // A run with the same id must have been played under the same settings, or its episodes would mix.
      const incoming = this.database
        .prepare('SELECT run_id, created_at, config, manifest FROM other.runs')
        .all() as unknown as RunColumns[];
      for (const row of incoming) {
        const here = this.getRun(row.run_id);
        if (!here || this.episodeCount(row.run_id) === 0) continue;
        const theirs = {
          ...decodeRun(row, this.path),
          config: readConfig(row.config, `${otherPath}: run "${row.run_id}"`),
        };
        requireSameRunSettings(
          'merge',
          row.run_id,
          runIdentity(here.config, identityManifest(here.manifest)),
          runIdentity(theirs.config, identityManifest(theirs.manifest)),
          allowChanged,
        );
      }
      this.database.exec('BEGIN');
      began = true;
      const runs = this.database
        .prepare('INSERT OR IGNORE INTO runs SELECT run_id, created_at, config, manifest FROM other.runs')
        .run();
      const episodes = this.database
        .prepare(
          `INSERT INTO episodes SELECT run_id, benchmark, case_id, trial, status, score, metrics, error, input_tokens,
             output_tokens, requests, cost, duration_ms, labels, model_calls, record FROM other.episodes WHERE true
           ON CONFLICT (run_id, benchmark, case_id, trial) DO UPDATE SET
             status = excluded.status, score = excluded.score, metrics = excluded.metrics, error = excluded.error,
             input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens, requests = excluded.requests,
             cost = excluded.cost, duration_ms = excluded.duration_ms, labels = excluded.labels,
             model_calls = excluded.model_calls, record = excluded.record
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
