import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresDatabase } from '../src/runs/store/postgres-store.js';
import { serializeRecord } from '../src/runs/store/record-parts.js';
import { type EpisodeRow, RunStore, STORE_FORMAT_VERSION } from '../src/runs/store/run-store.js';
import { postgresBin, startCluster } from './postgres-cluster.js';

/**
 * Store formats 3 and 4 on PostgreSQL (records in `episode_records`, their shared parts in
 * `record_parts`): a format-2 or format-3 store is migrated in place with every episode, record and
 * attempt kept, the batched upsert keeps each record with its row, and a record stored with parts reads
 * back whole. Starts its own cluster; skipped when Debian's PostgreSQL is absent.
 */

const binDir = postgresBin();

/** The episodes of the committed format-2 SQLite fixture (migrated to the current format on the way). */
async function fixtureEpisodes(): Promise<{ runs: string[]; episodes: EpisodeRow[] }> {
  const path = join(await mkdtemp(join(tmpdir(), 'pg-format-')), 'v2.db');
  const fixture = new URL('./fixtures/store-v2/toolgauge-v2.db.gz', import.meta.url);
  await writeFile(path, gunzipSync(await readFile(fixture)));
  const store = await RunStore.open(path, { readOnly: true });
  const runs = store.listRuns().map((entry) => entry.run.runId);
  const episodes = runs.flatMap((runId) => store.episodes(runId));
  store.close();
  return { runs, episodes };
}

/** A new database in the cluster, and its URL. */
function createDatabase(clusterUrl: string, name: string): string {
  const admin = new PostgresDatabase(clusterUrl);
  admin.exec(`CREATE DATABASE ${name}`);
  admin.close();
  return clusterUrl.replace(/\/postgres$/, `/${name}`);
}

/** Turns a store of whole records back into what format 3 held: no `record_parts`, no `parts` column. */
function downgradeToFormat3(url: string): void {
  const database = new PostgresDatabase(url);
  database.exec(`BEGIN;
    ALTER TABLE episode_records DROP COLUMN parts;
    DROP TABLE record_parts;
    UPDATE meta SET value = '3' WHERE key = 'formatVersion';
    COMMIT;`);
  database.close();
}

/**
 * Turns a store of whole records back into what format 2 held: the record as the last column of
 * `episodes` (NOT NULL), no `episode_records` and no `record_parts`, format version 2.
 */
function downgradeToFormat2(url: string): void {
  downgradeToFormat3(url);
  const database = new PostgresDatabase(url);
  database.exec(`BEGIN;
    ALTER TABLE episodes ADD COLUMN record TEXT;
    UPDATE episodes e SET record = r.record FROM episode_records r
      WHERE r.run_id = e.run_id AND r.benchmark = e.benchmark AND r.case_id = e.case_id AND r.trial = e.trial;
    ALTER TABLE episodes ALTER COLUMN record SET NOT NULL;
    DROP TABLE episode_records;
    UPDATE meta SET value = '2' WHERE key = 'formatVersion';
    COMMIT;`);
  database.close();
}

describe.skipIf(!binDir)('the store on PostgreSQL: formats 3 and 4, writes, the cache', { timeout: 120_000 }, () => {
  let cluster: { url: string; stop: () => Promise<void> };
  beforeAll(async () => {
    cluster = await startCluster(binDir as string);
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it('migrates a format-2 store in place, keeping every episode, record and attempt', async () => {
    const { runs, episodes } = await fixtureEpisodes();
    const url = createDatabase(cluster.url, 'migrated');
    const writer = await RunStore.open(url);
    for (const runId of runs) writer.ensureRun(runId, {}, '2026-01-01T00:00:00Z');
    for (const episode of episodes) writer.saveEpisode(episode);
    writer.close();
    downgradeToFormat2(url);

    // A reading command migrates it (as with SQLite, whoever opens it first).
    const store = await RunStore.open(url, { readOnly: true });
    expect(runs.flatMap((runId) => store.episodes(runId))).toEqual(episodes);
    expect(runs.flatMap((runId) => store.attempts(runId))).toHaveLength(episodes.length);
    store.close();
    const database = new PostgresDatabase(url);
    expect(database.get("SELECT value FROM meta WHERE key = 'formatVersion'")).toEqual({
      value: String(STORE_FORMAT_VERSION),
    });
    const columns = database.all(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'episodes' AND table_schema = current_schema()",
    );
    expect(columns.map((row) => row.column_name)).not.toContain('record');
    database.close();
    // Opening it again changes nothing.
    const again = await RunStore.open(url);
    expect(runs.flatMap((runId) => again.episodes(runId))).toEqual(episodes);
    again.close();
  });

  it('migrates a format-3 store by adding record_parts and the parts column; new records store parts', async () => {
    const { runs, episodes } = await fixtureEpisodes();
    const url = createDatabase(cluster.url, 'from3');
    const writer = await RunStore.open(url);
    for (const runId of runs) writer.ensureRun(runId, {}, '2026-01-01T00:00:00Z');
    for (const episode of episodes) writer.saveEpisode(episode);
    writer.close();
    downgradeToFormat3(url);

    const notices: unknown[] = [];
    const store = await RunStore.open(url, { readOnly: true, onMigration: (notice) => notices.push(notice) });
    expect(notices).toEqual([{ store: store.path, from: 3, to: STORE_FORMAT_VERSION }]);
    expect(runs.flatMap((runId) => store.episodes(runId))).toEqual(episodes);
    store.close();
    const database = new PostgresDatabase(url);
    expect(database.get("SELECT value FROM meta WHERE key = 'formatVersion'")).toEqual({ value: '4' });
    expect(database.get('SELECT COUNT(*)::int AS whole FROM episode_records WHERE parts IS NULL')).toEqual({
      whole: episodes.length,
    });
    database.close();

    // Written with parts: each part once, every record read back whole.
    const world = { tables: { contacts: [{ id: 'c1', name: 'Zoë' }] } };
    const again = await RunStore.open(url);
    again.ensureRun('parts', {}, 'now');
    const texts = [0, 1].map((trial) => {
      const record = { trial, trajectory: { initialWorld: world } };
      again.saveEpisode({
        ...(episodes[0] as EpisodeRow),
        runId: 'parts',
        trial,
        record: serializeRecord(record, [['trajectory', 'initialWorld']]),
      });
      return JSON.stringify(record);
    });
    expect(again.episodes('parts').map((row) => row.record)).toEqual(texts);
    again.close();
    const check = new PostgresDatabase(url);
    expect(check.get('SELECT COUNT(*)::int AS parts FROM record_parts')).toEqual({ parts: 1 });
    check.close();
  });

  it('keeps each record with its row: failed replaces failed, scored replaces failed, failed never scored', async () => {
    const url = createDatabase(cluster.url, 'writes');
    const store = await RunStore.open(url);
    store.ensureRun('r', {}, 'now');
    const { episodes } = await fixtureEpisodes();
    const scored = episodes.find((episode) => episode.status === 'scored') as EpisodeRow;
    const row = { ...scored, runId: 'r' };
    const failed = { ...row, status: 'failed' as const, score: null, metrics: {}, error: 'down' };
    const recordNow = () => store.episode('r', row.caseId, row.trial, row.benchmark)?.record;
    store.saveEpisode({ ...failed, record: '{"play":1}' });
    expect(recordNow()).toBe('{"play":1}');
    store.saveEpisode({ ...failed, record: '{"play":2}' });
    expect(recordNow()).toBe('{"play":2}');
    store.saveEpisode(row);
    expect(recordNow()).toBe(scored.record);
    store.saveEpisode({ ...failed, record: '{"play":4}' });
    expect(store.episode('r', row.caseId, row.trial, row.benchmark)).toMatchObject({
      status: 'scored',
      record: scored.record,
    });
    expect(store.episodes('r', { withRecords: false })[0]?.record).toBe('');
    store.close();
  });

  it('answers several response-cache keys in one query (embedding vectors ask for many at once)', async () => {
    const store = await RunStore.open(createDatabase(cluster.url, 'cache'));
    const keys = Array.from({ length: 700 }, (_, index) => `key-${index}`);
    for (const key of keys.slice(0, 650)) store.cachePut(key, `"${key}"`, 'now');
    store.flush();
    const found = store.cacheGetMany([...keys, 'key-3']);
    expect(found.size).toBe(650);
    expect([found.get('key-649'), found.get('key-650')]).toEqual(['"key-649"', undefined]);
    store.close();
  });

  it('runs a transaction again when PostgreSQL makes it the victim of a deadlock', async () => {
    const url = createDatabase(cluster.url, 'deadlock');
    const database = new PostgresDatabase(url);
    database.exec('CREATE TABLE rows (id integer PRIMARY KEY, owner text)');
    database.exec("INSERT INTO rows VALUES (1, 'nobody'), (2, 'nobody')");
    // Another process holds row 2, then waits for row 1; this one holds row 1, then waits for row 2. Its
    // shorter deadlock_timeout makes this side the one PostgreSQL aborts (40P01).
    const other = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import pg from ${JSON.stringify(createRequire(import.meta.url).resolve('pg'))};
         const client = new pg.Client({ connectionString: process.argv[1] });
         await client.connect();
         await client.query("SET deadlock_timeout = '20s'");
         await client.query('BEGIN');
         await client.query("UPDATE rows SET owner = 'other' WHERE id = 2");
         process.stdout.write('holding\\n');
         await new Promise((resolve) => setTimeout(resolve, 300));
         await client.query("UPDATE rows SET owner = 'other' WHERE id = 1");
         await client.query('COMMIT');
         await client.end();`,
        url,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise<number | null>((resolve) => other.on('exit', resolve));
    await new Promise<void>((resolve) => other.stdout?.once('data', () => resolve()));
    database.exec("SET deadlock_timeout = '100ms'");
    let attempts = 0;
    database.transaction(() => {
      attempts += 1;
      database.run("UPDATE rows SET owner = 'this' WHERE id = 1");
      // Wait (blocking, as the store does) until the other process waits for row 1, then take row 2.
      if (attempts === 1) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 800);
      database.run("UPDATE rows SET owner = 'this' WHERE id = 2");
    });
    expect(await exited).toBe(0);
    expect(attempts).toBe(2);
    expect(database.retries).toBe(1);
    // The other transaction committed first (when this one was rolled back), then this one again.
    expect(database.all('SELECT id, owner FROM rows ORDER BY id')).toEqual([
      { id: 1, owner: 'this' },
      { id: 2, owner: 'this' },
    ]);
    database.close();
  });
});
