import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { getBenchmarkAggregator, loadBenchmarkAggregator } from '../benchmarks/registry.js';
import { benchmarkReport, buildRunReport, reportProvenance, storedOptionValues } from './outputs/run-report.js';
import { type EpisodeRow, RunStore } from './store/run-store.js';
import { SqliteDatabase } from './store/sql-database.js';
import { openSqlite } from './store/sqlite.js';
import { readMetrics } from './store/stored-json.js';
import { DecodedTexts } from './store/stored-rows.js';

const RUNS = ['v2-oracle', 'v2-mixed', 'v2-tooltalk'];

/** A copy of the format-2 fixture store (a sandbox run with two trials, one with failures, a ToolTalk run). */
async function fixtureStore(): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'reported-')), 'toolgauge.db');
  const fixture = new URL('../../test/fixtures/store-v2/toolgauge-v2.db.gz', import.meta.url);
  await writeFile(path, gunzipSync(await readFile(fixture)));
  (await RunStore.open(path)).close(); // migrated to format 3 once, as the first command that can write does
  return path;
}

const reportedPart = ({ modelCalls: _calls, durationMs: _duration, record: _record, ...rest }: EpisodeRow) => rest;

describe('reading episodes for a report', () => {
  it('reads the summary columns a report needs, in the order and with the values of the full rows', async () => {
    const store = await RunStore.open(await fixtureStore(), { readOnly: true });
    for (const runId of RUNS) {
      const reported = [...store.iterateReportedEpisodes(runId)];
      expect(reported).toEqual(store.episodes(runId, { withRecords: false }).map(reportedPart));
      expect(reported.filter((row) => row.status === 'failed').length).toBe(runId === 'v2-mixed' ? 3 : 0);
    }
    expect(RUNS.map((runId) => store.runBenchmarks(runId))).toEqual([['sandbox'], ['sandbox'], ['tooltalk']]);
    expect(store.runBenchmarks('no-such-run')).toEqual([]);
    store.close();
  });

  it('decodes each distinct labels and metrics text once, shared and frozen', async () => {
    const store = await RunStore.open(await fixtureStore(), { readOnly: true });
    // v2-oracle: each case played twice, with the same labels and metrics both times.
    const [first, second] = [...store.iterateReportedEpisodes('v2-oracle')];
    expect(first?.caseId).toBe(second?.caseId);
    expect(second?.labels).toBe(first?.labels);
    expect(second?.metrics).toBe(first?.metrics);
    expect(Object.isFrozen(first?.labels)).toBe(true);
    expect(Object.isFrozen(first?.labels.categories)).toBe(true);
    expect(Object.isFrozen(first?.metrics)).toBe(true);
    store.close();
  });

  it('builds in one pass the reports that the benchmarks make of the full rows', async () => {
    const store = await RunStore.open(await fixtureStore(), { readOnly: true });
    for (const runId of RUNS) {
      for (const id of store.runBenchmarks(runId)) await loadBenchmarkAggregator(id);
      const report = buildRunReport(store, runId);
      const run = store.getRun(runId);
      for (const id of store.runBenchmarks(runId)) {
        await loadBenchmarkAggregator(id);
        const benchmark = getBenchmarkAggregator(id);
        const rows = store.episodes(runId, { benchmark: id, withRecords: false });
        const expected = benchmarkReport(benchmark, rows, storedOptionValues(benchmark, run?.config ?? {}));
        // The provenance is the run's (its manifest and settings), not the rows': compared apart.
        const { provenance, ...fromRows } = report.benchmarks[id] ?? ({} as Record<string, unknown>);
        expect(JSON.stringify(fromRows)).toBe(JSON.stringify(expected));
        expect(provenance).toEqual(
          run ? reportProvenance(benchmark, run, storedOptionValues(benchmark, run.config)) : undefined,
        );
      }
    }
    store.close();
  });

  it('names the run and case of a malformed row it reports', async () => {
    const path = await fixtureStore();
    const database = await openSqlite(path);
    database
      .prepare(`UPDATE episodes SET labels = '{"categories":[1]}' WHERE run_id = 'v2-oracle' AND trial = 1`)
      .run();
    database.prepare(`UPDATE episodes SET metrics = '{"score":' WHERE run_id = 'v2-tooltalk'`).run();
    database.close();
    const store = await RunStore.open(path, { readOnly: true });
    expect(() => buildRunReport(store, 'v2-oracle')).toThrow(
      /run "v2-oracle", sandbox case "[^"]+" trial 1: labels\.categories: .*expected string or array of strings/,
    );
    expect(() => buildRunReport(store, 'v2-tooltalk')).toThrow(
      /run "v2-tooltalk", tooltalk case "[^"]+" trial 0: metrics is not JSON/,
    );
    store.close();
  });
});

describe('decoded texts', () => {
  it('decodes a text once while it keeps fewer than its limit, and every text correctly past it', () => {
    let reads = 0;
    const counted = (text: string, where: string | (() => string)) => {
      reads += 1;
      return readMetrics(text, where);
    };
    const texts = new DecodedTexts(counted, 2);
    const a = texts.get('{"score":1}', 'here');
    expect(texts.get('{"score":1}', 'here')).toBe(a);
    expect(texts.get('{"score":0.5}', 'here')).toEqual({ score: 0.5 });
    expect(reads).toBe(2);
    // Full: a new text is decoded each time it comes, never confused with another.
    expect(texts.get('{"score":0}', 'here')).toEqual({ score: 0 });
    expect(texts.get('{"score":0}', 'here')).toEqual({ score: 0 });
    expect(reads).toBe(4);
    expect(texts.get('{"score":1}', 'here')).toBe(a);
    expect(() => texts.get('{"score":"high"}', 'store.db: run "r"')).toThrow('store.db: run "r": metrics.score');
  });
});

describe('rows as values', () => {
  it("gives each row's values in the columns' order, with or without the statement's array mode", () => {
    const database = new DatabaseSync(':memory:');
    database.exec("CREATE TABLE t (b TEXT, a INTEGER); INSERT INTO t VALUES ('x', 1), ('y', 2)");
    const sql = 'SELECT b, a FROM t WHERE a >= ? ORDER BY a';
    expect([...new SqliteDatabase(database, 'memory').iterateValues(sql, [1])]).toEqual([
      ['x', 1],
      ['y', 2],
    ]);
    // Node before 22.16 has no `setReturnArrays`: the values come from the row objects, in the same order.
    const withoutArrays = {
      prepare: (text: string) => {
        const statement = database.prepare(text);
        return { iterate: (...parameters: [number]) => statement.iterate(...parameters) };
      },
    } as unknown as DatabaseSync;
    expect([...new SqliteDatabase(withoutArrays, 'memory').iterateValues(sql, [2])]).toEqual([['y', 2]]);
    database.close();
  });
});
