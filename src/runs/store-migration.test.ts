import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { renderRunReport } from '../cli/render-run-report.js';
import { readRecord } from './episode-record.js';
import { buildRunReport } from './run-report.js';
import { RunStore, STORE_FORMAT_VERSION } from './run-store.js';
import { openSqlite } from './sqlite.js';

const fixture = (name: string) => new URL(`../../test/fixtures/store-v1/${name}`, import.meta.url);

/** A copy of a store written by toolgauge 0.1.0 (format 1): an `unhelpful` and an `oracle` run. */
async function version1Store(): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'store-v1-')), 'toolgauge.db');
  await writeFile(path, gunzipSync(await readFile(fixture('toolgauge-v1.db.gz'))));
  return path;
}

describe('store format 2', () => {
  it('migrates a version-1 store in place and reports exactly what version 1 reported', async () => {
    const path = await version1Store();
    const store = await RunStore.open(path);
    const reports = ['v1-unhelpful', 'v1-oracle'].map((runId) => buildRunReport(store, runId));
    // The text and markdown reports printed by toolgauge 0.1.0 for this store, byte for byte.
    expect(`${renderRunReport(reports)}\n`).toBe(await readFile(fixture('report.txt'), 'utf8'));
    expect(`${renderRunReport(reports, 'markdown')}\n`).toBe(await readFile(fixture('report.md'), 'utf8'));
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
    await expect(RunStore.open(path)).rejects.toThrow(/store format 3 is newer than this toolgauge understands \(2\)/);
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
        "UPDATE episodes SET record = '{\"formatVersion\":1}' WHERE run_id = 'v1-unhelpful' AND case_id LIKE 'know-address-at-coordinates/%'",
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
