/**
 * Scoring stored T-Eval predictions, side by side with the reference evaluators: the counterpart of
 * bench/tooltalk-recorded.ts. `scripts/record-teval-reference-outputs.py` writes T-Eval results files
 * (oracle: the v1 PLAN and REVIEW data answered by toolgauge's oracle; perturbed: the gold plans reordered
 * by the parity suite's perturbations, reviews partly wrong or unparsable; parity: the parity suite's
 * inputs, every file kind) and times the reference's own `evaluate()` on each file (open-compass/T-Eval v1
 * `bab8696` and v2 `58f2240`, with the parity suite's stand-ins), CPU of that step alone. toolgauge scores
 * the same files with `--agent recorded` (the library's `evaluate`, an in-memory store) under the same
 * protocol with `--teval-quirks faithful`. Both sides embed with the parity embedder (stand_ins.py
 * `parity_vector`, identical here), so the similarities are bit-identical and every per-sample field
 * must agree. Then the same predictions are stored as a run and `rescore`d (the library's `rescore`, a SQLite
 * file), timed too. Best of --repeat runs on each side; toolgauge warms up first (module loading is not
 * scoring).
 *
 * Needs the v1 data (/work/shared/data/teval) and the reference mirror, and Debian's Python (numpy,
 * networkx 2.8.8).
 *
 *   npm run build && node bench/teval-recorded.ts [--data /work/shared/data/teval] [--python /usr/bin/python3]
 *     [--repeat 3] [--sets oracle,perturbed,parity] [--quirks faithful|fixed]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { differences, referenceFields, toolgaugeFields } from '../dist/benchmarks/teval/reference-parity.js';
import { importTevalFile } from '../dist/benchmarks/teval/teval-import.js';
import { oracleReply } from '../dist/benchmarks/teval/teval-oracle.js';
import { evaluate, rescore } from '../dist/index.js';

const argument = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
};
const data = argument('data', '/work/shared/data/teval');
const python = argument('python', '/usr/bin/python3');
const mirror = argument('mirror', '/work/.mirror/open-compass+T-Eval/repo');
const repeat = Number(argument('repeat', '3'));
const sets = argument('sets', 'oracle,perturbed,parity');
const quirks = argument('quirks', 'faithful');
const outputs = mkdtempSync(join(tmpdir(), 'toolgauge-bench-teval-recorded-'));

const recorded = spawnSync(
  python,
  [
    'scripts/record-teval-reference-outputs.py',
    '--mirror',
    mirror,
    '--data',
    data,
    '--out',
    outputs,
    '--repeat',
    String(repeat),
    '--sets',
    sets,
  ],
  { encoding: 'utf8', maxBuffer: 1 << 26 },
);
if (recorded.status !== 0) throw new Error(`the recording script failed:\n${recorded.stderr}`);

interface ReferenceFile {
  readonly items: number;
  readonly cpu_seconds: number[];
  readonly aggregate: Record<string, unknown>;
  readonly fields: Record<string, Record<string, number>>;
}
const reference = JSON.parse(readFileSync(join(outputs, 'reference.json'), 'utf8')) as {
  meta: { commits: Record<string, string>; python: string; networkx: string; dropped: Record<string, unknown> };
  sets: Record<string, Record<'v1' | 'v2', Record<string, ReferenceFile>>>;
};

/** stand_ins.py `parity_vector`: lower-cased words, 32-bit FNV-1a over code points into 256 slots, 1 in a 257th. */
const parity = {
  id: 'bench-parity-bag-of-words',
  dimensions: 257,
  async embed(texts: readonly string[]) {
    return texts.map((text) => {
      const vector = new Float32Array(257);
      for (const word of text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []) {
        let hash = 2166136261;
        for (const character of word) hash = Math.imul(hash ^ (character.codePointAt(0) ?? 0), 16777619);
        const slot = (hash >>> 0) % 256;
        vector[slot] = (vector[slot] ?? 0) + 1;
      }
      vector[256] = 1;
      return vector;
    });
  },
};

const score = (file: string, protocol: 'v1' | 'v2', stored?: { store: string; runId: string }) =>
  evaluate({
    benchmark: 'teval',
    agent: 'recorded',
    data: file,
    options: { 'teval-protocol': protocol, 'teval-quirks': quirks },
    embedderFactory: async () => parity,
    ...stored,
  });
/** `toolgauge rescore` of a stored run: its stored replies scored again (same protocol and quirks). */
const store = join(outputs, 'runs.db');
const rescoreRun = (runId: string, as: string, protocol: 'v1' | 'v2') =>
  rescore({
    store,
    runId,
    as,
    options: { 'teval-protocol': protocol, 'teval-quirks': quirks },
    embedderFactory: async () => parity,
  });

// The oracle set's replies are written in Python: check they are toolgauge's oracle's own.
if (sets.split(',').includes('oracle')) {
  for (const file of Object.keys(reference.sets.oracle?.v1 ?? {})) {
    const { cases } = await importTevalFile(join(outputs, 'oracle', file));
    const differing = cases.filter((item) => item.recorded !== oracleReply(item)).map((item) => item.id);
    if (differing.length > 0) throw new Error(`${file}: not the oracle's reply: ${differing.slice(0, 5).join(', ')}`);
  }
}

// Warm-up: module loading is not scoring.
for (const protocol of ['v1', 'v2'] as const) await score(join(outputs, 'parity'), protocol).catch(() => undefined);
await score(join(outputs, sets.split(',')[0] ?? 'oracle'), 'v1', { store, runId: 'warm-up' });
await rescoreRun('warm-up', 'warm-up-rescored', 'v1');

/**
 * CPU seconds of this process and of the children it waited for (toolgauge asked git for its commit on
 * every run; the reference starts no process). Children come from /proc (clock ticks of 10 ms) on Linux.
 */
const childTicks = () => {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[13]) + Number(fields[14]); // cutime, cstime (fields 16 and 17 of the line)
  } catch {
    return 0;
  }
};
const cpuNow = () => {
  const own = process.cpuUsage();
  return (own.user + own.system) / 1e6 + childTicks() / 100;
};
const rows: string[] = [];
const totals = new Map<string, { reference: number; toolgauge: number; rescore: number }>();
console.log(
  `reference: T-Eval v1 ${reference.meta.commits.v1}, v2 ${reference.meta.commits.v2}, Python ${reference.meta.python}, networkx ${reference.meta.networkx}; toolgauge --teval-quirks ${quirks}; best of ${repeat}`,
);
console.log(`left out (the reference raises on them): ${JSON.stringify(reference.meta.dropped)}`);
console.log(
  'set        protocol  file                                       items  reference cpu s  toolgauge cpu s  ratio  rescore cpu s  ratio  samples agree',
);
for (const [set, protocols] of Object.entries(reference.sets)) {
  for (const protocol of ['v1', 'v2'] as const) {
    for (const [file, theirs] of Object.entries(protocols[protocol] ?? {})) {
      const path = join(outputs, set, file);
      let best = Number.POSITIVE_INFINITY;
      let report: Awaited<ReturnType<typeof score>> | undefined;
      for (let run = 0; run < repeat; run++) {
        const started = cpuNow();
        report = await score(path, protocol);
        best = Math.min(best, cpuNow() - started);
      }
      const stem = file.replace(/\.json$/, '');
      // The same predictions stored as a run, then rescored (the stored run is not timed).
      const runId = `${set}-${protocol}-${stem}`;
      const storedRun = await score(path, protocol, { store, runId });
      let bestRescore = Number.POSITIVE_INFINITY;
      let rescored: typeof storedRun | undefined;
      for (let run = 0; run < repeat; run++) {
        const started = cpuNow();
        rescored = await rescoreRun(runId, `${runId}-rescored-${run}`, protocol);
        bestRescore = Math.min(bestRescore, cpuNow() - started);
      }
      const metricsOf = (one: typeof storedRun | undefined) =>
        JSON.stringify(one?.benchmarks.teval?.episodes.map((episode) => [episode.caseId, episode.metrics]));
      if (metricsOf(rescored) !== metricsOf(report)) throw new Error(`${set} ${protocol} ${file}: rescore differs`);
      let agree = 0;
      const examples: string[] = [];
      const episodes = report?.benchmarks.teval?.episodes ?? [];
      for (const episode of episodes) {
        const key = episode.caseId.slice(stem.length + 1);
        const expected = theirs.fields[key];
        if (!expected) continue;
        const ours = toolgaugeFields(file, { metrics: episode.metrics, parse: { matching: [] } } as never);
        delete ours.matching;
        const found = differences(referenceFields(file, expected), ours);
        if (found.length === 0) agree++;
        else if (examples.length < 2) examples.push(`${key}: ${JSON.stringify(found)}`);
      }
      const referenceSeconds = Math.min(...theirs.cpu_seconds);
      const total = totals.get(`${set} ${protocol}`) ?? { reference: 0, toolgauge: 0, rescore: 0 };
      total.reference += referenceSeconds;
      total.toolgauge += best;
      total.rescore += bestRescore;
      totals.set(`${set} ${protocol}`, total);
      rows.push(
        `${set.padEnd(9)}  ${protocol.padEnd(8)}  ${file.padEnd(41)}  ${String(theirs.items).padStart(5)}  ${referenceSeconds.toFixed(3).padStart(15)}  ${best.toFixed(3).padStart(15)}  ${(best / referenceSeconds).toFixed(2).padStart(5)}  ${bestRescore.toFixed(3).padStart(13)}  ${(bestRescore / referenceSeconds).toFixed(2).padStart(5)}  ${agree}/${Object.keys(theirs.fields).length}${episodes.length === theirs.items ? '' : ` (${episodes.length} scored)`}`,
      );
      console.log(rows.at(-1));
      for (const example of examples) console.log(`    differs: ${example}`);
    }
  }
}
console.log('\nset        protocol  reference cpu s  toolgauge cpu s  ratio  rescore cpu s  ratio');
for (const [key, total] of totals) {
  const [set, protocol] = key.split(' ') as [string, string];
  console.log(
    `${set.padEnd(9)}  ${protocol.padEnd(8)}  ${total.reference.toFixed(3).padStart(15)}  ${total.toolgauge.toFixed(3).padStart(15)}  ${(total.toolgauge / total.reference).toFixed(2).padStart(5)}  ${total.rescore.toFixed(3).padStart(13)}  ${(total.rescore / total.reference).toFixed(2).padStart(5)}`,
  );
}
