import { spawnSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPriceTable } from '../pricing/price-table.js';
import { episodeKey, RunStore } from '../store/run-store.js';
import { ClaimPacing, MAX_CLAIM_BATCH } from './claim-pacing.js';
import { type EpisodeJob, executeRun } from './execute-run.js';

const tempPath = async () => join(await mkdtemp(join(tmpdir(), 'claim-batches-')), 'runs.db');

function job(caseId: string, played: string[], pause = 0): EpisodeJob {
  return {
    benchmark: 'sandbox',
    caseId,
    trial: 0,
    async play() {
      played.push(caseId);
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
      return { status: 'scored', score: 1, metrics: { score: 1 }, error: null, labels: {}, record: null };
    },
  };
}

describe('claims in batches', () => {
  it('claim several episodes in one transaction, skipping stored ones and those another process holds', async () => {
    const path = await tempPath();
    const first = await RunStore.open(path, { batch: { size: 1 } });
    first.ensureRun('r', {}, 'now');
    const second = await RunStore.open(path);
    const mine = first.claims('r', { owner: 'first' });
    const theirs = second.claims('r', { owner: 'second' });
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((caseId) => episodeKey('sandbox', caseId, 0)) as [
      string,
      string,
      string,
      string,
    ];
    expect(theirs.claim(b)).toBe(true);
    const stored = new Set([d]);
    const batch = mine.claimMany([a, b, c, d], (key) => stored.has(key));
    expect(batch).toEqual({ claimed: [a, c], heldElsewhere: [b], done: [d] });
    expect(theirs.claimMany([a, c], () => false).heldElsewhere).toEqual([a, c]);
    // Stored between the first look and the claim: given back at once, counted as done.
    let looks = 0;
    const late = theirs.claimMany([d], () => looks++ > 0);
    expect(late).toEqual({ claimed: [], heldElsewhere: [], done: [d] });
    expect(mine.claim(d)).toBe(true);
    // Closing frees every claim still held, so the other process can take them.
    mine.close();
    // Claimed in one global order (no deadlock between two PostgreSQL transactions), returned in the given one.
    expect(theirs.claimMany([d, c, a, c], () => false).claimed).toEqual([d, c, a]);
    theirs.close();
    first.close();
    second.close();
  });

  it('let two processes play one run with every episode played once, and free claims left unplayed', async () => {
    const path = await tempPath();
    const stores = [await RunStore.open(path), await RunStore.open(path)];
    stores[0]?.ensureRun('r', {}, 'now');
    const played: string[] = [];
    const ids = Array.from({ length: 120 }, (_, index) => `case-${String(index).padStart(3, '0')}`);
    const prices = loadPriceTable();
    const outcomes = await Promise.all(
      stores.map((store, index) =>
        executeRun({
          runId: 'r',
          jobs: ids.map((id) => job(id, played, 1)),
          store,
          prices,
          concurrency: 2,
          share: { index, count: 2 },
        }),
      ),
    );
    expect(played.sort()).toEqual(ids);
    expect(outcomes.reduce((total, outcome) => total + outcome.scored, 0)).toBe(ids.length);
    expect(stores[0]?.episodeCount('r')).toBe(ids.length);

    // A run stopped early leaves no claim behind, though it claimed ahead.
    const stop = new AbortController();
    const more = Array.from({ length: 200 }, (_, index) => `more-${index}`);
    const stopped: string[] = [];
    stores[0]?.ensureRun('r2', {}, 'now');
    const outcome = await executeRun({
      runId: 'r2',
      jobs: more.map((id) => ({
        ...job(id, stopped),
        play: async (meter, signal) => {
          if (stopped.length === 150) stop.abort();
          return job(id, stopped).play(meter, signal);
        },
      })),
      store: stores[0] as RunStore,
      prices,
      signal: stop.signal,
    });
    expect(outcome.interrupted).toBe(true);
    expect(outcome.notRun).toBeGreaterThan(0);
    const others = (stores[1] as RunStore).claims('r2', { owner: 'other' });
    expect(others.heldByOthers().size).toBe(0);
    for (const store of stores) store.close();
  });

  it('pace claims to what the process plays in a short while', () => {
    let now = 0;
    const pacing = new ClaimPacing(() => now);
    expect(pacing.batchSize()).toBe(1);
    pacing.episodeStarted();
    now = 1000;
    pacing.episodeEnded();
    expect(pacing.batchSize()).toBe(1); // a second per episode: one at a time
    for (let ended = 1; ended < 100; ended += 1) pacing.episodeEnded();
    expect(pacing.batchSize()).toBe(20); // 100 per second: 200 ms worth
    for (let ended = 100; ended < 10_000; ended += 1) pacing.episodeEnded();
    expect(pacing.batchSize()).toBe(MAX_CLAIM_BATCH);
  });

  it('claim one episode for each idle slot at least (a run starting at concurrency 256 claims in 4 transactions)', () => {
    let now = 0;
    const pacing = new ClaimPacing(() => now);
    expect(pacing.batchSize(256)).toBe(MAX_CLAIM_BATCH);
    expect(pacing.batchSize(5)).toBe(5);
    expect(pacing.batchSize(0)).toBe(1);
    pacing.episodeStarted();
    now = 1000;
    pacing.episodeEnded();
    expect(pacing.batchSize(3)).toBe(3); // slow episodes: still one for each idle slot
    expect(pacing.batchSize(1)).toBe(1);
  });
});

describe('claims of dead processes on this machine', () => {
  it('are freed at once; a live process, another machine and malformed owners keep theirs', async () => {
    const path = await tempPath();
    const store = await RunStore.open(path, { batch: { size: 1 } });
    store.ensureRun('r', {}, 'now');
    // A process that has exited: its id is free (the one-in-millions chance of reuse only makes the test pass vacuously).
    const dead = spawnSync(process.execPath, ['-e', '']).pid as number;
    const owners = {
      dead: `${hostname()}:${dead}:aaaa1111`,
      alive: `${hostname()}:${process.pid}:bbbb2222`,
      remote: `another-machine:${dead}:cccc3333`,
      malformed: 'hand-written-owner',
    };
    const keys = Object.keys(owners).map((caseId) => episodeKey('sandbox', caseId, 0));
    Object.values(owners).forEach((owner, index) => {
      expect(store.claims('r', { owner }).claim(keys[index] as string)).toBe(true);
    });
    const resumed = store.claims('r');
    expect(resumed.releaseClaimsOfDeadLocalProcesses()).toBe(1);
    expect(resumed.claim(keys[0] as string)).toBe(true);
    for (const held of keys.slice(1)) expect(resumed.claim(held)).toBe(false);
    // The rule is by process id: told that every id runs, nothing is freed.
    store.claims('r', { owner: owners.dead }).claim(episodeKey('sandbox', 'again', 0));
    expect(resumed.releaseClaimsOfDeadLocalProcesses(() => true)).toBe(0);
    store.close();
  });

  it('let a run play at once the episodes a killed process held, instead of waiting for the claims to expire', async () => {
    const path = await tempPath();
    const store = await RunStore.open(path, { batch: { size: 1 } });
    store.ensureRun('r', {}, 'now');
    const dead = spawnSync(process.execPath, ['-e', '']).pid as number;
    const killed = store.claims('r', { owner: `${hostname()}:${dead}:dddd4444` });
    for (const caseId of ['a', 'b']) killed.claim(episodeKey('sandbox', caseId, 0));
    const played: string[] = [];
    const started = performance.now();
    const outcome = await executeRun({
      runId: 'r',
      jobs: ['a', 'b', 'c'].map((caseId) => job(caseId, played)),
      store,
      prices: loadPriceTable(),
      claimTtlMs: 600_000,
    });
    expect(outcome.scored).toBe(3);
    expect(played.sort()).toEqual(['a', 'b', 'c']);
    // Far below the ten-minute time-to-live the claims had left.
    expect(performance.now() - started).toBeLessThan(60_000);
    store.close();
  });
});
