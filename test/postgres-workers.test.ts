import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../src/reference-server/index.js';
import { RunStore } from '../src/runs/index.js';
import { seededRandom } from '../src/util/index.js';
import { postgresBin, startCluster } from './postgres-cluster.js';

/**
 * The PostgreSQL store end to end: the test starts its own cluster with Debian's PostgreSQL (`.ci/run`
 * installs it; skipped when it is absent), plays one run with three independent toolgauge processes —
 * as three machines would — kills them at random with SIGKILL and starts them again, and checks that
 * every episode is stored exactly once, played exactly once, with the scores of a one-process SQLite run.
 */

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../bin/toolgauge.js', import.meta.url));

const binDir = postgresBin();
const CASES = '100';

describe.skipIf(!binDir)('workers on several machines sharing a PostgreSQL store', { timeout: 300_000 }, () => {
  let cluster: { url: string; stop: () => Promise<void> };
  beforeAll(async () => {
    cluster = await startCluster(binDir as string);
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it('stores every episode exactly once, with one-process scores, while workers are killed and restarted', async () => {
    const args = ['run', '--agent', 'oracle', '--limit', CASES, '--trials', '2', '--concurrency', '2'];
    const sqlite = join(await mkdtemp(join(tmpdir(), 'toolgauge-pg-one-')), 'runs.db');
    await run(process.execPath, [bin, ...args, '--run-id', 'one', '--db', sqlite]);
    const single = await RunStore.open(sqlite, { readOnly: true });
    const expected = new Map(single.episodes('one', { withRecords: false }).map((row) => [key(row), row.score]));
    single.close();
    expect(expected.size).toBe(Number(CASES) * 2);

    // Three "machines": independent commands on one run; a killed one's claims expire after 10 s.
    const env = { ...process.env, TOOLGAUGE_CLAIM_TTL_MS: '10000' };
    const stderrs = new Map<ChildProcess, string>();
    const machine = () => {
      const child = spawn(process.execPath, [bin, ...args, '--run-id', 'shared', '--db', cluster.url], {
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      stderrs.set(child, '');
      child.stderr?.on('data', (chunk: Buffer) => stderrs.set(child, `${stderrs.get(child)}${chunk}`.slice(-4000)));
      return child;
    };
    const workers: ChildProcess[] = [machine(), machine(), machine()];
    const exits = new Map<ChildProcess, Promise<number | null>>();
    const watch = (child: ChildProcess) =>
      exits.set(child, new Promise((resolve) => child.on('exit', (code) => resolve(code))));
    for (const child of workers) watch(child);
    const random = seededRandom('kill workers');
    let kills = 0;
    let mostPlaying = 0;
    const store = await RunStore.open(cluster.url, { readOnly: false });
    try {
      const storedNow = () => (store.getRun('shared') ? store.episodeCount('shared') : 0);
      // Kill a random worker whenever the run has moved on a little, and start it again, three times.
      for (let round = 0; round < 3; round += 1) {
        const before = storedNow();
        const started = Date.now();
        while (storedNow() < before + 30 && Date.now() - started < 60_000) await sleep(200);
        // The whole run's progress, as any machine sees it: what is stored and what is being played.
        const progress = store.listRuns().find((entry) => entry.run.runId === 'shared');
        expect(progress?.planned).toBe(expected.size);
        mostPlaying = Math.max(mostPlaying, progress?.playing ?? 0);
        const index = Math.floor(random() * workers.length);
        const victim = workers[index] as ChildProcess;
        if (victim.exitCode === null) {
          victim.kill('SIGKILL');
          await exits.get(victim);
          kills += 1;
        }
        const replacement = machine();
        watch(replacement);
        workers[index] = replacement;
      }
      const codes = await Promise.all(workers.map((child) => exits.get(child)));
      // A worker that failed says why: its last words are in the failure message.
      const why = workers.map((child, index) => `worker ${index} (exit ${child.exitCode}):\n${stderrs.get(child)}`);
      expect(codes, why.join('\n')).toEqual([0, 0, 0]);
      expect(kills).toBeGreaterThanOrEqual(1);
      expect(mostPlaying).toBeGreaterThan(0);

      const rows = store.episodes('shared', { withRecords: false });
      expect(new Map(rows.map((row) => [key(row), row.score]))).toEqual(expected);
      expect(rows.every((row) => row.status === 'scored')).toBe(true);
      // Played exactly once: a killed worker's unwritten episodes were never stored, so every stored
      // episode has exactly one attempt — no two live workers ever played the same episode.
      const attempts = store.attempts('shared');
      expect(attempts).toHaveLength(expected.size);
      // `list runs` from any machine: planned, stored, scored, failed, being played.
      const listed = await run(process.execPath, [bin, 'list', 'runs', '--db', cluster.url]);
      const size = expected.size;
      expect(listed.stdout).toMatch(new RegExp(`shared .* ${size}\\s+${size}\\s+${size}\\s+0\\s+0\\n`));
      const report = await run(process.execPath, [bin, 'report', 'shared', '--db', cluster.url, '--format', 'json']);
      expect(JSON.parse(report.stdout).benchmarks.sandbox.status).toEqual({ scored: expected.size, failed: 0 });
      const resumed = await run(process.execPath, [bin, 'run', '--resume', 'shared', '--db', cluster.url]);
      expect(resumed.stderr).toContain(`0 episodes to play (${expected.size} already done)`);
      expect(store.attempts('shared')).toHaveLength(expected.size);
    } finally {
      for (const child of workers) child.kill('SIGKILL');
      store.close();
    }
  });

  it('plays an external agent over MCP with --workers into the shared store, as one process does', async () => {
    // The Python example agent with the reference server as its model: every episode an agent process
    // of its own, two toolgauge processes playing, the store PostgreSQL.
    const server = await startReferenceServer({ benchmarks: ['sandbox'] });
    try {
      await server.ready();
      const agent = `command:/usr/bin/python3 ${fileURLToPath(new URL('../examples/agents/python_mcp_agent.py', import.meta.url))} --model-base-url ${server.url}/v1`;
      const args = ['run', '--benchmark', 'sandbox', '--limit', '6', '--agent', agent, '--run-id', 'external'];
      const played = await run(process.execPath, [bin, ...args, '--workers', '2', '--db', cluster.url]);
      expect(played.stdout).toMatch(/external +6 +0 +1\.000/);
      const store = await RunStore.open(cluster.url, { readOnly: true });
      try {
        const rows = store.episodes('external', { withRecords: false });
        expect(rows.map((row) => [row.status, row.score])).toEqual(Array(6).fill(['scored', 1]));
        expect(store.attempts('external')).toHaveLength(6);
      } finally {
        store.close();
      }
    } finally {
      await server.close();
    }
  });
});

function key(row: { caseId: string; trial: number }): string {
  return `${row.caseId}#${row.trial}`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
