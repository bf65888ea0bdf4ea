/**
 * The HTML report of a 1,000-episode run: its size, and how long headless Chromium takes from opening
 * the file to an interactive overview (data decompressed and rendered), and to show the cases table.
 *
 *   node bench/report-html.ts [episodes=1000]        (after `npm run build`; needs /usr/bin/chromium)
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { getBenchmark } from '../dist/benchmarks/registry.js';
import { buildReportData, renderHtmlReport } from '../dist/report/index.js';
import { benchmarkJobs, executeRun, loadPriceTable, RunStore, runServices } from '../dist/runs/index.js';

const episodes = Number(process.argv[2] ?? 1000);
const folder = await mkdtemp(join(tmpdir(), 'bench-report-'));
const store = await RunStore.open(join(folder, 'runs.db'));
store.ensureRun('bench', { agent: 'oracle', user: 'scripted' }, new Date().toISOString());
const sandbox = getBenchmark('sandbox');
const cases = (await sandbox.loadCases({ options: {} })).cases.slice(0, episodes);
await executeRun({
  runId: 'bench',
  jobs: benchmarkJobs(
    sandbox,
    cases,
    1,
    { agent: 'oracle', user: 'scripted', agentSettings: {}, userSettings: {}, cache: 'off' },
    {
      store,
      adapterFor: () => {
        throw new Error('the oracle needs no model');
      },
    },
    { options: {}, services: runServices(undefined) },
  ),
  store,
  prices: loadPriceTable(),
});
const started = performance.now();
const html = await renderHtmlReport(buildReportData(store, ['bench']));
const buildSeconds = (performance.now() - started) / 1000;
store.close();
const file = join(folder, 'report.html');
await writeFile(file, html);
console.log(
  `${episodes} episodes: report ${(Buffer.byteLength(html) / 1e6).toFixed(2)} MB, built in ${buildSeconds.toFixed(1)} s`,
);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const timings: number[] = [];
  const casesTimings: number[] = [];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const page = await browser.newPage();
    const opened = performance.now();
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    timings.push(performance.now() - opened);
    const clicked = performance.now();
    await page.click('a[data-testid="nav-cases"]');
    await page.waitForSelector('[data-testid="cases"] tr[data-case-id]');
    casesTimings.push(performance.now() - clicked);
    await page.close();
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  console.log(
    `overview interactive in ${(median(timings) / 1000).toFixed(2)} s (median of 3; target < 2 s); cases table in ${median(casesTimings).toFixed(0)} ms`,
  );
} finally {
  await browser.close();
}
