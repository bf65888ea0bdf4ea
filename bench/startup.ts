/**
 * Start-up of the command line: spawns each command `runs` times against a small store it creates with
 * the build measured (the oracle on three cases of each benchmark asked for, the sandbox's by default)
 * and prints, per command, the median and slowest wall time and the largest resident memory of the
 * process. `--bin` measures another build (e.g. an older checkout's) the same way, for before/after
 * figures; `--benchmarks` adds `report`, `show` and `export` of other benchmarks' runs (`show` reads
 * each benchmark's record through its own reader); `--commands` keeps the commands whose name (as
 * printed) matches a regular expression. The last line measures the library the same way:
 * `node -e "await import('toolgauge')"` in the measured build's package folder (`dist/index.js`).
 *
 *   node bench/startup.ts [--runs=10] [--bin=bin/toolgauge.js] [--benchmarks=sandbox,tooltalk,toolscan,teval]
 *                         [--commands=^show]                  (after `npm run build`)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const flags = new Map(
  process.argv.slice(2).map((argument) => {
    const [name, value = ''] = argument.replace(/^--/, '').split('=');
    return [name, value] as const;
  }),
);
const runs = Number(flags.get('runs') ?? 10);
const ownBin = fileURLToPath(new URL('../bin/toolgauge.js', import.meta.url));
const bin = resolve(flags.get('bin') || ownBin);
const benchmarks = (flags.get('benchmarks') || 'sandbox').split(',');
const kept = new RegExp(flags.get('commands') || '');

const folder = mkdtempSync(join(tmpdir(), 'toolgauge-startup-'));
const db = join(folder, 'startup.db');
const rssFile = join(folder, 'rss');
// Imported before the command: writes the process's CPU time (µs) and peak resident memory (KB) to
// `rssFile` when it exits. CPU time is the steadier figure on a loaded machine; wall time is the target.
const recordRss = `data:text/javascript,${encodeURIComponent(
  `import { writeFileSync } from 'node:fs';
process.on('exit', () => { const usage = process.resourceUsage();
writeFileSync(${JSON.stringify(rssFile)}, JSON.stringify([usage.userCPUTime + usage.systemCPUTime, usage.maxRSS])); });`,
)}`;

function toolgauge(args: readonly string[], binary = bin): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [binary, ...args], { cwd: folder, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

try {
  // The store is made by the build measured: an older --bin may not read a newer store format (a newer
  // one migrates an older store on its first write, which would then be inside the figures).
  const perBenchmark = benchmarks.map((benchmark) => {
    // The sandbox's run keeps the name it always had, so that its rows read as in earlier figures.
    const runId = benchmark === 'sandbox' ? 'startup' : `startup-${benchmark}`;
    const run = ['run', '--benchmark', benchmark, '--agent', 'oracle', '--limit', '3', '--run-id', runId];
    const made = toolgauge([...run, '--db', db]);
    if (made.status !== 0) throw new Error(`could not make the store (${benchmark}): ${made.stderr}`);
    const report = JSON.parse(toolgauge(['report', runId, '--db', db, '--format', 'json']).stdout) as {
      benchmarks: Record<string, { episodes: { caseId: string }[] }>;
    };
    const caseId = report.benchmarks[benchmark]?.episodes[0]?.caseId;
    if (!caseId) throw new Error(`the store has no ${benchmark} episode`);
    return { runId, caseId };
  });
  const caseIds = new Set(perBenchmark.map(({ caseId }) => caseId));

  const commands: readonly (readonly string[])[] = [
    ['--help'],
    ['run', '--help'],
    ['list', 'runs', '--db', db],
    ...perBenchmark.flatMap(({ runId, caseId }) => [
      ['report', runId, '--db', db],
      ['report', runId, '--db', db, '--format', 'json'],
      ['show', runId, caseId, '--db', db],
      ['export', runId, '--db', db],
    ]),
    ['list', 'models'],
  ];
  const nameOf = (args: readonly string[]) =>
    args.map((arg) => (arg === db ? 'DB' : caseIds.has(arg) ? 'CASE' : arg)).join(' ');
  process.stdout.write(`${bin}: ${runs} runs per command (node ${process.versions.node})\n`);
  process.stdout.write(
    `${'command'.padEnd(48)}${'median ms'.padStart(10)}${'max ms'.padStart(9)}${'CPU ms'.padStart(9)}${'max RSS MB'.padStart(12)}\n`,
  );
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  /** Spawns `node --import <rss recorder> ...argv` `runs` times in `cwd` and prints its row. */
  const measure = (name: string, argv: readonly string[], cwd: string) => {
    const walls: number[] = [];
    const cpus: number[] = [];
    let rss = 0;
    for (let run = 0; run < runs; run += 1) {
      rmSync(rssFile, { force: true });
      const started = performance.now();
      const result = spawnSync(process.execPath, ['--import', recordRss, ...argv], {
        cwd,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      walls.push(performance.now() - started);
      if (result.status !== 0) throw new Error(`${name} failed: ${result.stderr}`);
      const [cpuMicroseconds, maxRss] = JSON.parse(readFileSync(rssFile, 'utf8')) as [number, number];
      cpus.push(cpuMicroseconds / 1000);
      rss = Math.max(rss, maxRss);
    }
    const cells = [median(walls), Math.max(...walls), median(cpus)].map((value, index) =>
      value.toFixed(0).padStart(index === 0 ? 10 : 9),
    );
    process.stdout.write(`${name.padEnd(48)}${cells.join('')}${(rss / 1024).toFixed(0).padStart(12)}\n`);
  };
  for (const args of commands.filter((command) => kept.test(nameOf(command)))) {
    measure(nameOf(args), [bin, ...args], folder);
  }
  // The library: importing the package by name, from the measured build's package folder.
  const library = "import('toolgauge')";
  if (kept.test(library)) measure(library, ['-e', "await import('toolgauge')"], resolve(dirname(bin), '..'));
} finally {
  rmSync(folder, { recursive: true, force: true });
}
