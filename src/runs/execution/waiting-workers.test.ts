import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startWaitingWorkers } from './waiting-workers.js';

// The built module (the suite builds before it runs): a worker is a separate Node process.
const built = new URL('../../../dist/runs/execution/waiting-workers.js', import.meta.url).href;

/** A worker script that waits as toolgauge's do, then reports what it was told (and what it loaded meanwhile). */
async function workerScript(): Promise<string> {
  const script = join(await mkdtemp(join(tmpdir(), 'toolgauge-waiting-')), 'worker.mjs');
  await writeFile(
    script,
    `import { appendFileSync } from 'node:fs';
import { commandWhenTold } from ${JSON.stringify(built)};
if (process.env.PIDS_FILE) appendFileSync(process.env.PIDS_FILE, process.pid + '\\n');
let preloaded = false;
const command = await commandWhenTold(process.argv, async () => { preloaded = true; });
if (command) process.send({ type: 'told', command: command.slice(2), share: process.env.SHARE, preloaded,
  waits: process.env.TOOLGAUGE_WORKER_WAITS ?? null, worker: process.env.TOOLGAUGE_WORKER, benchmark: process.env.TOOLGAUGE_WORKER_BENCHMARK });
if (process.connected) process.disconnect();
`,
  );
  return script;
}

const ended = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

describe('waiting workers', { timeout: 30_000 }, () => {
  it('run the command they are told, with its environment, once they have loaded', async () => {
    const pool = startWaitingWorkers(1, { script: await workerScript(), execArgv: [], benchmark: 'sandbox' });
    try {
      const worker = pool.take();
      expect(worker).toBeDefined();
      if (!worker) return;
      expect(pool.take()).toBeUndefined();
      const told = new Promise<Record<string, unknown>>((resolve) =>
        worker.child.on('message', (message) => {
          if ((message as { type?: string }).type === 'told') resolve(message as Record<string, unknown>);
        }),
      );
      worker.go({ args: ['run', '--run-id', 'r1'], env: { SHARE: '1/2' } });
      expect(await told).toEqual({
        type: 'told',
        command: ['run', '--run-id', 'r1'],
        share: '1/2',
        preloaded: true,
        waits: null,
        worker: '1',
        benchmark: 'sandbox',
      });
      expect(await ended(worker.child)).toEqual({ code: 0, signal: null });
    } finally {
      pool.dispose();
    }
  });

  it('end by themselves when their parent goes away before telling them anything', async () => {
    const pool = startWaitingWorkers(1, { script: await workerScript(), execArgv: [] });
    try {
      const worker = pool.take();
      if (!worker) throw new Error('no waiting worker');
      worker.child.disconnect();
      expect(await ended(worker.child)).toEqual({ code: 0, signal: null });
    } finally {
      pool.dispose();
    }
  });

  it('that nobody took are stopped by dispose (a run that ends before it needs them leaves none behind)', async () => {
    const pids = join(await mkdtemp(join(tmpdir(), 'toolgauge-waiting-')), 'pids');
    await writeFile(pids, '');
    const pool = startWaitingWorkers(2, {
      script: await workerScript(),
      execArgv: [],
      env: { ...process.env, PIDS_FILE: pids },
    });
    const started = async () => (await readFile(pids, 'utf8')).split('\n').filter(Boolean).map(Number);
    await until(async () => (await started()).length === 2);
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect((await started()).every(alive)).toBe(true);
    pool.dispose();
    expect(pool.take()).toBeUndefined();
    await until(async () => (await started()).every((pid) => !alive(pid)));
  });
});

async function until(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
