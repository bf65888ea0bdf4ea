import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceServer, startReferenceServer } from '../src/reference-server/index.js';
import { RunStore } from '../src/runs/index.js';
import { openSqlite } from '../src/runs/store/sqlite.js';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../bin/toolgauge.js', import.meta.url));
const phone = fileURLToPath(new URL('../data/sandbox/scenarios/phone/', import.meta.url));
const env = { ...process.env, OPENAI_COMPATIBLE_API_KEY: 'sk-workers-test' };
const scratch = async () => join(await mkdtemp(join(tmpdir(), 'toolgauge-workers-')), 'runs.db');

/** Every stored episode of a run: key → score, and how many attempts each key had. */
async function storedScores(db: string, runId: string): Promise<Map<string, number | null>> {
  const store = await RunStore.open(db, { readOnly: true });
  try {
    return new Map(
      store.episodes(runId, { withRecords: false }).map((row) => [`${row.caseId}#${row.trial}`, row.score]),
    );
  } finally {
    store.close();
  }
}

/** The pids of the processes holding claims on a store (the live workers), read without disturbing them. */
async function claimHolders(db: string): Promise<number[]> {
  if (!existsSync(db)) return [];
  const database = await openSqlite(db, { readOnly: true });
  try {
    const rows = database.prepare('SELECT DISTINCT owner FROM claims').all() as { owner: string }[];
    return rows.map((row) => Number(row.owner.split(':').at(-2)));
  } catch {
    return [];
  } finally {
    database.close();
  }
}

async function storedCount(db: string): Promise<number> {
  if (!existsSync(db)) return 0;
  const database = await openSqlite(db, { readOnly: true });
  try {
    return Number((database.prepare('SELECT COUNT(*) AS n FROM episodes').get() as { n: number }).n);
  } catch {
    return 0;
  } finally {
    database.close();
  }
}

function exited(child: ChildProcess): Promise<{ code: number | null; stderr: string; stdout: string }> {
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr, stdout })));
}

async function until(condition: () => Promise<boolean>, what: string, limitMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > limitMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('run --workers (SQLite)', { timeout: 240_000 }, () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ scenarios: [phone], latencyMs: 30 });
  });
  afterAll(async () => {
    await server.close();
  });
  const args = () => [
    'run',
    '--scenarios',
    phone,
    '--augmentation',
    'distraction-0',
    '--trials',
    '2',
    '--agent',
    'openai-compatible:reference',
    '--base-url',
    `${server.url}/v1`,
  ];

  it('survives a worker killed mid-run: every episode stored once, with the scores of one process', async () => {
    const single = await scratch();
    await run(process.execPath, [bin, ...args(), '--run-id', 'one', '--db', single, '--concurrency', '4'], { env });
    const expected = await storedScores(single, 'one');
    expect(expected.size).toBeGreaterThanOrEqual(60);

    const db = await scratch();
    const parent = spawn(
      process.execPath,
      [bin, ...args(), '--run-id', 'many', '--db', db, '--workers', '3', '--concurrency', '1'],
      {
        env,
      },
    );
    const ended = exited(parent);
    let holders: number[] = [];
    await until(async () => {
      // The parent plays too; the victim is one of the worker processes it started.
      holders = (await claimHolders(db)).filter((pid) => pid !== parent.pid);
      return holders.length >= 2 && (await storedCount(db)) >= 10;
    }, 'workers to store episodes');
    const victim = holders[0] as number;
    process.kill(victim, 'SIGKILL');
    const { code, stderr, stdout } = await ended;
    expect(stderr).toContain(`(pid ${victim}) stopped by SIGKILL`);
    expect(code).toBe(0);
    expect(stdout).toContain('Episodes, trials and usage');

    const scores = await storedScores(db, 'many');
    expect(scores).toEqual(expected);
    const store = await openSqlite(db, { readOnly: true });
    const counts = store
      .prepare("SELECT COUNT(*) AS episodes, SUM(status = 'scored') AS scored FROM episodes WHERE run_id = 'many'")
      .get() as { episodes: number; scored: number };
    expect(Number(counts.scored)).toBe(expected.size);
    // Played once each: the victim's unwritten episodes were never stored, so one attempt per episode.
    expect(store.prepare("SELECT COUNT(*) AS n FROM attempts WHERE run_id = 'many'").get()).toEqual({
      n: expected.size,
    });
    // No claim is left behind, and the victim's lost batch (if any) was played again, never stored twice.
    expect(store.prepare('SELECT COUNT(*) AS n FROM claims').get()).toEqual({ n: 0 });
    store.close();
  });

  it('stops every worker on Ctrl-C, and a resume with workers completes the run', async () => {
    const db = await scratch();
    const parent = spawn(
      process.execPath,
      [bin, ...args(), '--run-id', 'stop', '--db', db, '--workers', '2', '--concurrency', '1'],
      {
        env,
      },
    );
    const ended = exited(parent);
    let holders: number[] = [];
    await until(async () => {
      holders = (await claimHolders(db)).filter((pid) => pid !== parent.pid);
      return holders.length >= 1 && (await storedCount(db)) >= 5;
    }, 'workers to start');
    parent.kill('SIGINT');
    const { code, stderr } = await ended;
    expect(code).toBe(130);
    expect(stderr).toContain('--resume stop');
    for (const pid of holders) expect(() => process.kill(pid, 0)).toThrow(); // every worker has ended
    const partial = await storedScores(db, 'stop');
    expect(partial.size).toBeGreaterThan(0);

    const resumed = await run(process.execPath, [bin, 'run', '--resume', 'stop', '--db', db, '--workers', '2'], {
      env,
    });
    const announced = /run stop: (\d+) episodes to play \((\d+) already done\)/.exec(resumed.stderr);
    expect(Number(announced?.[2])).toBe(partial.size);
    const scores = await storedScores(db, 'stop');
    expect(scores.size).toBe(Number(announced?.[1]) + partial.size);
    expect([...scores.values()].every((score) => score === 1)).toBe(true);
  });
});

/** Pids of live processes whose environment holds `marker` (what this test's command started). */
async function processesMarked(marker: string): Promise<number[]> {
  const { readdir, readFile } = await import('node:fs/promises');
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const environment = await readFile(`/proc/${entry}/environ`, 'utf8').catch(() => '');
    if (environment.split('\0').includes(`TOOLGAUGE_TEST_MARKER=${marker}`)) pids.push(Number(entry));
  }
  return pids;
}

describe('run --workers, ending before it plays', { timeout: 60_000 }, () => {
  it('leaves no early-started worker behind when the run stops at once (no case matches)', async () => {
    const marker = `m${process.pid}${Date.now()}`;
    const db = await scratch();
    const result = await run(
      process.execPath,
      [bin, 'run', '--agent', 'oracle', '--case', 'no-such-case-*', '--db', db, '--workers', '3'],
      { env: { ...env, TOOLGAUGE_TEST_MARKER: marker } },
    ).catch((error: { code: number; stderr: string }) => error);
    expect('code' in result ? result.code : 0).toBe(2);
    expect(result.stderr).toContain(
      'no case of sandbox matches --case "no-such-case-*"; see `toolgauge list cases --benchmark sandbox`',
    );
    await until(async () => (await processesMarked(marker)).length === 0, 'the waiting workers to end', 10_000);
  });
});

describe('run --workers, embedding threads', { timeout: 60_000 }, () => {
  it('gives each process of the run one embedding thread unless TOOLGAUGE_EMBEDDER_THREADS says otherwise', async () => {
    const db = await scratch();
    const environmentOfWorkers = async (extra: Record<string, string>) => {
      const marker = `m${process.pid}${Date.now()}`;
      const child = spawn(
        process.execPath,
        [bin, 'run', '--agent', 'oracle', '--limit', '40', '--db', db, '--workers', '2'],
        {
          env: { ...env, ...extra, TOOLGAUGE_TEST_MARKER: marker },
          stdio: 'ignore',
        },
      );
      let workers: number[] = [];
      await until(async () => {
        workers = (await processesMarked(marker)).filter((pid) => pid !== child.pid);
        return workers.length > 0;
      }, 'a worker to start');
      const { readFile } = await import('node:fs/promises');
      const environment = (await readFile(`/proc/${workers[0]}/environ`, 'utf8')).split('\0');
      await exited(child);
      return environment.filter((entry) => entry.startsWith('TOOLGAUGE_EMBEDDER_THREADS='));
    };
    expect(await environmentOfWorkers({})).toEqual(['TOOLGAUGE_EMBEDDER_THREADS=1']);
    expect(await environmentOfWorkers({ TOOLGAUGE_EMBEDDER_THREADS: '3' })).toEqual(['TOOLGAUGE_EMBEDDER_THREADS=3']);
  });
});
