/**
 * The serial start and end of a run (issue 15): what one process does alone before the first episode and
 * after the last, which caps `--workers`. Per build, each figure in a fresh process, CPU ms (user + sys,
 * steadier than wall on a shared machine), median over the rounds:
 * - `first episode`: the whole `run --agent oracle --limit 1 --trials 1` (start-up, loading the built-in
 *   cases, one episode, a one-row report);
 * - `loadCases`: the sandbox's `loadCases` in-process (parse, validate, check, compile, case-set hash), and
 *   `hash` the case-set hash alone (second call, warm);
 * - `report`: `buildRunReport` of a stored oracle run of the whole corpus × 3 trials (9,477 episodes).
 * `--other=<checkout>` measures another build (e.g. /work/main) in the same rounds, alternating, for
 * before/after figures; the store is made once by this checkout's build.
 *
 *   node bench/run-serial.ts [--rounds=5] [--other=../main]     (after `npm run build`)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const flags = new Map(
  process.argv.slice(2).map((argument) => {
    const [name, value = ''] = argument.replace(/^--/, '').split('=');
    return [name, value] as const;
  }),
);
const rounds = Number(flags.get('rounds') ?? 5);
const own = fileURLToPath(new URL('..', import.meta.url));
const checkouts = [own, ...(flags.get('other') ? [resolve(flags.get('other') as string)] : [])];

const folder = mkdtempSync(join(tmpdir(), 'toolgauge-run-serial-'));
const db = join(folder, 'corpus.db');
const usageFile = join(folder, 'usage');
/** Imported before a command: writes the process's CPU time (µs) to `usageFile` when it exits. */
const recordUsage = `data:text/javascript,${encodeURIComponent(
  `import { writeFileSync } from 'node:fs';
process.on('exit', () => { const usage = process.resourceUsage();
writeFileSync(${JSON.stringify(usageFile)}, String(usage.userCPUTime + usage.systemCPUTime)); });`,
)}`;

/** In a fresh process: CPU ms of loadCases, of a second case-set hash, and of buildRunReport. */
function inProcessScript(checkout: string): string {
  const dist = (path: string) => JSON.stringify(pathToFileURL(join(checkout, 'dist', path)).href);
  return `
const cpu = () => { const usage = process.cpuUsage(); return (usage.user + usage.system) / 1000; };
const { getBenchmark } = await import(${dist('benchmarks/registry.js')});
const { sandboxCaseSetHash } = await import(${dist('benchmarks/sandbox/load-cases.js')});
const { buildRunReport, RunStore } = await import(${dist('runs/index.js')});
let started = cpu();
const { cases } = await getBenchmark('sandbox').loadCases({ options: {} });
const loadCases = cpu() - started;
started = cpu();
sandboxCaseSetHash(cases);
const hash = cpu() - started;
const store = await RunStore.open(${JSON.stringify(db)});
started = cpu();
buildRunReport(store, 'corpus');
const report = cpu() - started;
store.close();
process.stdout.write(JSON.stringify({ loadCases, hash, report }));`;
}

function firstEpisodeCpu(checkout: string): number {
  rmSync(usageFile, { force: true });
  const store = join(folder, 'one.db');
  rmSync(store, { force: true });
  const args = ['run', '--agent', 'oracle', '--limit', '1', '--trials', '1', '--db', store, '--json'];
  const result = spawnSync(process.execPath, ['--import', recordUsage, join(checkout, 'bin/toolgauge.js'), ...args], {
    cwd: folder,
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${checkout}: run --limit 1 failed: ${result.stderr}`);
  return Number(readFileSync(usageFile, 'utf8')) / 1000;
}

try {
  const made = spawnSync(
    process.execPath,
    [join(own, 'bin/toolgauge.js'), 'run', '--agent', 'oracle', '--trials', '3', '--run-id', 'corpus', '--db', db],
    { cwd: folder, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`could not make the store: ${made.stderr}`);
  const figures = new Map(checkouts.map((checkout) => [checkout, [] as number[][]]));
  for (let round = 0; round < rounds; round += 1) {
    for (const checkout of checkouts) {
      const first = firstEpisodeCpu(checkout);
      const measured = spawnSync(process.execPath, ['--input-type=module', '-e', inProcessScript(checkout)], {
        cwd: folder,
        encoding: 'utf8',
      });
      if (measured.status !== 0) throw new Error(`${checkout}: ${measured.stderr}`);
      const { loadCases, hash, report } = JSON.parse(measured.stdout) as Record<string, number>;
      figures.get(checkout)?.push([first, loadCases ?? Number.NaN, hash ?? Number.NaN, report ?? Number.NaN]);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  process.stdout.write(
    `CPU ms, median of ${rounds} rounds (node ${process.versions.node}, load average ${loadavg()[0]?.toFixed(1)})\n`,
  );
  process.stdout.write(
    `${'build'.padEnd(40)}${'first episode'.padStart(14)}${'loadCases'.padStart(11)}${'hash'.padStart(7)}${'report'.padStart(8)}\n`,
  );
  for (const [checkout, rows] of figures) {
    const cells = [0, 1, 2, 3].map((column, index) =>
      median(rows.map((row) => row[column] ?? Number.NaN))
        .toFixed(0)
        .padStart([14, 11, 7, 8][index] as number),
    );
    process.stdout.write(`${checkout.padEnd(40)}${cells.join('')}\n`);
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
