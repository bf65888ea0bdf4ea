import { execFileSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describePostgresUrl, numberPlaceholders } from './postgres-store.js';
import { type EpisodeRow, episodeKey, isPostgresUrl, plannedEpisodes, RunStore } from './run-store.js';

const tempPath = async () => join(await mkdtemp(join(tmpdir(), 'batch-')), 'runs.db');

function row(caseId: string, status: 'scored' | 'failed' = 'scored'): EpisodeRow {
  return {
    runId: 'r',
    benchmark: 'sandbox',
    caseId,
    trial: 0,
    status,
    score: status === 'scored' ? 1 : null,
    metrics: status === 'scored' ? { score: 1 } : {},
    error: status === 'failed' ? 'down' : null,
    inputTokens: 1,
    outputTokens: 1,
    requests: 1,
    cost: 0.25,
    durationMs: 1,
    labels: {},
    modelCalls: [],
    record: '{}',
  };
}

describe('batched episode writes', () => {
  it('shows queued episodes to their own store at once, and to other connections once written', async () => {
    const path = await tempPath();
    const writer = await RunStore.open(path, { batch: { size: 3, delayMs: 60_000 } });
    writer.ensureRun('r', {}, 'now');
    const reader = await RunStore.open(path, { readOnly: true });
    writer.saveEpisode(row('a'));
    writer.saveEpisode(row('b', 'failed'));
    expect(writer.isScored('r', 'sandbox', 'a', 0)).toBe(true);
    expect(writer.isScored('r', 'sandbox', 'b', 0)).toBe(false);
    expect(reader.episodeCount('r')).toBe(0); // not written yet: the batch is not full
    expect(writer.episodes('r').map((episode) => episode.caseId)).toEqual(['a', 'b']); // a read writes first
    expect(reader.episodeCount('r')).toBe(2);
    writer.saveEpisode(row('c'));
    writer.saveEpisode(row('d'));
    expect(reader.episodeCount('r')).toBe(2);
    writer.saveEpisode(row('e')); // the third of this batch: written at once
    expect(reader.episodeCount('r')).toBe(5);
    expect(reader.runCost('r')).toBe(1.25);
    writer.saveEpisode(row('b'));
    writer.close(); // closing writes the rest
    expect([...reader.scoredKeys('r')].sort()).toEqual(
      ['a', 'b', 'c', 'd', 'e'].map((caseId) => episodeKey('sandbox', caseId, 0)),
    );
    reader.close();
  });

  it('releases an episode claim only in the transaction that stores its row', async () => {
    const path = await tempPath();
    const first = await RunStore.open(path, { batch: { size: 10, delayMs: 60_000 } });
    first.ensureRun('r', {}, 'now');
    const second = await RunStore.open(path);
    const mine = first.claims('r', { owner: 'first' });
    const theirs = second.claims('r', { owner: 'second' });
    const key = episodeKey('sandbox', 'a', 0);
    expect(mine.claim(key)).toBe(true);
    first.saveEpisode(row('a'), { claims: mine, key });
    expect(theirs.claim(key)).toBe(false); // the row is queued, so the claim still holds
    first.flush();
    expect(second.isScored('r', 'sandbox', 'a', 0)).toBe(true);
    expect(theirs.claim(key)).toBe(true);
    first.close();
    second.close();
  });

  it('writes queued episodes when the process exits without closing the store', async () => {
    const path = await tempPath();
    // The built store (as the command-line tests use): a plain Node process that exits mid-batch.
    const module = new URL('../../../dist/runs/store/run-store.js', import.meta.url).pathname;
    const script = `
      const { RunStore } = await import(${JSON.stringify(module)});
      const store = await RunStore.open(${JSON.stringify(path)}, { batch: { size: 100, delayMs: 60_000 } });
      store.ensureRun('r', {}, 'now');
      for (const caseId of ['a', 'b', 'c']) store.saveEpisode({ ...${JSON.stringify(row('x'))}, caseId });
      store.cachePut('key', '{"text":"cached"}', 'now');
      process.exit(0);
    `;
    execFileSync(process.execPath, ['--no-warnings', '--input-type=module', '-e', script]);
    const store = await RunStore.open(path, { readOnly: true });
    expect(store.episodes('r').map((episode) => episode.caseId)).toEqual(['a', 'b', 'c']);
    expect(store.cacheGet('key')).toBe('{"text":"cached"}');
    store.close();
  });

  it('batches response-cache entries: its own store answers at once, others once written, the first kept', async () => {
    const path = await tempPath();
    const writer = await RunStore.open(path, { batch: { size: 3, delayMs: 60_000 } });
    writer.ensureRun('r', {}, 'now');
    const reader = await RunStore.open(path, { readOnly: true });
    writer.cachePut('one', '"first"', 'now');
    writer.cachePut('one', '"second"', 'now'); // the same request answered again: the first answer stays
    writer.cachePut('two', '"2"', 'now');
    expect(writer.cacheGet('one')).toBe('"first"');
    expect(reader.cacheGet('one')).toBeUndefined(); // queued, not written
    writer.cachePut('three', '"3"', 'now'); // the third entry: the batch is full and written
    expect(['one', 'two', 'three'].map((key) => reader.cacheGet(key))).toEqual(['"first"', '"2"', '"3"']);
    // Entries and episodes share batches: a full batch of either writes both.
    writer.cachePut('four', '"4"', 'now');
    writer.saveEpisode(row('a'));
    writer.saveEpisode(row('b'));
    expect(reader.cacheGet('four')).toBeUndefined();
    writer.saveEpisode(row('c'));
    expect([reader.cacheGet('four'), reader.episodeCount('r')]).toEqual(['"4"', 3]);
    writer.cachePut('one', '"third"', 'now');
    writer.close();
    expect(reader.cacheGet('one')).toBe('"first"');
    reader.close();
  });

  it('answers several cache keys in one query: queued entries, written ones, more keys than one query takes', async () => {
    const path = await tempPath();
    const writer = await RunStore.open(path, { batch: { size: 10_000, delayMs: 60_000 } });
    writer.ensureRun('r', {}, 'now');
    const keys = Array.from({ length: 1_203 }, (_, index) => `key-${index}`);
    for (const key of keys.slice(0, 1_200)) writer.cachePut(key, `"${key}"`, 'now');
    writer.flush();
    writer.cachePut('queued', '"not written yet"', 'now');
    const asked = [...keys, 'queued', 'key-7', 'absent'];
    const found = writer.cacheGetMany(asked);
    expect(found.size).toBe(1_201);
    expect(found.get('key-1199')).toBe('"key-1199"');
    expect(found.get('queued')).toBe('"not written yet"');
    expect(found.has('key-1200') || found.has('absent')).toBe(false);
    expect(asked.map((key) => found.get(key))).toEqual(asked.map((key) => writer.cacheGet(key)));
    writer.close();
  });

  it('lists a run with its planned episodes and the episodes being played now', async () => {
    const store = await RunStore.open(await tempPath());
    const manifest = { benchmarks: { sandbox: { caseSetHash: 'h', caseCount: 5, source: 'built-in' } } };
    store.ensureRun('r', { trials: 3 }, 'now', manifest);
    store.saveEpisode(row('a'));
    const claims = store.claims('r', { owner: 'me' });
    claims.claim(episodeKey('sandbox', 'b', 0));
    claims.claim(episodeKey('sandbox', 'c', 0));
    expect(store.listRuns()[0]).toMatchObject({ planned: 15, episodes: 1, scored: 1, playing: 2, processes: 1 });
    claims.close();
    expect(store.listRuns()[0]).toMatchObject({ playing: 0, processes: 0 });
    expect(plannedEpisodes({ runId: 'x', createdAt: 'now', config: {}, manifest: {} })).toBeUndefined();
    store.close();
  });

  it('names a PostgreSQL store without its password', () => {
    expect(isPostgresUrl('postgres://u@h/db')).toBe(true);
    expect(isPostgresUrl('postgresql://u@h/db')).toBe(true);
    expect(isPostgresUrl('./postgres.db')).toBe(false);
    expect(describePostgresUrl('postgres://user:s3cret@db:5432/runs')).toBe('postgres://user:redacted@db:5432/runs');
  });

  it('numbers placeholders for PostgreSQL outside quoted text', () => {
    expect(numberPlaceholders('SELECT \'?\' AS q, "a?" FROM t WHERE a = ? AND b = ?')).toBe(
      'SELECT \'?\' AS q, "a?" FROM t WHERE a = $1 AND b = $2',
    );
  });
});
