import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceServer, startReferenceServer } from '../reference-server/index.js';
import { RunStore } from '../runs/index.js';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../../bin/toolgauge.js', import.meta.url));
const example = fileURLToPath(new URL('../../data/sandbox/scenarios/phone/', import.meta.url));
const toolgauge = (args: readonly string[], env: Record<string, string> = {}) =>
  run(process.execPath, [bin, ...args], { env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
const scratch = async () => join(await mkdtemp(join(tmpdir(), 'toolgauge-integrity-')), 'runs.db');

interface Report {
  benchmarks: {
    sandbox: {
      status: { scored: number; failed: number };
      overall: { score: number };
      episodes: { caseId: string; trial: number }[];
    };
  };
}
/** Episodes of a run stored so far by another process (0 before the store exists). */
async function storedCount(db: string, runId: string): Promise<number> {
  const store = await RunStore.open(db).catch(() => undefined);
  if (!store) return 0;
  try {
    return store.episodes(runId, { withRecords: false }).length;
  } catch {
    return 0;
  } finally {
    store.close();
  }
}

const report = async (db: string, runId: string) =>
  JSON.parse((await toolgauge(['report', runId, '--db', db, '--format', 'json'])).stdout) as Report;

// Run integrity as a user meets it: the built CLI against real HTTP model servers.
describe('run integrity', { timeout: 120_000 }, () => {
  let first: ReferenceServer;
  let second: ReferenceServer;
  let slow: ReferenceServer;
  beforeAll(async () => {
    [first, second, slow] = await Promise.all([
      startReferenceServer({ scenarios: [example] }),
      startReferenceServer({ scenarios: [example] }),
      startReferenceServer({ scenarios: [example], latencyMs: 40 }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close(), slow.close()]);
  });
  const base = ['run', '--scenarios', example, '--augmentation', 'distraction-0', '--limit', '3'];

  it('never answers a second server from the first server’s cache', async () => {
    const db = await scratch();
    const agent = ['--agent', 'openai-compatible:reference'];
    const played = await toolgauge([
      ...base,
      ...agent,
      '--base-url',
      `${first.url}/v1`,
      '--run-id',
      'first',
      '--db',
      db,
    ]);
    expect(first.stats().byRole.agent).toBeGreaterThan(0);
    // The reference model is not in the price table: said once, not once per episode.
    expect(played.stderr.match(/no price for openai-compatible:reference/g)).toHaveLength(1);
    await toolgauge([...base, ...agent, '--base-url', `${second.url}/v1`, '--run-id', 'second', '--db', db]);
    expect(second.stats().byRole.agent).toBeGreaterThan(0);
    expect((await report(db, 'second')).benchmarks.sandbox.status).toEqual({ scored: 3, failed: 0 });
  });

  it('prints no AI SDK warnings per request', async () => {
    const db = await scratch();
    const result = await toolgauge(
      [...base, '--limit', '1', '--agent', 'anthropic:reference', '--base-url', `${first.url}/v1`, '--db', db],
      { ANTHROPIC_API_KEY: 'sk-ant-test' },
    );
    expect(result.stdout).toMatch(/1\.000/);
    expect(result.stderr).not.toContain('AI SDK Warning');
  });

  it('plays each episode once when two processes run the same run on one store', async () => {
    const db = await scratch();
    const args = [...base, '--limit', '6', '--agent', 'openai-compatible:reference', '--concurrency', '2'];
    second.reset();
    await toolgauge([...args, '--base-url', `${second.url}/v1`, '--run-id', 'alone', '--db', await scratch()]);
    const alone = second.stats().byRole.agent;
    slow.reset();
    const shared = [...args, '--base-url', `${slow.url}/v1`, '--run-id', 'shared', '--db', db];
    const results = await Promise.all([toolgauge(shared), toolgauge(shared)]);
    expect(slow.stats().byRole.agent).toBe(alone);
    const keys = (await report(db, 'shared')).benchmarks.sandbox.episodes.map(
      (episode) => `${episode.caseId}#${episode.trial}`,
    );
    expect(keys).toHaveLength(6);
    expect(new Set(keys).size).toBe(6);
    expect(results.map((result) => result.stderr).join('\n')).not.toMatch(/^failed /m);
  });

  it('lets another process take the claims of a killed one once they expire', async () => {
    const db = await scratch();
    const env = { TOOLGAUGE_CLAIM_TTL_MS: '1500' };
    const args = [...base, '--limit', '6', '--agent', 'openai-compatible:reference', '--base-url', `${slow.url}/v1`];
    const shared = [...args, '--concurrency', '3', '--run-id', 'killed', '--db', db];
    const child = spawn(process.execPath, [bin, ...shared], { env: { ...process.env, ...env }, stdio: 'ignore' });
    while ((await storedCount(db, 'killed')) < 1 && child.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const after = await toolgauge(shared, env);
    expect(after.stderr).not.toMatch(/^failed /m);
    const episodes = (await report(db, 'killed')).benchmarks.sandbox;
    expect(episodes.status).toEqual({ scored: 6, failed: 0 });
  });

  it('keeps base-URL credentials out of the store, the report, the export and stderr', async () => {
    const db = await scratch();
    const withCredentials = `${first.url.replace('http://', 'http://ci-user:TOPSECRET-pw@')}/v1`;
    const result = await toolgauge([
      ...base,
      '--agent',
      'openai-compatible:reference',
      '--base-url',
      withCredentials,
      '--run-id',
      'creds',
      '--db',
      db,
    ]);
    const reported = (await toolgauge(['report', 'creds', '--db', db, '--format', 'json'])).stdout;
    const exported = (await toolgauge(['export', 'creds', '--db', db])).stdout;
    const stored = (await readFile(db)).toString('latin1');
    for (const text of [result.stdout, result.stderr, reported, exported, stored]) {
      expect(text).not.toContain('TOPSECRET-pw');
    }
    // The user is stored as `redacted`: a resume sees that credentials were left out and asks for them.
    expect(JSON.parse(reported).config.baseUrl).toBe(`${first.url.replace('http://', 'http://redacted@')}/v1`);
  });
});

/** Runs the built CLI and returns its exit status and output, whatever the status. */
function attempt(args: readonly string[], node = process.execPath) {
  const result = spawnSync(node, [bin, ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the command line as a shell and a CI job meet it', { timeout: 60_000 }, () => {
  it('prints an option error and a one-line hint, not the whole help, with exit code 2', () => {
    for (const args of [
      ['run', '--temperature', '99'],
      ['run', '--frobnicate'],
      ['run', '--trials', 'many'],
    ]) {
      const result = attempt(args);
      expect(result.status).toBe(2);
      const lines = result.stderr.trim().split('\n');
      expect(lines.length).toBeLessThanOrEqual(2);
      expect(lines.at(-1)).toBe('see `toolgauge run --help`');
      expect(result.stderr).not.toContain('Options:');
      if (args[1] === '--temperature') expect(result.stderr).toContain('out of range');
    }
  });

  it('exits quietly when the reader of its output goes away', () => {
    const result = spawnSync('bash', ['-o', 'pipefail', '-c', `"${process.execPath}" "${bin}" list cases | head -1`], {
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('says which Node.js it needs when started on an older one', () => {
    // Any Node.js older than 22 on PATH (the machine's own, when toolgauge runs under a newer one).
    const candidates = execFileSync('bash', ['-c', 'which -a node || true'], { encoding: 'utf8' }).split('\n');
    const oldNode = candidates.find((candidate) => {
      if (candidate.trim() === '' || !existsSync(candidate)) return false;
      const version = spawnSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout;
      return Number(version.split('.')[0]) < 22;
    });
    if (oldNode === undefined || !existsSync(oldNode)) return; // no older Node.js on this machine
    const result = attempt(['list', 'cases'], oldNode);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('toolgauge needs Node.js 22.12 or newer');
    expect(result.stderr).not.toContain('node:sqlite"');
    expect(result.stderr).not.toContain('    at ');
  });
});
