import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getBenchmark, loadAllBenchmarks } from '../../benchmarks/registry.js';
import { oracleJobs } from '../../testing/index.js';
import type { EpisodeJob } from '../execution/execute-run.js';
import { executeRun } from '../execution/execute-run.js';
import { loadPriceTable } from '../pricing/price-table.js';
import { serializeRecord } from './record-parts.js';
import { type EpisodeToSave, RunStore } from './run-store.js';
import { openSqlite } from './sqlite.js';

// The benchmarks these tests use synchronously (`getBenchmark`): importing the registry loads none.
await loadAllBenchmarks();

/** Store format 4: records stored with their shared parts apart read back exactly as stored whole. */

const tempPath = async () => join(await mkdtemp(join(tmpdir(), 'record-parts-')), 'runs.db');

const world = { tables: { contacts: [{ id: 'c1', name: 'Zoë' }], messages: [{ id: 'm1', text: '{"$part":"x"}' }] } };

function recordOf(caseId: string, trial: number): object {
  return { caseId, trial, trajectory: { seed: `${caseId}#${trial}`, initialWorld: world, messages: [] }, score: 1 };
}

function episode(caseId: string, trial: number, record: EpisodeToSave['record']): EpisodeToSave {
  return {
    runId: 'r',
    benchmark: 'sandbox',
    caseId,
    trial,
    status: 'scored',
    score: 1,
    metrics: { score: 1 },
    error: null,
    inputTokens: 0,
    outputTokens: 0,
    requests: 0,
    cost: 0,
    durationMs: 1,
    labels: {},
    modelCalls: [],
    record,
  };
}

/** Rows of a table, read with plain SQL. */
async function sql(path: string, query: string): Promise<Record<string, unknown>[]> {
  const database = await openSqlite(path, { readOnly: true });
  try {
    return database.prepare(query).all() as Record<string, unknown>[];
  } finally {
    database.close();
  }
}

const WITH_PARTS = [['trajectory', 'initialWorld']] as const;

/** A store holding three episodes that start in the same world, stored with parts. */
async function storeWithParts(): Promise<string> {
  const path = await tempPath();
  const store = await RunStore.open(path);
  store.ensureRun('r', {}, 'now');
  for (const [caseId, trial] of [
    ['a', 0],
    ['a', 1],
    ['b', 0],
  ] as const) {
    store.saveEpisode(episode(caseId, trial, serializeRecord(recordOf(caseId, trial), WITH_PARTS)));
  }
  store.close();
  return path;
}

describe('records stored with parts', () => {
  it('keeps each part once and reads every record back byte for byte, through every read', async () => {
    const path = await storeWithParts();
    expect(await sql(path, 'SELECT COUNT(*) AS parts FROM record_parts')).toEqual([{ parts: 1 }]);
    const stored = await sql(path, 'SELECT record, parts FROM episode_records');
    for (const row of stored) {
      expect(row.record).toContain('"initialWorld":{"$part":"');
      expect(JSON.parse(String(row.parts))).toHaveLength(1);
    }
    const expected = ['a#0', 'a#1', 'b#0'].map((key) => {
      const [caseId, trial] = key.split('#');
      return JSON.stringify(recordOf(caseId as string, Number(trial)));
    });
    const store = await RunStore.open(path, { readOnly: true });
    expect(store.episodes('r').map((row) => row.record)).toEqual(expected);
    expect([...store.iterateEpisodes('r')].map((row) => row.record)).toEqual(expected);
    expect(store.episode('r', 'a', 1)?.record).toBe(expected[1]);
    expect(store.episodes('r', { withRecords: false }).map((row) => row.record)).toEqual(['', '', '']);
    store.close();
  });

  it('stores whole a record whose text already holds a marker, and reads it unchanged', async () => {
    const path = await tempPath();
    const store = await RunStore.open(path);
    store.ensureRun('r', {}, 'now');
    const tricky = { ...recordOf('t', 0), note: { $part: 'f'.repeat(64) } };
    store.saveEpisode(episode('t', 0, serializeRecord(tricky, WITH_PARTS)));
    store.saveEpisode(episode('u', 0, '{"$part":"not a part"}'));
    expect(store.episodes('r').map((row) => row.record)).toEqual([JSON.stringify(tricky), '{"$part":"not a part"}']);
    store.close();
    expect(await sql(path, 'SELECT parts FROM episode_records')).toEqual([{ parts: null }, { parts: null }]);
    expect(await sql(path, 'SELECT COUNT(*) AS parts FROM record_parts')).toEqual([{ parts: 0 }]);
  });

  it('copies the parts a merged record uses', async () => {
    const other = await storeWithParts();
    const path = await tempPath();
    const store = await RunStore.open(path);
    expect(await store.merge(other)).toEqual({ runs: 1, episodes: 3 });
    expect(store.episode('r', 'b', 0)?.record).toBe(JSON.stringify(recordOf('b', 0)));
    store.close();
    expect(await sql(path, 'SELECT hash, json FROM record_parts')).toEqual(
      await sql(other, 'SELECT hash, json FROM record_parts'),
    );
  });

  it('names the run, case, trial and hash of a part missing from the store', async () => {
    const path = await storeWithParts();
    const [{ hash } = {}] = await sql(path, 'SELECT hash FROM record_parts');
    const database = await openSqlite(path);
    database.exec('DELETE FROM record_parts');
    database.close();
    const store = await RunStore.open(path, { readOnly: true });
    expect(() => store.episodes('r')).toThrow(
      `${path}: run "r", sandbox case "a" trial 0: record part ${String(hash)} is missing from the store's record_parts`,
    );
    expect(() => store.episode('r', 'b', 0)).toThrow(`sandbox case "b" trial 0: record part ${String(hash)}`);
    store.close();
  });
});

/**
 * Plays jobs into a new store and checks that every episode is scored, stored with parts, and read back
 * as the text its record would have had stored whole. Returns the store's path.
 */
async function playAndCheckRecords(jobsFor: (store: RunStore) => readonly EpisodeJob[]): Promise<string> {
  const store = await RunStore.open(await tempPath());
  store.ensureRun('r', {}, 'now');
  const whole: string[] = [];
  const watched = jobsFor(store).map(
    (job): EpisodeJob => ({
      ...job,
      async play(meter, signal) {
        const outcome = await job.play(meter, signal);
        whole.push(JSON.stringify(outcome.record));
        return outcome;
      },
    }),
  );
  await executeRun({ runId: 'r', jobs: watched, store, prices: loadPriceTable() });
  const played = store.episodes('r');
  expect(played.map((row) => row.status)).toEqual(whole.map(() => 'scored'));
  expect(played.map((row) => row.record).sort()).toEqual(whole.sort());
  store.close();
  expect(await sql(store.path, 'SELECT COUNT(*) AS whole FROM episode_records WHERE parts IS NULL')).toEqual([
    { whole: 0 },
  ]);
  return store.path;
}

describe('benchmarks naming their shared parts', () => {
  it("sandbox: a scenario's cases store its starting world once", async () => {
    const sandbox = getBenchmark('sandbox');
    const { cases } = await sandbox.loadCases({ options: {} });
    const scenario = (cases[0] as { scenario: { id: string } }).scenario.id;
    const sameScenario = cases.filter((item) => (item as { scenario: { id: string } }).scenario.id === scenario);
    expect(sameScenario.length).toBeGreaterThan(1);
    const path = await playAndCheckRecords((store) => oracleJobs(sandbox, sameScenario.slice(0, 3), store));
    expect(await sql(path, 'SELECT COUNT(*) AS parts FROM record_parts')).toEqual([{ parts: 1 }]);
  });

  it("ToolTalk: each turn's starting world is a part", async () => {
    const tooltalk = getBenchmark('tooltalk');
    const { cases } = await tooltalk.loadCases({ options: {} });
    const path = await playAndCheckRecords((store) => oracleJobs(tooltalk, cases.slice(0, 2), store));
    const [{ parts } = {}] = await sql(path, 'SELECT COUNT(*) AS parts FROM record_parts');
    expect(Number(parts)).toBeGreaterThan(0);
  });
});
