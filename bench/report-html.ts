/**
 * The HTML report at scale: a store of N episodes (default 100,000) with real-sized sandbox trajectories
 * (the oracle's records over the whole corpus, copied as further trials), then `report --html` as a user
 * runs it — its wall time, the file's size and the process's peak memory — then headless Chromium: time
 * from opening the file to an interactive overview, to the cases table, and to an episode whose view
 * is on the last page.
 *
 *   node bench/report-html.ts [episodes=100000] [--store runs.db]   (after `npm run build`; needs /usr/bin/chromium)
 *
 * With `--store` the store is kept there and, when it exists already, reused instead of filled again.
 *
 * Targets (issue #15): peak memory while building ≤ 1 GB; overview interactive ≤ 2 s.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { getBenchmark } from '../dist/benchmarks/registry.js';
import { executeRun, loadPriceTable, RunStore, serializeRecord } from '../dist/runs/index.js';
import { oracleJobs } from '../dist/testing/index.js';

const episodes = Number(process.argv[2] ?? 100_000);
const storeFlag = process.argv.indexOf('--store');
const folder = await mkdtemp(join(tmpdir(), 'bench-report-'));
const db = storeFlag > 0 ? (process.argv[storeFlag + 1] ?? '') : join(folder, 'runs.db');
if (!existsSync(db)) await fillStore();
// The last episode in the report's order: its view is on the last page.
const last = await lastEpisode();

async function fillStore(): Promise<void> {
  const store = await RunStore.open(db);
  store.ensureRun('bench', { agent: 'oracle', user: 'scripted' }, new Date().toISOString());
  const sandbox = getBenchmark('sandbox');
  const cases = (await sandbox.loadCases({ options: {} })).cases.slice(0, episodes);
  const started = performance.now();
  await executeRun({
    runId: 'bench',
    jobs: oracleJobs(sandbox, cases, store),
    store,
    prices: loadPriceTable(),
  });
  // Further trials: copies of the real records, so every episode has a real-sized trajectory, stored as
  // a run stores them (the starting world as a shared part: store format 4).
  const played = store.episodes('bench');
  const records = played.map((row) => serializeRecord(JSON.parse(row.record), [['trajectory', 'initialWorld']]));
  let stored = played.length;
  for (let trial = 1; stored < episodes; trial += 1) {
    for (const [index, row] of played.entries()) {
      if (stored >= episodes) break;
      store.saveEpisode({ ...row, trial, record: records[index] ?? row.record });
      stored += 1;
    }
  }
  const recordBytes = played.reduce((total, row) => total + row.record.length, 0) / played.length;
  store.close();
  console.log(
    `store: ${stored} episodes (${played.length} played, the rest copied as trials), ${(recordBytes / 1024).toFixed(1)} KB of record each, ${(
      (performance.now() - started) / 1000
    ).toFixed(0)} s to fill, ${((await stat(db)).size / 1e9).toFixed(2)} GB`,
  );
}

async function lastEpisode(): Promise<{ caseId: string; trial: number; count: number }> {
  const store = await RunStore.open(db);
  try {
    const rows = store.episodes('bench', { withRecords: false });
    const row = rows[rows.length - 1];
    return { caseId: row?.caseId ?? '', trial: row?.trial ?? 0, count: rows.length };
  } finally {
    store.close();
  }
}
console.log(`store: ${db}, ${last.count} episodes`);

// `toolgauge report --html` in its own process, under /usr/bin/time for its peak memory.
const file = join(folder, 'report.html');
const bin = fileURLToPath(new URL('../bin/toolgauge.js', import.meta.url));
const started = performance.now();
const built = spawnSync(
  '/usr/bin/time',
  ['-f', 'peak-kb %M', process.execPath, bin, 'report', 'bench', '--db', db, '--html', file],
  {
    encoding: 'utf8',
  },
);
const buildSeconds = (performance.now() - started) / 1000;
if (built.status !== 0) throw new Error(`report --html failed: ${built.stderr}`);
const peakKb = Number(/peak-kb (\d+)/.exec(built.stderr)?.[1]);
console.log(
  `report --html: ${((await stat(file)).size / 1e6).toFixed(0)} MB file in ${buildSeconds.toFixed(1)} s, peak memory ${(peakKb / 1024).toFixed(0)} MB (target ≤ 1024 MB)`,
);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const overview: number[] = [];
  const casesTable: number[] = [];
  const lastEpisode: number[] = [];
  const steps: string[] = [];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const page = await browser.newPage();
    const opened = performance.now();
    // Not waiting for the load event: the page shows the overview while the browser still reads the views.
    await page.goto(pathToFileURL(file).href, { timeout: 120_000, waitUntil: 'commit' });
    await page.waitForSelector('body[data-ready="true"]', { timeout: 120_000 });
    overview.push(performance.now() - opened);
    steps.push(
      // Evaluated in the page (a string: this script is typed for Node, not the DOM).
      await page.evaluate<string>(`(() => {
        const at = (name) => performance.getEntriesByName('toolgauge:' + name)[0]?.startTime ?? NaN;
        const parsed = performance.getEntriesByType('navigation')[0]?.domInteractive ?? NaN;
        return 'HTML parsed ' + parsed.toFixed(0) + ' ms, script started ' + at('start').toFixed(0) +
          ', data decoded ' + at('decoded').toFixed(0) + ', indexed ' + at('indexed').toFixed(0) +
          ', overview rendered ' + at('ready').toFixed(0);
      })()`),
    );
    let clicked = performance.now();
    await page.click('a[data-testid="nav-cases"]');
    await page.waitForSelector('[data-testid="cases"] tr[data-case-id]', { timeout: 60_000 });
    casesTable.push(performance.now() - clicked);
    clicked = performance.now();
    await page.goto(`${pathToFileURL(file).href}#/episode/bench/${encodeURIComponent(last.caseId)}/${last.trial}`);
    await page.waitForSelector('[data-testid="episode-viewer"]', { timeout: 60_000 });
    lastEpisode.push(performance.now() - clicked);
    await page.close();
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  console.log(
    `browser (median of 3): overview interactive ${(median(overview) / 1000).toFixed(2)} s (target ≤ 2 s); cases table ${median(casesTable).toFixed(0)} ms; the last page's episode view ${median(lastEpisode).toFixed(0)} ms`,
  );
  console.log(`in the page (last attempt, from navigation start): ${steps[steps.length - 1]}`);
} finally {
  await browser.close();
}
