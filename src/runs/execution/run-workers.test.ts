import { describe, expect, it } from 'vitest';
import type { AnyBenchmark } from '../../spec/index.js';
import { benchmarkJobs } from './benchmark-jobs.js';
import { workerCommandFor } from './run-workers.js';
import { ownShareFirst } from './worker-share.js';

describe('workers', () => {
  it("try their own share of the jobs first, in the run's order, then the others'", () => {
    const jobs = [0, 1, 2, 3, 4, 5, 6];
    expect(ownShareFirst(jobs, { index: 1, count: 3 })).toEqual([1, 4, 0, 2, 3, 5, 6]);
    expect(ownShareFirst(jobs, { index: 0, count: 3 })).toEqual([0, 3, 6, 1, 2, 4, 5]);
    expect(ownShareFirst(jobs, { index: 0, count: 1 })).toEqual(jobs);
    // Every share together is every job once.
    const firsts = [0, 1, 2].flatMap((index) => ownShareFirst(jobs, { index, count: 3 }).slice(0, index === 0 ? 3 : 2));
    expect(firsts.sort()).toEqual(jobs);
  });

  it("keep a case's trials together in one share, so a case is prepared by one process", () => {
    const jobs = ['a#0', 'a#1', 'b#0', 'b#1', 'c#0', 'd#0', 'c#1', 'd#1', 'e#0'];
    const caseOf = (job: string) => job.split('#')[0] as string;
    expect(ownShareFirst(jobs, { index: 0, count: 2 }, caseOf)).toEqual([
      'a#0',
      'a#1',
      'c#0',
      'c#1',
      'e#0',
      'b#0',
      'b#1',
      'd#0',
      'd#1',
    ]);
    expect(ownShareFirst(jobs, { index: 1, count: 2 }, caseOf).slice(0, 4)).toEqual(['b#0', 'b#1', 'd#0', 'd#1']);
  });

  it("carry the benchmark's case group on each job (sandbox: the scenario), or none", () => {
    const cases = [{ id: 'scene~1/plain', labels: {} }];
    const grouped = { id: 'b', caseGroup: (item: { id: string }) => item.id.split('~')[0] } as unknown as AnyBenchmark;
    const context = { adapterFor: () => undefined } as never;
    const options = { options: {}, services: {} as never };
    const participants = {
      agent: 'oracle',
      user: 'scripted',
      agentSettings: {},
      userSettings: {},
      cache: 'off',
    } as never;
    const jobs = benchmarkJobs(grouped, cases, 2, participants, context, options);
    expect(jobs.map((job) => job.group)).toEqual(['scene', 'scene']);
    const plain = benchmarkJobs({ id: 'b' } as unknown as AnyBenchmark, cases, 1, participants, context, options);
    expect(plain[0]?.group).toBeUndefined();
  });

  it('start the same command for the same run, without a second preflight or workers of their own', () => {
    const command = workerCommandFor('nightly', ['/usr/bin/node', '/x/toolgauge.js', 'run', '--workers', '3']);
    expect(command).toEqual({
      script: '/x/toolgauge.js',
      args: ['run', '--workers', '3', '--run-id', 'nightly', '--no-preflight', '--workers', '1'],
    });
  });
});

describe('a worker whose parent is killed', () => {
  it('keeps sending events without crashing on the broken channel (EPIPE)', { timeout: 30_000 }, async () => {
    const { spawn } = await import('node:child_process');
    const { mkdtemp, readFile, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const folder = await mkdtemp(join(tmpdir(), 'toolgauge-epipe-'));
    const workers = new URL('../../../dist/runs/execution/run-workers.js', import.meta.url).href;
    const childLog = join(folder, 'child.log');
    // The worker: sends a stream of events to its parent, then says how it ended.
    await writeFile(
      join(folder, 'child.mjs'),
      `import { sendEventsToParent } from ${JSON.stringify(workers)};
       const send = sendEventsToParent();
       process.on('disconnect', () => { console.error('disconnected'); setTimeout(() => process.exit(0), 200); });
       let n = 0;
       setInterval(() => { for (let i = 0; i < 50; i++) send({ type: 'run-end', runId: 'r' + n++, scored: 0, failed: 0, notRun: 0, cost: 0, seconds: 0 }); }, 1);`,
    );
    // The parent: starts the worker with its stderr in a file, prints its pid, and waits to be killed.
    await writeFile(
      join(folder, 'parent.mjs'),
      `import { fork } from 'node:child_process'; import { openSync } from 'node:fs';
       const log = openSync(${JSON.stringify(childLog)}, 'w');
       const child = fork(${JSON.stringify(join(folder, 'child.mjs'))}, { stdio: ['ignore', log, log, 'ipc'] });
       child.on('message', () => {});
       setTimeout(() => console.log(child.pid), 300);`,
    );
    const parent = spawn(process.execPath, [join(folder, 'parent.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
    const childPid = Number(
      await new Promise<string>((resolve) => parent.stdout.once('data', (data) => resolve(String(data)))),
    );
    parent.kill('SIGKILL');
    // The worker ends by itself, having logged the disconnect and no error.
    const deadline = Date.now() + 15_000;
    const alive = () => {
      try {
        process.kill(childPid, 0);
        return true;
      } catch {
        return false;
      }
    };
    while (alive() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(alive()).toBe(false);
    const log = await readFile(childLog, 'utf8');
    expect(log).toContain('disconnected');
    expect(log).not.toMatch(/EPIPE|Unhandled|Error/);
  });
});
