import type { DatabaseSync } from 'node:sqlite';
import { CLAIMS_SCHEMA } from './episode-claims.js';
import type { SqlDatabase } from './sql-database.js';

/** The store format this toolgauge writes; a database written by a newer toolgauge is refused, an older one migrated. */
export const STORE_FORMAT_VERSION = 4;

/**
 * Format 3: episodes are keyed by (run, benchmark, case, trial) and carry their metrics as JSON beside the
 * headline score; each run has a manifest (toolgauge version, benchmarks with their case-set hashes, price
 * table version) so two runs can be known comparable. An episode's record (kilobytes of JSON) lives in
 * `episode_records` under the same key, so the summary queries (list, report, resume) read small rows,
 * many to a page, and never the records (format 2 kept the record inline in `episodes`).
 *
 * Format 4: the parts of records that repeat across episodes (a sandbox episode's starting world, about
 * half its record) are kept once, in `record_parts` under the SHA-256 of their JSON text; a record stored
 * with parts has a marker in their place and lists their hashes in `episode_records.parts` (null for a
 * record stored whole, as every record written before format 4). See `record-parts.ts`.
 */
/**
 * Each episode's record, under the episode's key. Written in the transaction that writes its episode row
 * (see `EpisodeBatch`); read only by what shows or exports records.
 */
const RECORDS_TABLE = `CREATE TABLE IF NOT EXISTS episode_records (
  run_id TEXT NOT NULL,
  benchmark TEXT NOT NULL,
  case_id TEXT NOT NULL,
  trial INTEGER NOT NULL,
  record TEXT NOT NULL,
  parts TEXT,
  PRIMARY KEY (run_id, benchmark, case_id, trial)
);`;

const POSTGRES_RECORDS_TABLE = `CREATE TABLE IF NOT EXISTS episode_records (
  run_id TEXT COLLATE "C" NOT NULL,
  benchmark TEXT COLLATE "C" NOT NULL,
  case_id TEXT COLLATE "C" NOT NULL,
  trial INTEGER NOT NULL,
  record TEXT NOT NULL,
  parts TEXT,
  PRIMARY KEY (run_id, benchmark, case_id, trial)
);`;

/** Each distinct record part once, under the SHA-256 (hex) of its JSON text; never changed once written. */
const PARTS_TABLE = 'CREATE TABLE IF NOT EXISTS record_parts (hash TEXT PRIMARY KEY, json TEXT NOT NULL);';
const POSTGRES_PARTS_TABLE =
  'CREATE TABLE IF NOT EXISTS record_parts (hash TEXT COLLATE "C" PRIMARY KEY, json TEXT NOT NULL);';

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
  run_id TEXT PRIMARY KEY,
  created_at TEXT NOT NULL,
  config TEXT NOT NULL,
  manifest TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS episodes (
  run_id TEXT NOT NULL REFERENCES runs(run_id),
  benchmark TEXT NOT NULL,
  case_id TEXT NOT NULL,
  trial INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('scored', 'failed')),
  score REAL,
  metrics TEXT NOT NULL DEFAULT '{}',
  error TEXT,
  input_tokens INTEGER NOT NULL DEFAULT 0,
  output_tokens INTEGER NOT NULL DEFAULT 0,
  requests INTEGER NOT NULL DEFAULT 0,
  cost REAL NOT NULL DEFAULT 0,
  duration_ms REAL NOT NULL DEFAULT 0,
  labels TEXT NOT NULL DEFAULT '{}',
  model_calls TEXT NOT NULL DEFAULT '[]',
  PRIMARY KEY (run_id, benchmark, case_id, trial)
);
${RECORDS_TABLE}
${PARTS_TABLE}
CREATE TABLE IF NOT EXISTS cache (
  key TEXT PRIMARY KEY,
  response TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS attempts (
  run_id TEXT NOT NULL,
  benchmark TEXT NOT NULL,
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
CREATE INDEX IF NOT EXISTS attempts_by_episode ON attempts (run_id, benchmark, case_id, trial);
${CLAIMS_SCHEMA}`;

/**
 * Format 4 on PostgreSQL: the same tables and columns; text compares byte by byte (collation "C") so
 * episodes sort exactly as in SQLite, and claim times are 64-bit.
 */
export const POSTGRES_SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT COLLATE "C" PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
  run_id TEXT COLLATE "C" PRIMARY KEY,
  created_at TEXT COLLATE "C" NOT NULL,
  config TEXT NOT NULL,
  manifest TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS episodes (
  run_id TEXT COLLATE "C" NOT NULL REFERENCES runs(run_id),
  benchmark TEXT COLLATE "C" NOT NULL,
  case_id TEXT COLLATE "C" NOT NULL,
  trial INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('scored', 'failed')),
  score DOUBLE PRECISION,
  metrics TEXT NOT NULL DEFAULT '{}',
  error TEXT,
  input_tokens BIGINT NOT NULL DEFAULT 0,
  output_tokens BIGINT NOT NULL DEFAULT 0,
  requests BIGINT NOT NULL DEFAULT 0,
  cost DOUBLE PRECISION NOT NULL DEFAULT 0,
  duration_ms DOUBLE PRECISION NOT NULL DEFAULT 0,
  labels TEXT NOT NULL DEFAULT '{}',
  model_calls TEXT NOT NULL DEFAULT '[]',
  PRIMARY KEY (run_id, benchmark, case_id, trial)
);
${POSTGRES_RECORDS_TABLE}
${POSTGRES_PARTS_TABLE}
CREATE TABLE IF NOT EXISTS cache (
  key TEXT COLLATE "C" PRIMARY KEY,
  response TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS attempts (
  run_id TEXT COLLATE "C" NOT NULL,
  benchmark TEXT COLLATE "C" NOT NULL,
  case_id TEXT COLLATE "C" NOT NULL,
  trial INTEGER NOT NULL,
  status TEXT NOT NULL,
  cost DOUBLE PRECISION NOT NULL DEFAULT 0,
  input_tokens BIGINT NOT NULL DEFAULT 0,
  output_tokens BIGINT NOT NULL DEFAULT 0,
  requests BIGINT NOT NULL DEFAULT 0,
  error TEXT,
  ended_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS attempts_by_episode ON attempts (run_id, benchmark, case_id, trial);
CREATE TABLE IF NOT EXISTS claims (
  run_id TEXT COLLATE "C" NOT NULL,
  episode_key TEXT COLLATE "C" NOT NULL,
  owner TEXT COLLATE "C" NOT NULL,
  expires_at BIGINT NOT NULL,
  PRIMARY KEY (run_id, episode_key)
);
CREATE INDEX IF NOT EXISTS claims_by_owner ON claims (owner);
`;

/** The format a database says it has (0 for a new, empty one). */
export function storedFormatVersion(database: SqlDatabase): number {
  const hasMeta =
    database.dialect === 'postgres'
      ? database.get("SELECT 1 AS found FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'meta'")
      : database.get("SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'meta'");
  if (!hasMeta) return 0;
  const row = database.get("SELECT value FROM meta WHERE key = 'formatVersion'");
  return row ? Number(row.value) : 0;
}

/**
 * Migrates a format-1 database in place, in one transaction, straight to the current format (every
 * record is copied once rather than twice). Format 1 keyed episodes by (run, case, trial) and held only
 * ToolSandbox episodes, with `score` and `turn_count` columns and the per-call model usage inside the
 * record; their metrics are rebuilt from those (score, milestoneScore, minefieldScore and turnCount, as
 * the sandbox benchmark declares them), so a migrated run reports the same numbers.
 */
export function migrateFromVersion1(database: DatabaseSync): void {
  database.exec('BEGIN');
  try {
    database.exec(`
      ALTER TABLE runs ADD COLUMN manifest TEXT NOT NULL DEFAULT '{}';
      ALTER TABLE episodes RENAME TO episodes_v1;
    `);
    database.exec(SCHEMA);
    database.exec(`
      INSERT INTO episodes (run_id, benchmark, case_id, trial, status, score, metrics, error, input_tokens,
        output_tokens, requests, cost, duration_ms, labels, model_calls)
      SELECT run_id, benchmark, case_id, trial, status, score,
        CASE WHEN status = 'scored' AND json_valid(record) THEN json_object(
          'score', score,
          'milestoneScore', json_extract(record, '$.milestoneScore'),
          'minefieldScore', json_extract(record, '$.minefieldScore'),
          'turnCount', turn_count)
        ELSE '{}' END,
        error, input_tokens, output_tokens, requests, cost, duration_ms, labels,
        CASE WHEN json_valid(record) THEN COALESCE(json_extract(record, '$.modelCalls'), '[]') ELSE '[]' END
      FROM episodes_v1;
      INSERT INTO episode_records (run_id, benchmark, case_id, trial, record)
      SELECT run_id, benchmark, case_id, trial, record FROM episodes_v1;
      DROP TABLE episodes_v1;
    `);
    database.prepare("UPDATE meta SET value = ? WHERE key = 'formatVersion'").run(String(STORE_FORMAT_VERSION));
    database.exec('COMMIT');
  } catch (error) {
    database.exec('ROLLBACK');
    throw error;
  }
}

/**
 * Migrates a format-2 database (SQLite or PostgreSQL) in place, in one transaction, straight to the
 * current format: each episode's record moves from its `episodes` row to `episode_records` under the
 * same key (whole: its `parts` column null), and `record_parts` is made. A process that finds the store
 * already migrated when it gets the write lock (another opened it at the same moment) leaves it alone.
 * Returns whether this call migrated it.
 */
export function migrateFromVersion2(database: SqlDatabase): boolean {
  return database.transaction(() => {
    if (storedFormatVersion(database) !== 2) return false;
    const postgres = database.dialect === 'postgres';
    database.exec(postgres ? POSTGRES_RECORDS_TABLE : RECORDS_TABLE);
    database.exec(postgres ? POSTGRES_PARTS_TABLE : PARTS_TABLE);
    database.exec(`
      INSERT INTO episode_records (run_id, benchmark, case_id, trial, record)
      SELECT run_id, benchmark, case_id, trial, record FROM episodes ORDER BY run_id, benchmark, case_id, trial;
      ALTER TABLE episodes DROP COLUMN record;
    `);
    database.run("UPDATE meta SET value = ? WHERE key = 'formatVersion'", [String(STORE_FORMAT_VERSION)]);
    return true;
  });
}

/**
 * Migrates a format-3 database (SQLite or PostgreSQL) in place, in one transaction: `record_parts` and
 * the nullable `episode_records.parts` column are added, and nothing else changes (every stored record
 * stays whole, so no record is rewritten and the file does not grow). Returns whether this call
 * migrated it (another process may have done it first).
 */
export function migrateFromVersion3(database: SqlDatabase): boolean {
  return database.transaction(() => {
    if (storedFormatVersion(database) !== 3) return false;
    const postgres = database.dialect === 'postgres';
    database.exec('ALTER TABLE episode_records ADD COLUMN parts TEXT');
    database.exec(postgres ? POSTGRES_PARTS_TABLE : PARTS_TABLE);
    database.run("UPDATE meta SET value = ? WHERE key = 'formatVersion'", [String(STORE_FORMAT_VERSION)]);
    return true;
  });
}

/**
 * After migrating a SQLite file, gives the pages of the old layout back to the disk: moving the records
 * leaves about their size free inside the file (a 1.27 GB store of 100,000 episodes grows to 2.5 GB),
 * which `VACUUM` removes (about 10 s for that store, once). Best effort: while another process holds the
 * store open it cannot run, and the free pages are then reused by later writes instead.
 */
export function compactAfterMigration(database: SqlDatabase): void {
  if (database.dialect !== 'sqlite') return;
  try {
    database.exec('VACUUM');
  } catch {
    // Another connection is reading or writing: the space stays in the file, for later writes.
  }
}
