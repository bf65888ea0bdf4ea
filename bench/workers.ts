/**
 * `--workers`: episodes per second of one process against N worker processes on a CPU-bound run — the
 * whole built-in sandbox corpus with the oracle agent (no model, no latency), every trial stored in a
 * fresh SQLite store. Each run is the real command line (`toolgauge run`), so start-up (loading cases,
 * and in each worker loading them again) is counted. Prints wall time, episodes/s, the ratio, and CPU
 * figures: the run's own CPU (user + system of the command and its workers) and how busy the machine's
 * cores were meanwhile (other processes included), so a loaded machine is visible in the numbers.
 *
 *   node bench/workers.ts [trials=3] [workers=2] [--limit=<cases>]   (after `npm run build`)
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RunStore } from '../dist/runs/index.js';

const numbers = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
const [trials = 3, workers = 2] = numbers.map(Number);
const limit = process.argv.find((argument) => argument.startsWith('--limit='))?.slice('--limit='.length);
const bin = fileURLToPath(new URL('../bin/toolgauge.js', import.meta.url));

/** Total and idle CPU time of the machine so far (clock ticks, all cores), from /proc/stat. */
function machineTicks(): { total: number; idle: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { total: fields.reduce((sum, value) => sum + value, 0), idle };
}

interface Measured {
  readonly episodes: number;
  /** From the first stored episode's end to the last's: the playing rate without start-up. */
  readonly playingSeconds: number;
  readonly wallSeconds: number;
  readonly cpuSeconds: number;
  readonly machineBusy: number;
}

async function measure(workerCount: number): Promise<Measured> {
  const db = join(await mkdtemp(join(tmpdir(), 'bench-workers-')), 'runs.db');
  const args = [
    bin,
    'run',
    '--agent',
    'oracle',
    '--trials',
    String(trials),
    ...(limit ? ['--limit', limit] : []),
    '--db',
    db,
    '--run-id',
    'bench',
    '--workers',
    String(workerCount),
    '--json',
  ];
  const before = machineTicks();
  const started = performance.now();
  // GNU time reports the command's CPU with every worker it waited for.
  const result = spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, ...args], {
    encoding: 'utf8',
    maxBuffer: 1024 * 1024 * 1024,
  });
  const wallSeconds = (performance.now() - started) / 1000;
  const after = machineTicks();
  if (result.status !== 0) throw new Error(`run with ${workerCount} worker(s) failed: ${result.stderr.slice(-2000)}`);
  const [user = 0, system = 0] = (result.stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
  const report = JSON.parse(result.stdout) as { benchmarks: { sandbox: { status: { scored: number } } } };
  const total = after.total - before.total;
  const store = await RunStore.open(db, { readOnly: true });
  const ends = store
    .attempts('bench')
    .map((attempt) => Date.parse(attempt.endedAt))
    .sort((a, b) => a - b);
  store.close();
  return {
    episodes: report.benchmarks.sandbox.status.scored,
    playingSeconds: ((ends.at(-1) ?? 0) - (ends[0] ?? 0)) / 1000,
    wallSeconds,
    cpuSeconds: user + system,
    machineBusy: total === 0 ? 0 : 1 - (after.idle - before.idle) / total,
  };
}

const cores = availableParallelism();
const playingRate = (measured: Measured) => (measured.episodes - 1) / Math.max(measured.playingSeconds, 1e-9);
const show = (label: string, measured: Measured) =>
  `${label}: ${measured.episodes} episodes in ${measured.wallSeconds.toFixed(1)} s = ${(measured.episodes / measured.wallSeconds).toFixed(1)} episodes/s (${playingRate(measured).toFixed(1)}/s from first to last episode, start-up left out); run CPU ${measured.cpuSeconds.toFixed(1)} s (${((measured.cpuSeconds / measured.wallSeconds) * 100).toFixed(0)}% of one core); machine ${(measured.machineBusy * 100).toFixed(0)}% busy on ${cores} cores`;

const one = await measure(1);
console.log(show('--workers 1', one));
const many = await measure(workers);
console.log(show(`--workers ${workers}`, many));
const ratio = many.episodes / many.wallSeconds / (one.episodes / one.wallSeconds);
console.log(
  `ratio: ${ratio.toFixed(2)}× the episodes per second of one process, whole command; ${(playingRate(many) / playingRate(one)).toFixed(2)}× while playing (target ≥ 1.7× at 2 workers)`,
);
console.log(
  `CPU: ${((one.cpuSeconds / one.episodes) * 1000).toFixed(2)} ms per episode with 1 worker, ${((many.cpuSeconds / many.episodes) * 1000).toFixed(2)} with ${workers}: ${workers} workers cost ${(many.cpuSeconds - one.cpuSeconds).toFixed(1)} s more CPU (${((many.cpuSeconds / one.cpuSeconds - 1) * 100).toFixed(0)}%) for the same episodes`,
);
const idleShare = (measured: Measured) => Math.max(0, 1 - measured.machineBusy);
console.log(
  `idle CPU left on the machine: ${(idleShare(one) * 100).toFixed(0)}% with 1 worker, ${(idleShare(many) * 100).toFixed(0)}% with ${workers} (a loaded machine caps the ratio)`,
);
