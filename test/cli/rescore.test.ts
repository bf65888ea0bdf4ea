import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { rescore } from '../../src/index.js';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../../bin/toolgauge.js', import.meta.url));
const toolgauge = (...args: string[]) => run(process.execPath, [bin, ...args], { maxBuffer: 64 * 1024 * 1024 });
const agent = fileURLToPath(new URL('../../examples/sandbox-agent.mjs', import.meta.url));

interface Report {
  manifest: { rescoredFrom?: { runId: string } };
  config: Record<string, unknown>;
  benchmarks: {
    sandbox: {
      provenance?: Record<string, unknown>;
      status: { scored: number };
      episodes: { caseId: string; trial: number; score: number; requests: number }[];
    };
  };
}

// Rescoring reads stored trajectories only: with the same options it gives the stored scores, with
// other options the scores a fresh run with those options gives on the same trajectories (this agent is
// deterministic, so a fresh run plays the same trajectories).
describe('toolgauge rescore', { timeout: 240_000 }, () => {
  let db: string;
  const report = async (runId: string) =>
    JSON.parse((await toolgauge('report', runId, '--db', db, '--format', 'json')).stdout) as Report;
  const scores = (value: Report) =>
    Object.fromEntries(
      value.benchmarks.sandbox.episodes.map((episode) => [`${episode.caseId}#${episode.trial}`, episode.score]),
    );
  const play = (runId: string, ...extra: string[]) =>
    toolgauge(
      'run',
      '--agent',
      `module:${agent}`,
      '--case',
      'phone-*/distraction-0',
      '--limit',
      '16',
      '--run-id',
      runId,
      '--db',
      db,
      ...extra,
    );

  beforeAll(async () => {
    db = join(await mkdtemp(join(tmpdir(), 'toolgauge-rescore-')), 'runs.db');
    await play('facts');
    await play('paper', '--scoring', 'paper');
  }, 180_000);

  it('gives a fresh run’s scores under another profile, and the stored ones under the same', async () => {
    const rescored = await toolgauge('rescore', 'facts', '--as', 'facts-as-paper', '--scoring', 'paper', '--db', db);
    expect(rescored.stderr).toMatch(
      /rescored 16 episodes of facts into facts-as-paper with --scoring paper in .* without a model request/,
    );
    const [facts, paper, asPaper] = await Promise.all([report('facts'), report('paper'), report('facts-as-paper')]);
    // The two profiles disagree on some of these episodes, so the comparison below can fail.
    expect(Object.entries(scores(facts)).some(([key, score]) => scores(paper)[key] !== score)).toBe(true);
    expect(scores(asPaper)).toEqual(scores(paper));
    expect(asPaper.config.scoring).toBe('paper');
    expect(asPaper.manifest.rescoredFrom?.runId).toBe('facts');
    // Every report says how each run was scored and whether it stands beside the paper's, and warns
    // when runs side by side were not scored alike.
    const text = (await toolgauge('report', 'facts', 'facts-as-paper', '--db', db)).stdout;
    expect(text).toContain('facts: scoring profile facts:');
    expect(text).toContain('not comparable with the paper: the default profile is not the paper’s scoring');
    expect(text).toMatch(/facts-as-paper: scoring profile paper: .* · rescored from facts/);
    expect(text).toContain(
      'not comparable with the paper: these are not the paper’s 129 scenarios (--corpus toolsandbox)',
    );
    expect(text).toContain('Note: These runs were not scored alike');
    expect(asPaper.benchmarks.sandbox.provenance).toMatchObject({
      scoring: expect.stringContaining('scoring profile paper'),
      cases: { source: 'built-in', count: 16 },
      rescoredFrom: 'facts',
    });
    expect((await toolgauge('report', 'paper', 'facts-as-paper', '--db', db)).stdout).not.toContain('Note:');
    // The same options: the same scores.
    await toolgauge('rescore', 'paper', '--as', 'paper-again', '--db', db);
    expect(scores(await report('paper-again'))).toEqual(scores(paper));
  });

  it('is a library function too, refusing options that change what is played', async () => {
    const library = await rescore({ store: db, runId: 'facts', as: 'library', options: { scoring: 'paper' } });
    expect(scores(library as unknown as Report)).toEqual(scores(await report('paper')));
    await expect(
      rescore({ store: db, runId: 'facts', as: 'x', options: { category: ['canonicalization'] } }),
    ).rejects.toThrow(/--category is not a scoring option of sandbox.*rescoring can change --scoring/);
  });

  it('refuses what it cannot do, as usage errors', async () => {
    await expect(toolgauge('rescore', 'nope', '--db', db)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('no run "nope"'),
    });
    await expect(toolgauge('rescore', 'facts', '--as', 'paper', '--db', db)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('run "paper" already has episodes'),
    });
    // Options that change what is played are not rescoring options.
    await expect(toolgauge('rescore', 'facts', '--category', 'canonicalization', '--db', db)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("unknown option '--category'"),
    });
  });
});
