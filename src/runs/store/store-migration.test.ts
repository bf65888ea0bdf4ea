import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { getBenchmark, loadAllBenchmarks } from '../../benchmarks/registry.js';
import { renderRunReport } from '../../cli/render-run-report.js';
import { oracleJobs } from '../../testing/index.js';
import { executeRun } from '../execution/execute-run.js';
import { buildRunReport } from '../outputs/run-report.js';
import { loadPriceTable } from '../pricing/price-table.js';
import { readRecord } from './episode-record.js';
import { RunStore, STORE_FORMAT_VERSION } from './run-store.js';

/**
 * A report without the provenance lines printed above each benchmark's tables (added after these stores'
 * reports were recorded): the tables themselves must be what the old version printed. The recorded
 * reports were updated once since, for presentation only (issue 29): the sandbox's column headings read
 * "Single tool call" instead of `single_tool_call`, and its Table 11 gained the augmentation columns and
 * a note; every number the old versions printed is unchanged.
 */
function withoutProvenance(text: string): string {
  return text.replace(
    /^(?:\S+: (?:scoring profile|mode|counting|protocol|cases) .*\n(?: {2}(?:not )?comparable with .*\n)?)+(?:Note: These runs .*\n)?\n/gm,
    '',
  );
}

import { openSqlite } from './sqlite.js';

// The benchmarks these tests use synchronously (`getBenchmark`): importing the registry loads none.
await loadAllBenchmarks();

const fixture = (name: string) => new URL(`../../../test/fixtures/store-v1/${name}`, import.meta.url);

/** A fresh copy of the committed store `test/fixtures/store-v<format>/toolgauge-v<format>.db.gz`. */
async function fixtureStore(format: number): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), `store-v${format}-`)), 'toolgauge.db');
  const gzipped = new URL(`../../../test/fixtures/store-v${format}/toolgauge-v${format}.db.gz`, import.meta.url);
  await writeFile(path, gunzipSync(await readFile(gzipped)));
  return path;
}

/** A copy of a store written by toolgauge 0.1.0 (format 1): an `unhelpful` and an `oracle` run. */
const version1Store = () => fixtureStore(1);

describe('store format 1', () => {
  it('migrates a version-1 store in place and reports exactly what version 1 reported', async () => {
    const path = await version1Store();
    const store = await RunStore.open(path);
    const reports = ['v1-unhelpful', 'v1-oracle'].map((runId) => buildRunReport(store, runId));
    // The text and markdown reports printed by toolgauge 0.1.0 for this store, byte for byte.
    expect(withoutProvenance(`${renderRunReport(reports)}\n`)).toBe(await readFile(fixture('report.txt'), 'utf8'));
    expect(withoutProvenance(`${renderRunReport(reports, 'markdown')}\n`)).toBe(
      await readFile(fixture('report.md'), 'utf8'),
    );
    const [episode] = store.episodes('v1-oracle');
    expect(episode?.metrics).toEqual({ score: 1, milestoneScore: 1, minefieldScore: 0, turnCount: 10 });
    expect(readRecord(episode as NonNullable<typeof episode>)).toMatchObject({
      score: 1,
      trajectory: { formatVersion: 1 },
    });
    store.close();
    // Reopening a migrated store changes nothing.
    const again = await RunStore.open(path);
    expect(again.episodes('v1-unhelpful', { withRecords: false })).toHaveLength(120);
    again.close();
  });

  it('refuses a store of a newer format', async () => {
    const path = await version1Store();
    const database = await openSqlite(path);
    database.prepare("UPDATE meta SET value = ? WHERE key = 'formatVersion'").run(String(STORE_FORMAT_VERSION + 1));
    database.close();
    await expect(RunStore.open(path)).rejects.toThrow(
      `store format ${STORE_FORMAT_VERSION + 1} is newer than this toolgauge understands (${STORE_FORMAT_VERSION})`,
    );
  });

  it('names the run and case of a malformed stored row', async () => {
    const path = await version1Store();
    (await RunStore.open(path)).close();
    const database = await openSqlite(path);
    database
      .prepare('UPDATE episodes SET metrics = \'{"score":"high"}\' WHERE run_id = \'v1-oracle\' AND trial = 1')
      .run();
    database
      .prepare(
        "UPDATE episode_records SET record = '{\"formatVersion\":1}' WHERE run_id = 'v1-unhelpful' AND case_id LIKE 'know-address-at-coordinates/%'",
      )
      .run();
    database.close();
    const store = await RunStore.open(path);
    expect(() => store.episodes('v1-oracle')).toThrow(
      /run "v1-oracle", sandbox case "phone-send-message-cellular-off\/distraction-0" trial 1: metrics\.score/,
    );
    const broken = store.episode('v1-unhelpful', 'know-address-at-coordinates/distraction-0');
    expect(() => readRecord(broken as NonNullable<typeof broken>)).toThrow(
      /run "v1-unhelpful", sandbox case "know-address-at-coordinates\/distraction-0" trial 0: record\.caseId/,
    );
    store.close();
  });
});

const fixtureV2 = (name: string) => new URL(`../../../test/fixtures/store-v2/${name}`, import.meta.url);

/**
 * A copy of a store written by toolgauge before format 3 (format 2, records inline in `episodes`): a
 * sandbox oracle run with two trials, a sandbox run with failed episodes and a ToolTalk run.
 */
const version2Store = () => fixtureStore(2);

/** Everything a store holds, read with plain SQL: episodes (each with its record, wherever it lives), attempts, runs. */
async function storedContent(path: string): Promise<{ episodes: SqlRow[]; attempts: unknown[]; runs: unknown[] }> {
  const database = await openSqlite(path, { readOnly: true });
  try {
    const version = Number(
      (database.prepare("SELECT value FROM meta WHERE key = 'formatVersion'").get() as SqlRow).value,
    );
    const episodes =
      version === 2
        ? 'SELECT * FROM episodes'
        : `SELECT e.*, r.record FROM episodes e JOIN episode_records r ON r.run_id = e.run_id
             AND r.benchmark = e.benchmark AND r.case_id = e.case_id AND r.trial = e.trial`;
    return {
      episodes: database.prepare(`${episodes} ORDER BY 1, 2, 3, 4`).all() as SqlRow[],
      attempts: database.prepare('SELECT * FROM attempts ORDER BY run_id, ended_at, case_id').all(),
      runs: database.prepare('SELECT * FROM runs ORDER BY run_id').all(),
    };
  } finally {
    database.close();
  }
}

type SqlRow = Record<string, unknown>;

/** Checks that a migrated store has the current format's tables and columns, and says so in `meta`. */
async function expectCurrentLayout(path: string): Promise<void> {
  const database = await openSqlite(path, { readOnly: true });
  try {
    const columns = (table: string) =>
      database
        .prepare('SELECT name FROM pragma_table_info(?)')
        .all(table)
        .map((row) => row.name);
    expect(columns('episodes')).not.toContain('record');
    expect(columns('episode_records')).toEqual(['run_id', 'benchmark', 'case_id', 'trial', 'record', 'parts']);
    expect(columns('record_parts')).toEqual(['hash', 'json']);
    expect(database.prepare("SELECT value FROM meta WHERE key = 'formatVersion'").get()).toEqual({
      value: String(STORE_FORMAT_VERSION),
    });
  } finally {
    database.close();
  }
}

describe('store format 2', () => {
  it('migrates a format-2 store in place, keeping every episode, record, score and attempt', async () => {
    const path = await version2Store();
    const before = await storedContent(path);
    expect(before.episodes).toHaveLength(17);
    expect(before.episodes.filter((row) => row.status === 'failed')).toHaveLength(3);
    const store = await RunStore.open(path);
    const reports = ['v2-oracle', 'v2-mixed', 'v2-tooltalk'].map((runId) => buildRunReport(store, runId));
    // The report printed by the format-2 toolgauge for this store, byte for byte.
    expect(withoutProvenance(`${renderRunReport(reports)}\n`)).toBe(await readFile(fixtureV2('report.txt'), 'utf8'));
    const [episode] = store.episodes('v2-tooltalk');
    expect(readRecord(episode as NonNullable<typeof episode>)).toMatchObject({ caseId: episode?.caseId });
    store.close();
    expect(await storedContent(path)).toEqual(before);

    await expectCurrentLayout(path);
    // Reopening a migrated store changes nothing.
    (await RunStore.open(path)).close();
    expect(await storedContent(path)).toEqual(before);
  });

  it('is migrated when merged into a newer store, and its episodes come with their records', async () => {
    const other = await version2Store();
    const before = await storedContent(other);
    const store = await RunStore.open(join(await mkdtemp(join(tmpdir(), 'store-v3-')), 'toolgauge.db'));
    expect(await store.merge(other)).toEqual({ runs: 3, episodes: 17 });
    store.close();
    expect((await storedContent(store.path)).episodes).toEqual(before.episodes);
  });

  it('is migrated by a reading command too, when its file can be written', async () => {
    const path = await version2Store();
    const before = await storedContent(path);
    const store = await RunStore.open(path, { readOnly: true });
    expect(store.episodes('v2-mixed').map((row) => [row.status, row.record])).toEqual(
      before.episodes.filter((row) => row.run_id === 'v2-mixed').map((row) => [row.status, row.record]),
    );
    store.close();
    expect(await storedContent(path)).toEqual(before);
  });

  it('says so on the command line before migrating, once, and the migration hook names the formats', async () => {
    const path = await version2Store();
    const bin = new URL('../../../bin/toolgauge.js', import.meta.url).pathname;
    const listRuns = () => spawnSync(process.execPath, [bin, 'list', 'runs', '--db', path], { encoding: 'utf8' });
    const first = listRuns();
    expect(first.status).toBe(0);
    expect(first.stderr).toContain(
      `toolgauge: ${path}: moving the store from format 2 to ${STORE_FORMAT_VERSION}, once`,
    );
    expect(first.stdout).toContain('v2-mixed');
    const second = listRuns();
    expect([second.status, second.stderr]).toEqual([0, '']);
    expect(second.stdout).toBe(first.stdout);
    // In the library, the notice goes to the hook (and nothing is printed).
    const other = await version2Store();
    const notices: unknown[] = [];
    (await RunStore.open(other, { onMigration: (notice) => notices.push(notice) })).close();
    (await RunStore.open(other, { onMigration: (notice) => notices.push(notice) })).close();
    expect(notices).toEqual([{ store: other, from: 2, to: STORE_FORMAT_VERSION }]);
  });
});

const fixtureV3 = (name: string) => new URL(`../../../test/fixtures/store-v3/${name}`, import.meta.url);

/** A copy of a store written by toolgauge before format 4 (format 3: every record whole, no `record_parts`). */
const version3Store = () => fixtureStore(3);

describe('store format 3', () => {
  it('migrates in place by adding only record_parts and the parts column: every record stays whole', async () => {
    const path = await version3Store();
    const before = await storedContent(path);
    expect(before.episodes).toHaveLength(17);
    const notices: unknown[] = [];
    const store = await RunStore.open(path, { readOnly: true, onMigration: (notice) => notices.push(notice) });
    expect(notices).toEqual([{ store: path, from: 3, to: STORE_FORMAT_VERSION }]);
    const reports = ['v3-oracle', 'v3-mixed', 'v3-tooltalk'].map((runId) => buildRunReport(store, runId));
    // The report printed by the format-3 toolgauge for this store, byte for byte.
    expect(withoutProvenance(`${renderRunReport(reports)}\n`)).toBe(await readFile(fixtureV3('report.txt'), 'utf8'));
    expect(store.episodes('v3-oracle').map((row) => row.record)).toEqual(
      before.episodes.filter((row) => row.run_id === 'v3-oracle').map((row) => row.record),
    );
    store.close();
    expect(await storedContent(path)).toEqual(before);

    await expectCurrentLayout(path);
    const database = await openSqlite(path, { readOnly: true });
    expect(database.prepare('SELECT COUNT(*) AS whole FROM episode_records WHERE parts IS NULL').get()).toEqual({
      whole: 17,
    });
    database.close();
  });

  it('takes new episodes stored with parts beside its whole records', async () => {
    const path = await version3Store();
    const before = await storedContent(path);
    const store = await RunStore.open(path);
    const sandbox = getBenchmark('sandbox');
    const { cases } = await sandbox.loadCases({ options: {} });
    store.ensureRun('v4-oracle', { agent: 'oracle' }, '2026-01-01T00:00:00Z');
    await executeRun({
      runId: 'v4-oracle',
      jobs: oracleJobs(sandbox, cases.slice(0, 2), store),
      store,
      prices: loadPriceTable(),
    });
    const played = store.episodes('v4-oracle');
    expect(played.map((row) => readRecord(row))).toMatchObject([{ caseId: cases[0]?.id }, { caseId: cases[1]?.id }]);
    store.close();
    const after = await storedContent(path);
    expect(after.episodes.filter((row) => row.run_id !== 'v4-oracle')).toEqual(before.episodes);
    expect(after.episodes.filter((row) => row.run_id === 'v4-oracle').map((row) => row.record)).not.toEqual(
      played.map((row) => row.record),
    );
  });
});
