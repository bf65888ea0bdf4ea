/**
 * Scoring the ToolTalk reference's own output, side by side with the reference: the reference's
 * `evaluate_openai.main` writes output folders (its model replaced by plans: the ground truth of the 78
 * original conversations, and the 75 parity perturbations it does not crash on;
 * `scripts/record-tooltalk-reference-outputs.py`), then times its evaluate mode alone over them; toolgauge
 * scores the same folders with `--agent recorded` in `reference-compatible` mode (the library's
 * `evaluate`, an in-memory store). Both compare free text with the same hashed bag-of-words vectors (the
 * script's sent2vec stand-in; here an embedder in this process), so neither side pays for a model.
 * Prints the CPU seconds of each side, and how many conversations' metrics agree with the files'.
 *
 * toolgauge replays every call on its tools and writes a store; the reference's evaluate mode only
 * matches the stored calls. Needs the original data and the reference mirror, and Python with numpy.
 *
 *   npm run build && node bench/tooltalk-recorded.ts [--data /work/shared/data/tooltalk] [--python python3]
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluate } from '../dist/index.js';

const argument = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
};
const data = argument('data', '/work/shared/data/tooltalk');
const python = argument('python', '/root/.pyenv/shims/python3');
const mirror = argument('mirror', '/work/.mirror/microsoft+ToolTalk/repo');
const outputs = mkdtempSync(join(tmpdir(), 'toolgauge-bench-tooltalk-recorded-'));

const recorded = spawnSync(
  python,
  [
    'scripts/record-tooltalk-reference-outputs.py',
    '--mirror',
    mirror,
    '--data',
    data,
    '--out',
    outputs,
    '--time-evaluation',
  ],
  { encoding: 'utf8' },
);
if (recorded.status !== 0) throw new Error(`the recording script failed:\n${recorded.stderr}`);
const reference = JSON.parse(recorded.stdout.trim().split('\n').at(-1) ?? '{}').reference_evaluation as Record<
  string,
  { conversations: number; cpu_seconds: number }
>;

/** The script's stand-in vectors: a bias dimension, then word counts in 63 md5 buckets. */
const parity = {
  id: 'bench-parity-hashed-words',
  dimensions: 64,
  async embed(texts: readonly string[]) {
    return texts.map((text) => {
      const vector = new Float32Array(64);
      vector[0] = 1;
      for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
        const bucket = Number.parseInt(createHash('md5').update(word, 'utf8').digest('hex').slice(0, 8), 16);
        const index = 1 + (bucket % 63);
        vector[index] = (vector[index] ?? 0) + 1;
      }
      return vector;
    });
  },
};

const score = (folder: string) =>
  evaluate({
    benchmark: 'tooltalk',
    agent: 'recorded',
    data: folder,
    options: { 'tooltalk-recorded': outputs, 'tooltalk-mode': 'reference-compatible' },
    embedderFactory: async () => parity,
  });

await score(join(outputs, 'perturbed-data')); // warm-up: module loading is not scoring

console.log('outputs     conversations  reference evaluate cpu s  toolgauge recorded cpu s  ratio  agree');
for (const [label, folder] of [
  ['oracle', data],
  ['perturbed', join(outputs, 'perturbed-data')],
] as const) {
  const cpu = process.cpuUsage();
  const report = await score(folder);
  const used = process.cpuUsage(cpu);
  const seconds = (used.user + used.system) / 1e6;
  const table = report.benchmarks.tooltalk?.tables.find((one) => one.id === 'tooltalk-reference');
  const row = table?.rows.at(-1);
  const theirs = reference[label];
  console.log(
    `${label.padEnd(10)}  ${String(theirs?.conversations).padStart(13)}  ${theirs?.cpu_seconds.toFixed(2).padStart(24)}  ${seconds.toFixed(2).padStart(24)}  ${(seconds / (theirs?.cpu_seconds ?? Number.NaN)).toFixed(2).padStart(5)}  ${row?.agree}/${row?.compared}`,
  );
}
