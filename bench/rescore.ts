/**
 * Rescoring against playing: for each benchmark, plays its built-in cases with the oracle into a store,
 * then rescores the stored run under each of its scoring options, and prints the CPU seconds and wall
 * time of both, and their ratio. The oracle plays without a model, so the ratio is the least favourable
 * one: with a real model, playing costs requests and seconds each, and rescoring costs none.
 *
 *   node bench/rescore.ts        (after `npm run build`)
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluate, rescore } from '../dist/index.js';

const store = join(await mkdtemp(join(tmpdir(), 'toolgauge-bench-rescore-')), 'runs.db');

interface Plan {
  readonly benchmark: string;
  readonly limit?: number;
  readonly rescores: readonly Record<string, string>[];
}

const PLANS: readonly Plan[] = [
  { benchmark: 'sandbox', rescores: [{ scoring: 'paper' }, { scoring: 'facts' }] },
  { benchmark: 'tooltalk', rescores: [{ 'tooltalk-mode': 'reference-compatible' }, { 'tooltalk-mode': 'default' }] },
  { benchmark: 'toolscan', rescores: [{ 'toolscan-reference': 'on' }, { 'toolscan-reference': 'off' }] },
  {
    benchmark: 'teval',
    limit: 2000,
    rescores: [
      { 'teval-protocol': 'v2', 'teval-quirks': 'faithful' },
      { 'teval-protocol': 'v1', 'teval-quirks': 'fixed' },
    ],
  },
];

async function measured<T>(work: () => Promise<T>): Promise<{ value: T; cpu: number; wall: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await work();
  const used = process.cpuUsage(cpu);
  return { value, cpu: (used.user + used.system) / 1e6, wall: (performance.now() - started) / 1000 };
}

console.log('benchmark  episodes  play cpu s  rescore (options)                          cpu s  ratio');
for (const plan of PLANS) {
  const runId = `${plan.benchmark}-oracle`;
  const played = await measured(() =>
    evaluate({
      benchmark: plan.benchmark,
      agent: 'oracle',
      store,
      runId,
      embedder: 'lexical',
      ...(plan.limit === undefined ? {} : { limit: plan.limit }),
    }),
  );
  const report = played.value.benchmarks[plan.benchmark];
  const episodes = (report?.status.scored ?? 0) + (report?.status.failed ?? 0);
  for (const [index, options] of plan.rescores.entries()) {
    const again = await measured(() => rescore({ store, runId, as: `${runId}-rescored-${index}`, options }));
    const label = Object.entries(options)
      .map(([flag, value]) => `--${flag} ${value}`)
      .join(' ');
    console.log(
      `${plan.benchmark.padEnd(9)}  ${String(episodes).padStart(8)}  ${played.cpu.toFixed(2).padStart(10)}  ${label.padEnd(42)} ${again.cpu.toFixed(2).padStart(6)}  ${(again.cpu / played.cpu).toFixed(3)}`,
    );
  }
}
