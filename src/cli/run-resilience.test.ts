import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceServer, startReferenceServer } from '../reference-server/index.js';
import { RunStore } from '../runs/index.js';
import { seededRandom } from '../util/index.js';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../../bin/toolgauge.js', import.meta.url));
const example = fileURLToPath(new URL('../../data/sandbox/scenarios/phone/', import.meta.url));
const SECRET = 'sk-toolgauge-test-SECRET-0042';
const env = { ...process.env, OPENAI_COMPATIBLE_API_KEY: SECRET, ANTHROPIC_API_KEY: SECRET };
const toolgauge = (...args: string[]) => run(process.execPath, [bin, ...args], { env, maxBuffer: 256 * 1024 * 1024 });
const scratch = async () => join(await mkdtemp(join(tmpdir(), 'toolgauge-resilience-')), 'runs.db');

interface Report {
  benchmarks: {
    sandbox: {
      status: { scored: number; failed: number };
      overall: { score: number };
      episodes: { caseId: string; trial: number; score: number }[];
    };
  };
}
/** Episodes stored so far in a store another process is writing (0 before it exists). */
async function storedEpisodes(db: string): Promise<number> {
  const store = await RunStore.open(db).catch(() => undefined);
  if (!store) return 0;
  try {
    return store.listRuns().reduce((total, entry) => total + entry.episodes, 0);
  } finally {
    store.close();
  }
}

const report = async (db: string, runId: string) =>
  JSON.parse((await toolgauge('report', runId, '--db', db, '--format', 'json')).stdout) as Report;

// The real provider path end to end: toolgauge's AI SDK adapters talk HTTP to the reference server.
describe('runs against a model server', { timeout: 180_000 }, () => {
  let server: ReferenceServer;
  let faulty: ReferenceServer;
  let slow: ReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ scenarios: [example] });
    faulty = await startReferenceServer({
      scenarios: [example],
      faults: { rate: 0.2, kinds: ['429', '500'], retryAfterSeconds: 0, seed: 'faults' },
    });
    slow = await startReferenceServer({ scenarios: [example], latencyMs: 40 });
  });
  afterAll(async () => {
    await Promise.all([server.close(), faulty.close(), slow.close()]);
  });

  const base = ['run', '--scenarios', example, '--augmentation', 'distraction-0'];

  it('scores 1.0 on every base case through the OpenAI-compatible and Anthropic adapters, and keeps keys out of everything', async () => {
    const db = await scratch();
    const openai = await toolgauge(
      ...base,
      '--agent',
      'openai-compatible:reference',
      '--base-url',
      `${server.url}/v1`,
      '--run-id',
      'oa',
      '--db',
      db,
      '--concurrency',
      '8',
    );
    const anthropic = await toolgauge(
      ...base,
      '--agent',
      'anthropic:reference',
      '--base-url',
      `${server.url}/v1`,
      '--run-id',
      'an',
      '--db',
      db,
      '--concurrency',
      '8',
    );
    for (const runId of ['oa', 'an']) {
      const result = (await report(db, runId)).benchmarks.sandbox;
      expect(result.status.failed).toBe(0);
      expect(result.status.scored).toBeGreaterThanOrEqual(34);
      expect(result.episodes.every((episode) => episode.score === 1)).toBe(true);
    }
    expect(server.stats().requests).toBeGreaterThan(100);
    // The LLM user simulator on the same real path: the server plays the scripted replies as the user.
    const before = server.stats().byRole.user ?? 0;
    await toolgauge(
      ...base,
      '--limit',
      '6',
      '--agent',
      'openai-compatible:reference',
      '--base-url',
      `${server.url}/v1`,
      '--user-model',
      'anthropic:reference',
      '--user-base-url',
      `${server.url}/v1`,
      '--run-id',
      'llm-user',
      '--db',
      db,
    );
    const withLlmUser = (await report(db, 'llm-user')).benchmarks.sandbox;
    expect(withLlmUser.status).toEqual({ scored: 6, failed: 0 });
    expect(withLlmUser.episodes.every((episode) => episode.score === 1)).toBe(true);
    expect((server.stats().byRole.user ?? 0) - before).toBeGreaterThanOrEqual(6);
    const exported = (await toolgauge('export', 'oa', '--db', db)).stdout;
    const stored = await readFile(db);
    for (const text of [
      openai.stdout,
      openai.stderr,
      anthropic.stdout,
      anthropic.stderr,
      exported,
      stored.toString('latin1'),
    ]) {
      expect(text).not.toContain(SECRET);
    }
  });

  it('asks for a base URL with credentials again on resume, never sending the stored placeholder', async () => {
    const db = await scratch();
    const withKey = `${server.url}/v1?api_key=QUERY-SECRET-7`;
    const args = [...base, '--limit', '2', '--agent', 'openai-compatible:reference', '--run-id', 'cred', '--db', db];
    await toolgauge(...args, '--base-url', withKey);
    const before = server.stats().requests;
    await expect(toolgauge('run', '--resume', 'cred', '--db', db)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/credentials in --base-url .*api_key=redacted.*give --base-url again/),
    });
    expect(server.stats().requests).toBe(before);
    const resumed = await toolgauge('run', '--resume', 'cred', '--db', db, '--base-url', withKey);
    expect(resumed.stderr + resumed.stdout).not.toContain('QUERY-SECRET-7');
    expect((await report(db, 'cred')).benchmarks.sandbox.status).toEqual({ scored: 2, failed: 0 });
  });

  it('completes with every episode scored exactly once when 20% of requests fail with 429 or 500', async () => {
    const db = await scratch();
    await toolgauge(
      ...base,
      '--limit',
      '15',
      '--agent',
      'openai-compatible:reference',
      '--base-url',
      `${faulty.url}/v1`,
      '--run-id',
      'f',
      '--db',
      db,
      '--concurrency',
      '8',
    );
    const stats = faulty.stats();
    expect(stats.faults['429'] + stats.faults['500']).toBeGreaterThan(5);
    const result = (await report(db, 'f')).benchmarks.sandbox;
    expect(result.status.failed).toBe(0);
    const keys = result.episodes.map((episode) => `${episode.caseId}#${episode.trial}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(result.episodes.every((episode) => episode.score === 1)).toBe(true);
  });

  it('resumes a run killed with SIGKILL at random points: every episode once, the same scores', async () => {
    const db = await scratch();
    const args = [
      bin,
      ...base,
      '--limit',
      '20',
      '--agent',
      'openai-compatible:reference',
      '--base-url',
      `${slow.url}/v1`,
      '--run-id',
      'k',
      '--db',
      db,
      '--concurrency',
      '4',
    ];
    // Kill once the run has stored a seeded random number of new episodes, plus a random few
    // milliseconds, so each kill lands mid-run and often mid-episode or mid-write.
    const random = seededRandom('sigkill');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const before = await storedEpisodes(db);
      const child = spawn(process.execPath, args, { env, stdio: 'ignore' });
      const target = before + 2 + Math.floor(random() * 4);
      while ((await storedEpisodes(db)) < target && child.exitCode === null) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 150)));
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    const partial = await storedEpisodes(db);
    await toolgauge('run', '--resume', 'k', '--db', db, '--base-url', `${slow.url}/v1`);
    const resumed = (await report(db, 'k')).benchmarks.sandbox;
    const keys = resumed.episodes.map((episode) => `${episode.caseId}#${episode.trial}`);
    expect(new Set(keys).size).toBe(keys.length);

    const reference = await scratch();
    await toolgauge(
      ...base,
      '--limit',
      '20',
      '--agent',
      'openai-compatible:reference',
      '--base-url',
      `${server.url}/v1`,
      '--run-id',
      'k',
      '--db',
      reference,
      '--concurrency',
      '8',
    );
    const uninterrupted = (await report(reference, 'k')).benchmarks.sandbox;
    expect(partial).toBeLessThan(uninterrupted.episodes.length);
    expect(resumed.episodes.map((episode) => [episode.caseId, episode.score])).toEqual(
      uninterrupted.episodes.map((episode) => [episode.caseId, episode.score]),
    );
  });

  it('repeats a finished temperature-0 run from the cache alone with --cache replay', async () => {
    const db = await scratch();
    const args = [
      ...base,
      '--limit',
      '8',
      '--agent',
      'openai-compatible:reference',
      '--base-url',
      `${server.url}/v1`,
      '--db',
      db,
    ];
    await toolgauge(...args, '--run-id', 'first');
    server.reset();
    await toolgauge(...args, '--run-id', 'replayed', '--cache', 'replay');
    expect(server.stats().requests).toBe(0);
    const [first, replayed] = [await report(db, 'first'), await report(db, 'replayed')];
    expect(replayed.benchmarks.sandbox.episodes).toEqual(first.benchmarks.sandbox.episodes);

    // Every episode fails (nothing cached): exit code 3, not 0.
    await expect(
      toolgauge(
        ...base,
        '--case',
        'phone-s*',
        '--agent',
        'openai-compatible:reference',
        '--base-url',
        `${server.url}/v1`,
        '--db',
        db,
        '--run-id',
        'missing',
        '--cache',
        'replay',
      ),
    ).rejects.toMatchObject({ code: 3 });
    const missing = (await report(db, 'missing')).benchmarks.sandbox;
    expect(missing.status.scored).toBe(0);
    expect(missing.status.failed).toBeGreaterThan(0);
    expect(server.stats().requests).toBe(0);
  });
});
