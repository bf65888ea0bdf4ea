import type { SqlDatabase } from './sql-database.js';
import { decodeRun, type RunColumns } from './stored-rows.js';
import { plannedEpisodes, type StoredRun } from './stored-run.js';

/** A run as `list runs` shows it: its settings and how far it has come. */
export interface ListedRun {
  run: StoredRun;
  /** Episodes stored, and of them scored and failed. */
  episodes: number;
  scored: number;
  failed: number;
  benchmarks: string[];
  /** Each benchmark's cases × trials, from the manifest (absent when it does not say). */
  planned?: number;
  /** Episodes being played now (live claims), and by how many processes. */
  playing: number;
  processes: number;
}

/**
 * Every run of a store with its progress, as any process sharing the store sees it: episodes stored
 * (scored, failed), planned, and being played now — with a PostgreSQL store, the whole run across
 * machines. `path` names the store in errors.
 */
export function listStoredRuns(database: SqlDatabase, path: string): ListedRun[] {
  const live = liveClaims(database);
  const benchmarks =
    database.dialect === 'postgres'
      ? "COALESCE(STRING_AGG(DISTINCT e.benchmark, ','), '')"
      : "COALESCE(GROUP_CONCAT(DISTINCT e.benchmark), '')";
  const rows = database.all(
    `SELECT r.run_id, r.created_at, r.config, r.manifest,
            COUNT(e.case_id) AS episodes,
            COALESCE(SUM(CASE WHEN e.status = 'scored' THEN 1 ELSE 0 END), 0) AS scored,
            COALESCE(SUM(CASE WHEN e.status = 'failed' THEN 1 ELSE 0 END), 0) AS failed,
            ${benchmarks} AS benchmarks
     FROM runs r LEFT JOIN episodes e ON e.run_id = r.run_id
     GROUP BY r.run_id, r.created_at, r.config, r.manifest ORDER BY r.created_at, r.run_id`,
  ) as unknown as (RunColumns & { episodes: number; scored: number; failed: number; benchmarks: string })[];
  return rows.map((row) => {
    const run = decodeRun(row, path);
    const planned = plannedEpisodes(run);
    return {
      run,
      episodes: Number(row.episodes),
      scored: Number(row.scored),
      failed: Number(row.failed),
      benchmarks: row.benchmarks ? row.benchmarks.split(',').sort() : [],
      ...(planned === undefined ? {} : { planned }),
      playing: live.get(run.runId)?.playing ?? 0,
      processes: live.get(run.runId)?.processes ?? 0,
    };
  });
}

/** Per run, the episodes being played now (unexpired claims) and by how many processes. */
function liveClaims(database: SqlDatabase): Map<string, { playing: number; processes: number }> {
  try {
    const rows = database.all(
      `SELECT run_id, COUNT(*) AS playing, COUNT(DISTINCT owner) AS processes FROM claims
       WHERE expires_at > ? GROUP BY run_id`,
      [Date.now()],
    );
    return new Map(
      rows.map((row) => [String(row.run_id), { playing: Number(row.playing), processes: Number(row.processes) }]),
    );
  } catch {
    return new Map(); // a read-only store from before claims were kept in it
  }
}
