/**
 * Rescoring against playing: for each benchmark, plays its built-in cases into a store twice — with the
 * oracle (no model at all) and with a model over the real provider path (`openai-compatible:reference`
 * against a local `toolgauge serve-reference` in another process, so every turn is an HTTP request) —
 * then rescores the model-played run under each of its scoring options, and prints CPU seconds and wall
 * time of each, and the ratios. Against the oracle the ratio is the least favourable one (playing costs
 * no request); against the model path it is what a user saves, and a real provider's seconds per request
 * only make it smaller.
 *
 *   node bench/rescore.ts [--latency-ms N]       (after `npm run build`; N: the model's delay per reply)
 */
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** `toolgauge serve-reference` in a process of its own, every case indexed before it listens. */
async function startReferenceModel(): Promise<{ url: string; stop: () => void }> {
  const bin = fileURLToPath(new URL('../bin/toolgauge.js', import.meta.url));
  const latency = process.argv.indexOf('--latency-ms');
  const delay = latency >= 0 ? ['--latency-ms', process.argv[latency + 1] ?? '0'] : [];
  const child = spawn(process.execPath, [bin, 'serve-reference', '--port', '0', '--warm', ...delay], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk;
      const found = /reference model on (http:\/\/\S+)/.exec(text);
      if (found?.[1]) resolve(found[1]);
    });
    child.once('exit', (code) => reject(new Error(`serve-reference exited with ${code}: ${text}`)));
  });
  return { url, stop: () => child.kill() };
}

const model = await startReferenceModel();
try {
  console.log(
    'benchmark  episodes  oracle play cpu s  model play wall s  rescore (options)                          cpu s  wall s  cpu/oracle  wall/model',
  );
  for (const plan of PLANS) {
    const common = {
      benchmark: plan.benchmark,
      store,
      embedder: 'lexical',
      ...(plan.limit === undefined ? {} : { limit: plan.limit }),
    };
    const oracle = await measured(() => evaluate({ ...common, agent: 'oracle', runId: `${plan.benchmark}-oracle` }));
    const runId = `${plan.benchmark}-model`;
    const played = await measured(() =>
      evaluate({
        ...common,
        agent: 'openai-compatible:reference',
        baseUrl: `${model.url}/v1`,
        runId,
        concurrency: 4,
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
        [
          plan.benchmark.padEnd(9),
          String(episodes).padStart(8),
          oracle.cpu.toFixed(2).padStart(17),
          played.wall.toFixed(2).padStart(17),
          label.padEnd(42),
          again.cpu.toFixed(2).padStart(6),
          again.wall.toFixed(2).padStart(6),
          (again.cpu / oracle.cpu).toFixed(3).padStart(10),
          (again.wall / played.wall).toFixed(3).padStart(10),
        ].join('  '),
      );
    }
  }
} finally {
  model.stop();
}
