import { requireSameRunSettings, runIdentity } from './run-settings-compare.js';
import type { SqliteDatabase } from './sql-database.js';
import { readConfig } from './stored-json.js';
import { decodeRun, type RunColumns } from './stored-rows.js';
import { identityManifest, type StoredRun } from './stored-run.js';

/**
 * Copies every run, episode (with the record parts its record names) and cache entry of another SQLite
 * store file into `database` (for shards of one run done on several machines). Episodes keep their keys, so merging twice changes nothing; a run
 * that exists on both sides must have been played under the same settings. The other store must exist
 * and be in this format already (`RunStore.merge` migrates it first).
 */
export function mergeSqliteStore(
  database: SqliteDatabase,
  path: string,
  otherPath: string,
  allowChanged: readonly string[],
  here: { readonly existing: (runId: string) => StoredRun | undefined },
): { runs: number; episodes: number } {
  database.run('ATTACH DATABASE ? AS other', [otherPath]);
  try {
    // A run with the same id must have been played under the same settings, or its episodes would mix.
    const incoming = database.all(
      'SELECT run_id, created_at, config, manifest FROM other.runs',
    ) as unknown as RunColumns[];
    for (const row of incoming) {
      const existing = here.existing(row.run_id);
      if (!existing) continue;
      const theirs = {
        ...decodeRun(row, path),
        config: readConfig(row.config, `${otherPath}: run "${row.run_id}"`),
      };
      requireSameRunSettings(
        'merge',
        row.run_id,
        runIdentity(existing.config, identityManifest(existing.manifest)),
        runIdentity(theirs.config, identityManifest(theirs.manifest)),
        allowChanged,
      );
    }
    return database.transaction(() => {
      const runs = database.run(
        'INSERT OR IGNORE INTO runs SELECT run_id, created_at, config, manifest FROM other.runs',
      );
      // The records first, while this store's rows still say which episodes the merge replaces (those
      // stored here as failed), so each record stays with the row beside it.
      database.run(
        `INSERT INTO episode_records (run_id, benchmark, case_id, trial, record, parts)
         SELECT run_id, benchmark, case_id, trial, record, parts FROM other.episode_records WHERE true
         ON CONFLICT (run_id, benchmark, case_id, trial) DO UPDATE SET record = excluded.record,
           parts = excluded.parts
         WHERE (SELECT e.status FROM main.episodes e WHERE e.run_id = excluded.run_id
           AND e.benchmark = excluded.benchmark AND e.case_id = excluded.case_id AND e.trial = excluded.trial) = 'failed'`,
      );
      // The parts its records name (a part is its hash's text: one already here is the same).
      database.exec(
        `INSERT INTO record_parts (hash, json) SELECT hash, json FROM other.record_parts
         WHERE hash IN (SELECT j.value FROM other.episode_records r, json_each(r.parts) j WHERE r.parts IS NOT NULL)
         ON CONFLICT (hash) DO NOTHING`,
      );
      const episodes = database.run(
        `INSERT INTO episodes SELECT run_id, benchmark, case_id, trial, status, score, metrics, error, input_tokens,
           output_tokens, requests, cost, duration_ms, labels, model_calls FROM other.episodes WHERE true
         ON CONFLICT (run_id, benchmark, case_id, trial) DO UPDATE SET
           status = excluded.status, score = excluded.score, metrics = excluded.metrics, error = excluded.error,
           input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens, requests = excluded.requests,
           cost = excluded.cost, duration_ms = excluded.duration_ms, labels = excluded.labels,
           model_calls = excluded.model_calls
         WHERE episodes.status = 'failed'`,
      );
      database.exec('INSERT OR IGNORE INTO cache SELECT key, response, created_at FROM other.cache');
      return { runs: runs.changes, episodes: episodes.changes };
    });
  } finally {
    // Statements prepared against the attached database must go before it can be detached.
    database.forget((sql) => sql.includes('other.'));
    database.exec('DETACH DATABASE other');
  }
}
