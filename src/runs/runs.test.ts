import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { choose, trialStatistics } from '../scoring/index.js';
import type { ModelAdapter, ModelRequest } from '../spec/index.js';
import { InfrastructureError } from '../spec/index.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { type EpisodeJob, type EpisodeOutcome, executeRun, shardJobs } from './execution/execute-run.js';
import { EndpointLimiter, ResilientModelAdapter } from './execution/resilient-model.js';
import { CachingModelAdapter, cacheKey, isCachedResponse } from './execution/response-cache.js';
import type { RunEvent } from './execution/run-events.js';
import { costOf, loadPriceTable } from './pricing/price-table.js';
import { UsageMeter } from './pricing/usage-meter.js';
import { episodeKey, RunStore } from './store/run-store.js';

const tempStore = async () => RunStore.open(join(await mkdtemp(join(tmpdir(), 'store-')), 'runs.db'));
const request: ModelRequest = { messages: [{ role: 'user', text: 'hi' }], tools: [], settings: { temperature: 0 } };
const prices = loadPriceTable();

function job(caseId: string, trial: number, outcome: 'ok' | 'fail' | 'throw', cost = 0): EpisodeJob {
  return {
    benchmark: 'sandbox',
    caseId,
    trial,
    async play(meter): Promise<EpisodeOutcome> {
      meter.cost += cost;
      if (outcome === 'throw') throw new Error(`boom in ${caseId}`);
      return {
        status: outcome === 'ok' ? 'scored' : 'failed',
        score: outcome === 'ok' ? 1 : null,
        metrics: outcome === 'ok' ? { score: 1, turnCount: 3 } : {},
        error: outcome === 'fail' ? 'provider down' : null,
        labels: { categories: ['single_tool_call'], augmentation: 'distraction-0' },
        record: { caseId },
      };
    },
  };
}

describe('run store', () => {
  it('keeps one row per (run, case, trial), replaces on rewrite, and lists scored keys', async () => {
    const store = await tempStore();
    store.ensureRun('r', { agent: 'oracle' }, '2026-01-01T00:00:00Z');
    const row = {
      runId: 'r',
      benchmark: 'sandbox',
      caseId: 'c',
      trial: 0,
      metrics: { turnCount: 2 },
      inputTokens: 1,
      outputTokens: 2,
      requests: 1,
      cost: 0.5,
      durationMs: 3,
      labels: {},
      modelCalls: [],
      record: '{}',
    };
    store.saveEpisode({ ...row, status: 'failed', score: null, error: 'down', record: '{"play":1}' });
    expect(store.scoredKeys('r').size).toBe(0);
    // A failed row replaces a failed one, its record too (records live in a table of their own).
    store.saveEpisode({ ...row, status: 'failed', score: null, error: 'down again', record: '{"play":2}' });
    expect([...store.keysWithStatus('r', 'failed')]).toEqual([episodeKey('sandbox', 'c', 0)]);
    expect(store.episode('r', 'c', 0)).toMatchObject({ error: 'down again', record: '{"play":2}' });
    store.saveEpisode({ ...row, status: 'scored', score: 0.5, error: null, record: '{"play":3}' });
    expect(store.episodes('r')).toHaveLength(1);
    expect(store.episodes('r', { withRecords: false })[0]?.record).toBe('');
    expect([...store.scoredKeys('r')]).toEqual([episodeKey('sandbox', 'c', 0)]);
    expect(store.keysWithStatus('r', 'failed').size).toBe(0);
    // Both attempts were paid for: the failed one's cost is kept.
    expect(store.runCost('r')).toBe(1.5);
    // A failed row never overwrites a scored one (another process may fail the episode late), nor its record.
    store.saveEpisode({ ...row, status: 'failed', score: null, error: 'late failure', record: '{"play":4}' });
    expect(store.episode('r', 'c', 0)).toMatchObject({ status: 'scored', score: 0.5, record: '{"play":3}' });
    expect(store.runCost('r')).toBe(2);
    expect(store.ensureRun('r', { agent: 'other' }, 'later').config).toEqual({ agent: 'oracle' });
    // A run without episodes (its first command failed) does not hold its id.
    store.ensureRun('empty', { agent: 'typo' }, '2026-01-01T00:00:00Z');
    expect(store.ensureRun('empty', { agent: 'oracle' }, 'later').config).toEqual({ agent: 'oracle' });
    store.close();
  });

  it('names the store when its folder cannot be made (a file in the way)', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'store-')), 'not-a-folder');
    await writeFile(file, '');
    const path = join(file, 'runs.db');
    await expect(RunStore.open(path)).rejects.toThrow(`${path}: cannot make the store's folder`);
  });

  it('merges another store, filling failed episodes but never duplicating', async () => {
    const [a, b] = [await tempStore(), await tempStore()];
    for (const store of [a, b]) store.ensureRun('r', {}, 'now');
    const base = {
      runId: 'r',
      benchmark: 'sandbox',
      trial: 0,
      metrics: { turnCount: 1 },
      inputTokens: 0,
      outputTokens: 0,
      requests: 0,
      cost: 0,
      durationMs: 0,
      labels: {},
      modelCalls: [],
      record: '{}',
    };
    a.saveEpisode({ ...base, caseId: 'x', status: 'scored', score: 1, error: null, record: '"a x"' });
    a.saveEpisode({ ...base, caseId: 'y', status: 'failed', score: null, error: 'down', record: '"a y"' });
    b.saveEpisode({ ...base, caseId: 'y', status: 'scored', score: 0.5, error: null, record: '"b y"' });
    b.saveEpisode({ ...base, caseId: 'z', status: 'scored', score: 0, error: null, record: '"b z"' });
    b.saveEpisode({ ...base, caseId: 'x', status: 'scored', score: 0.25, error: null, record: '"b x"' });
    b.cachePut('k', '{}', 'now');
    b.close(); // writes b's queued episodes (finished episodes are written in batches)
    await a.merge(b.path);
    await a.merge(b.path);
    // Each record comes with the row it belongs to: the failed y is filled from b, the scored x kept.
    expect(a.episodes('r').map((episode) => [episode.caseId, episode.score, episode.record])).toEqual([
      ['x', 1, '"a x"'],
      ['y', 0.5, '"b y"'],
      ['z', 0, '"b z"'],
    ]);
    expect(a.cacheGet('k')).toBe('{}');
  });
});

describe('executing a run', () => {
  it('plays every job once, stores it, survives failures, and skips what is already scored', async () => {
    const store = await tempStore();
    store.ensureRun('r', {}, 'now');
    const events: RunEvent[] = [];
    const jobs = [job('a', 0, 'ok'), job('b', 0, 'fail'), job('c', 0, 'throw'), job('d', 0, 'ok')];
    const first = await executeRun({
      runId: 'r',
      jobs,
      store,
      prices,
      concurrency: 2,
      onEvent: (event) => events.push(event),
    });
    expect(first).toMatchObject({ scored: 2, failed: 2, notRun: 0 });
    expect(store.episode('r', 'c')?.error).toBe('boom in c');
    expect(events[0]).toMatchObject({ type: 'run-start', total: 4, alreadyDone: 0 });
    const again = await executeRun({
      runId: 'r',
      jobs: [job('a', 0, 'ok'), job('b', 0, 'ok'), job('c', 0, 'ok'), job('d', 0, 'ok')],
      store,
      prices,
    });
    expect(again).toMatchObject({ scored: 2, failed: 0 });
    expect(store.episodes('r').map((episode) => episode.status)).toEqual(['scored', 'scored', 'scored', 'scored']);
  });

  it('stops starting episodes once the cost limit is reached', async () => {
    const store = await tempStore();
    store.ensureRun('r', {}, 'now');
    const jobs = ['a', 'b', 'c', 'd', 'e'].map((caseId) => job(caseId, 0, 'ok', 0.4));
    const outcome = await executeRun({ runId: 'r', jobs, store, prices, maxCost: 1 });
    expect(outcome).toMatchObject({ scored: 3, notRun: 2 });
    expect(outcome.cost).toBeCloseTo(1.2, 10);
  });

  it("starts a new run's episodes longest first by the benchmark's guess of their requests", async () => {
    const store = await tempStore();
    store.ensureRun('ordered', { agent: 'oracle' }, '2026-11-23T00:00:00.000Z');
    const guessed = (caseId: string, expectedLength: number, trial = 0): EpisodeJob => ({
      ...job(caseId, trial, 'ok'),
      expectedLength,
    });
    const started: string[] = [];
    const onEvent = (event: RunEvent) => {
      if (event.type === 'episode-start') started.push(`${event.caseId}#${event.trial}`);
    };
    await executeRun({
      runId: 'ordered',
      jobs: [guessed('short', 2), guessed('long', 9), guessed('middle', 5)],
      store,
      prices,
      onEvent,
    });
    expect(started).toEqual(['long#0', 'middle#0', 'short#0']);
    store.close();
  });

  it('splits jobs into deterministic shards that keep a case together and cover everything once', () => {
    const jobs = ['c', 'a', 'b', 'e', 'd'].flatMap((caseId) => [job(caseId, 0, 'ok'), job(caseId, 1, 'ok')]);
    const shards = [0, 1, 2].map((index) =>
      shardJobs(jobs, { index, count: 3 }).map((entry) => `${entry.caseId}#${entry.trial}`),
    );
    expect(shards.flat().sort()).toEqual(jobs.map((entry) => `${entry.caseId}#${entry.trial}`).sort());
    expect(shards[0]).toEqual(['a#0', 'a#1', 'd#0', 'd#1']);
  });
});

describe('resilient model adapter', () => {
  it('retries retryable failures with backoff, honouring Retry-After', async () => {
    const waits: number[] = [];
    const retryable = (retryAfterMs?: number) =>
      Object.assign(new InfrastructureError('HTTP 429', { retryable: true }), { retryable: true, retryAfterMs });
    const model = new ScriptedModel([{ error: retryable(5000) }, { error: retryable() }, 'finally']);
    const adapter = new ResilientModelAdapter(
      model,
      new EndpointLimiter(1),
      { maxAttempts: 5, baseDelayMs: 100, maxDelayMs: 60_000, timeoutMs: 1000 },
      () => 0,
      async (ms) => {
        waits.push(ms);
      },
    );
    expect((await adapter.generate(request)).text).toBe('finally');
    expect(waits).toEqual([5000, 100]);
  });

  it('fails at once on a non-retryable error, and gives up after the last attempt', async () => {
    const fatal = Object.assign(new Error('HTTP 401 bad key'), { retryable: false });
    const never = new ResilientModelAdapter(
      new ScriptedModel([{ error: fatal }]),
      new EndpointLimiter(1),
      undefined,
      () => 0,
      async () => {},
    );
    await expect(never.generate(request)).rejects.toThrow(/HTTP 401 bad key \(not retryable\)/);
    // The model's label is said once, though the adapter's own message starts with it too.
    const labelled = Object.assign(new Error(`${never.id}: HTTP 400 bad request`), { retryable: false });
    const once = new ResilientModelAdapter(new ScriptedModel([{ error: labelled }]), new EndpointLimiter(1));
    await expect(once.generate(request)).rejects.toThrow(
      new RegExp(`^${never.id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: HTTP 400 bad request \\(not retryable\\)$`),
    );
    const down = () => Object.assign(new Error('HTTP 503'), { retryable: true });
    const tired = new ResilientModelAdapter(
      new ScriptedModel([{ error: down() }, { error: down() }]),
      new EndpointLimiter(1),
      { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1, timeoutMs: 1000 },
      () => 0,
      async () => {},
    );
    await expect(tired.generate(request)).rejects.toMatchObject({
      name: 'InfrastructureError',
      message: expect.stringMatching(/gave up after 2 attempts: HTTP 503/),
    });
  });

  it('never runs more requests at once than the endpoint allows', async () => {
    const limiter = new EndpointLimiter(2);
    let active = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        limiter.run(async () => {
          active += 1;
          peak = Math.max(peak, active);
          await new Promise((resolve) => setTimeout(resolve, 5));
          active -= 1;
        }),
      ),
    );
    expect(peak).toBe(2);
  });

  it("gives each attempt a signal that ends at the time limit or with the caller's", async () => {
    const seen: AbortSignal[] = [];
    const hanging: ModelAdapter = {
      id: 'hanging',
      generate: ({ signal }) =>
        new Promise((_, reject) => {
          if (signal) seen.push(signal);
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        }),
    };
    const policy = { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0, timeoutMs: 30 };
    const adapter = new ResilientModelAdapter(hanging, new EndpointLimiter(1), policy);
    await expect(adapter.generate(request)).rejects.toMatchObject({ cause: { name: 'TimeoutError' } });
    const caller = new AbortController();
    const cancelled = adapter.generate({ ...request, signal: caller.signal });
    caller.abort(new Error('stop'));
    await expect(cancelled).rejects.toThrow(/cancelled/);
    expect(seen.map((signal) => [signal.aborted, (signal.reason as Error).name])).toEqual([
      [true, 'TimeoutError'],
      [true, 'Error'],
    ]);
    // However many attempts follow the caller's signal, it carries one listener for them all.
    const answered = new ResilientModelAdapter(new ScriptedModel(Array(5).fill('ok')), new EndpointLimiter(1), policy);
    const watched = new AbortController();
    let listeners = 0;
    const add = watched.signal.addEventListener.bind(watched.signal);
    const remove = watched.signal.removeEventListener.bind(watched.signal);
    watched.signal.addEventListener = (...args: Parameters<typeof add>) => {
      listeners += 1;
      add(...args);
    };
    watched.signal.removeEventListener = (...args: Parameters<typeof remove>) => {
      listeners -= 1;
      remove(...args);
    };
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await answered.generate({ ...request, signal: watched.signal })).text).toBe('ok');
    }
    expect(listeners).toBe(1);
  });

  it('ends each of many overlapping attempts at its own time limit, and no answered one', async () => {
    // Attempts that hang until aborted, started 20 ms apart, beside attempts that answer at once.
    const ended: { index: number; name: string; afterMs: number }[] = [];
    const hanging = (index: number): ModelAdapter => ({
      id: 'hanging',
      generate: ({ signal }) =>
        new Promise((_, reject) => {
          const started = performance.now();
          signal?.addEventListener(
            'abort',
            () => {
              ended.push({ index, name: (signal.reason as Error).name, afterMs: performance.now() - started });
              reject(signal.reason);
            },
            { once: true },
          );
        }),
    });
    const policy = { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0, timeoutMs: 80 };
    const attempts: Promise<unknown>[] = [];
    for (let index = 0; index < 4; index += 1) {
      attempts.push(
        new ResilientModelAdapter(hanging(index), new EndpointLimiter(8), policy).generate(request).catch(() => {}),
      );
      const answered = new ResilientModelAdapter(new ScriptedModel(['ok']), new EndpointLimiter(8), policy);
      expect((await answered.generate(request)).text).toBe('ok');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await Promise.all(attempts);
    expect(ended.map(({ index, name }) => [index, name])).toEqual([
      [0, 'TimeoutError'],
      [1, 'TimeoutError'],
      [2, 'TimeoutError'],
      [3, 'TimeoutError'],
    ]);
    // Each at its own limit (timers may fire late on a busy machine, never early).
    for (const { afterMs } of ended) expect(afterMs).toBeGreaterThanOrEqual(79);
  });
});

describe('response cache', () => {
  it('answers repeats from the store, keys on the trial, and replays without the network', async () => {
    const store = await tempStore();
    const model = new ScriptedModel(['one', 'two', 'three']);
    const first = new CachingModelAdapter(model, store, 'use', 0);
    expect((await first.generate(request)).text).toBe('one');
    const hit = await new CachingModelAdapter(model, store, 'use', 0).generate(request);
    expect(hit.text).toBe('one');
    expect(isCachedResponse(hit)).toBe(true);
    expect((await new CachingModelAdapter(model, store, 'use', 1).generate(request)).text).toBe('two');
    expect(model.requests).toHaveLength(2);
    expect((await new CachingModelAdapter(model, store, 'replay', 1).generate(request)).text).toBe('two');
    await expect(new CachingModelAdapter(model, store, 'replay', 2).generate(request)).rejects.toThrow(
      /--cache replay/,
    );
    expect((await new CachingModelAdapter(model, store, 'off', 0).generate(request)).text).toBe('three');
    expect(cacheKey('m', request, 0)).not.toBe(cacheKey('m', { ...request, settings: { temperature: 0.5 } }, 0));
  });
});

describe('usage, prices and trial statistics', () => {
  it('prices usage from the versioned table and counts cache hits as free', async () => {
    expect(costOf(prices, 'openai:gpt-4o', { inputTokens: 1_000_000, outputTokens: 100_000 })).toEqual({
      cost: 3.5,
      priced: true,
    });
    expect(costOf(prices, 'openai:nope', { inputTokens: 5, outputTokens: 5 })).toEqual({ cost: 0, priced: false });
    const overridden = loadPriceTable({ 'openai:nope': { inputPerMillion: 1, outputPerMillion: 1 } });
    expect(overridden.version).toMatch(/\+overrides$/);
    const meter = new UsageMeter(prices);
    const adapter = meter.meter({
      id: 'openai:gpt-4o',
      generate: async () => ({
        text: '',
        toolCalls: [],
        usage: { inputTokens: 1000, outputTokens: 10 },
        finishReason: 'stop',
      }),
    });
    await adapter.generate(request);
    expect(meter).toMatchObject({ inputTokens: 1000, outputTokens: 10, requests: 1 });
    expect(meter.calls).toEqual([
      { model: 'openai:gpt-4o', inputTokens: 1000, outputTokens: 10, cached: false, cost: meter.cost, priced: true },
    ]);
    expect(meter.cost).toBeCloseTo(0.0026, 10);
  });

  it('computes pass^k and pass@k as tau-bench defines them, and a seeded bootstrap interval', () => {
    expect(choose(5, 2)).toBe(10);
    const scores = new Map([
      ['a', [1, 1, 0]],
      ['b', [0, 0, 0]],
      ['c', [1, 1, 1]],
    ]);
    const statistics = trialStatistics(scores);
    // pass^1: mean of 2/3, 0, 1; pass^2: mean of C(2,2)/C(3,2)=1/3, 0, 1; pass@2: 1 - C(1,2)/C(3,2) = 1 for a.
    expect(statistics.passHatK[1]).toBeCloseTo(5 / 9, 10);
    expect(statistics.passHatK[2]).toBeCloseTo(4 / 9, 10);
    expect(statistics.passHatK[3]).toBeCloseTo(1 / 3, 10);
    expect(statistics.passAtK[2]).toBeCloseTo(2 / 3, 10);
    expect(statistics.mean).toBeCloseTo(5 / 9, 10);
    const [low, high] = statistics.confidenceInterval;
    expect(low).toBeLessThanOrEqual(statistics.mean);
    expect(high).toBeGreaterThanOrEqual(statistics.mean);
    expect(trialStatistics(scores).confidenceInterval).toEqual(statistics.confidenceInterval);
  });
});
