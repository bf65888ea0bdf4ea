import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from './chromium.js';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../../bin/toolgauge.js', import.meta.url));
const toolgauge = (...args: string[]) => run(process.execPath, [bin, ...args], { maxBuffer: 64 * 1024 * 1024 });

/** One small run of each benchmark, and what its page must show besides its tables. */
const BENCHMARKS = [
  {
    id: 'sandbox',
    title: 'ToolSandbox',
    limit: '4',
    charts: ['[data-testid="leaderboard"]', '[data-testid="turn-counts"]'],
  },
  { id: 'tooltalk', title: 'ToolTalk', limit: '3', charts: ['[data-testid="chart-tooltalk-results"] svg'] },
  {
    id: 'toolscan',
    title: 'ToolScan',
    limit: '3',
    charts: ['[data-testid="chart-table4"] svg', '[data-testid="chart-api-similarity"] svg'],
  },
  {
    id: 'teval',
    title: 'T-Eval',
    limit: '4',
    charts: ['[data-testid="radar-teval-abilities"] svg', '[data-testid="chart-teval-table-1"] svg'],
  },
] as const;

/** Words that belong to the sandbox alone (its scenarios, minefields and leaderboard). */
const SANDBOX_WORDING = /ToolSandbox|scenario|minefield|milestone/i;

async function open(browser: Browser, file: string, hash: string): Promise<{ page: Page; outside: string[] }> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const self = pathToFileURL(file).href;
  const outside: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url === self || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    outside.push(url);
    return route.abort();
  });
  await page.goto(`${self}${hash}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 });
  return { page, outside };
}

/** A full-page screenshot (kept in TOOLGAUGE_SCREENSHOTS when set), checked to be a real image. */
async function screenshot(page: Page, folder: string, name: string): Promise<void> {
  const path = join(folder, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  expect((await stat(path)).size).toBeGreaterThan(10_000);
}

// Each benchmark's page and episode viewer, and the history of ten runs, in the real browser.
describe.runIf(chromiumAvailable())("every benchmark's pages in Chromium", { timeout: 300_000 }, () => {
  let browser: Browser;
  let folder: string;
  let shots: string;
  let html: string;
  let history: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'toolgauge-pages-'));
    shots = process.env.TOOLGAUGE_SCREENSHOTS ?? join(folder, 'screenshots');
    await mkdir(shots, { recursive: true });
    const db = join(folder, 'runs.db');
    for (const benchmark of BENCHMARKS) {
      await toolgauge(
        'run',
        '--benchmark',
        benchmark.id,
        '--limit',
        benchmark.limit,
        '--embedder',
        'lexical',
        '--run-id',
        benchmark.id,
        '--db',
        db,
      );
    }
    html = join(folder, 'report.html');
    await toolgauge('report', ...BENCHMARKS.map((benchmark) => benchmark.id), '--db', db, '--html', html);
    // Ten "nightly" runs of one benchmark: the oracle and a weaker agent alternating.
    const nights = Array.from({ length: 10 }, (_, night) => `night-${night}`);
    for (const [night, runId] of nights.entries()) {
      const agent = night % 2 === 0 ? 'oracle' : 'unhelpful';
      await toolgauge(
        'run',
        '--benchmark',
        'toolscan',
        '--agent',
        agent,
        '--limit',
        '2',
        '--run-id',
        runId,
        '--db',
        db,
      );
    }
    history = join(folder, 'history.html');
    await toolgauge('report', ...nights, '--db', db, '--html', history);
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('lists every benchmark and run on the overview', async () => {
    const { page, outside } = await open(browser, html, '#/');
    expect(await page.locator('header .meta').innerText()).toMatch(/^4 runs · \d+ episodes/);
    expect(await page.locator('[data-testid="benchmark-card"]').count()).toBe(4);
    expect(await page.locator('[data-testid="benchmark-card"] [data-testid="headline-plot"] svg').count()).toBe(4);
    for (const benchmark of BENCHMARKS) {
      expect(await page.locator(`[data-testid="runs"] tr[data-run-id="${benchmark.id}"]`).count()).toBe(1);
    }
    expect(await page.locator('main').innerText()).not.toMatch(/\b0 runs\b/);
    await screenshot(page, shots, 'overview');
    expect(outside).toEqual([]);
  });

  for (const benchmark of BENCHMARKS) {
    it(`shows ${benchmark.title}'s page styled, plotted and in its own words`, async () => {
      const { page, outside } = await open(browser, html, `#/benchmark/${benchmark.id}`);
      const view = page.locator(`[data-testid="benchmark-page"][data-benchmark="${benchmark.id}"]`);
      await view.waitFor();
      expect(await view.locator('h1').innerText()).toBe(benchmark.title);
      expect(await view.locator('[data-testid="headline-plot"] svg').count()).toBe(1);
      for (const chart of benchmark.charts) expect(await view.locator(chart).count()).toBeGreaterThan(0);
      // Styled tables: shaded headers, and no header is an id in snake_case or empty.
      const header = view.locator('table.data thead th').first();
      expect(
        await header.evaluate(
          (element) =>
            (globalThis as unknown as { getComputedStyle(of: unknown): { backgroundColor: string } }).getComputedStyle(
              element,
            ).backgroundColor,
        ),
      ).not.toBe('rgba(0, 0, 0, 0)');
      const headers = await view.locator('[data-testid^="declared-table-"] thead th').allTextContents();
      expect(headers.length).toBeGreaterThan(0);
      expect(headers.filter((text) => text.trim() === '' || /^[a-z]+(_[a-z]+)+$/.test(text.trim()))).toEqual([]);
      expect(await view.locator(`[data-testid="benchmark-runs"] tr[data-run-id="${benchmark.id}"]`).count()).toBe(1);
      const text = await page.locator('main').innerText();
      expect(text).not.toMatch(/\b0 runs\b/);
      if (benchmark.id !== 'sandbox') expect(text).not.toMatch(SANDBOX_WORDING);
      await screenshot(page, shots, `${benchmark.id}-overview`);
      expect(outside).toEqual([]);
    });

    it(`opens a ${benchmark.title} episode from the cases table`, async () => {
      const { page, outside } = await open(browser, html, '#/cases');
      await page
        .locator(`[data-testid="cases"] tr[data-run-id="${benchmark.id}"] a[data-testid="open-episode"]`)
        .first()
        .click();
      const viewer = page.locator('[data-testid="episode-viewer"]');
      await viewer.waitFor();
      expect(await page.locator('[data-testid="episode-score"]').innerText()).toMatch(/^\d\.\d{3}$/);
      if (benchmark.id === 'sandbox') {
        // Every world table fits its panel instead of running off its right edge.
        const overflows = await page
          .locator('[data-testid="world-table"]')
          .evaluateAll((elements) => elements.map((element) => element.scrollWidth - element.clientWidth));
        expect(overflows.length).toBeGreaterThan(0);
        expect(overflows.filter((overflow) => overflow > 1)).toEqual([]);
      } else {
        expect(await viewer.getAttribute('data-viewer')).toBe('generic');
        // The explanations are of this episode: no run column repeating its id, and every column titled.
        const cells = await viewer.locator('[data-testid^="declared-table-"] td').allInnerTexts();
        expect(cells).not.toContain(benchmark.id);
        const headers = await viewer.locator('[data-testid^="declared-table-"] thead th').allInnerTexts();
        expect(headers.filter((title) => title.trim() === '')).toEqual([]);
        const titles = await viewer.locator('section[data-testid^="trajectory-"] h2').allInnerTexts();
        expect(titles.filter((title) => /user/i.test(title))).toEqual([]);
        expect(await viewer.innerText()).not.toMatch(SANDBOX_WORDING);
      }
      await screenshot(page, shots, `${benchmark.id}-episode`);
      expect(outside).toEqual([]);
    });
  }

  it('shows ten runs of one benchmark over time, with the cases that changed between them', async () => {
    const { page, outside } = await open(browser, history, '#/history');
    const rows = page.locator('[data-testid="history-runs"] tbody tr');
    expect(await rows.count()).toBe(10);
    expect(
      await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-run-id'))),
    ).toEqual(Array.from({ length: 10 }, (_, night) => `night-${night}`));
    // One dot per run in the plot of the headline over time.
    expect(await page.locator('[data-testid="history-plot"] svg circle').count()).toBe(10);
    // The oracle's run scores 1, the weaker agent's next one less: the cases that fell are listed.
    const second = rows.nth(1);
    expect(await second.locator('td[data-metric="change"]').innerText()).toMatch(/^−/);
    expect(await second.locator('[data-testid="changed-cases"] .changed-case').count()).toBeGreaterThan(0);
    expect(await second.locator('[data-testid="changed-cases"]').innerText()).toContain('1.000 → 0.000');
    await screenshot(page, shots, 'history');
    // Each run links to the full comparison with the run before: for any benchmark, from what it declares.
    await second.locator('[data-testid="changed-cases"] a', { hasText: 'vs night-0' }).click();
    const compare = page.locator('[data-testid="compare"][data-viewer="generic"]');
    await compare.waitFor();
    expect(await compare.locator('[data-testid="compare-metrics"] tr[data-metric="success"]').innerText()).toMatch(
      /1\.000\s+0\.000\s+−1\.000/,
    );
    expect(await compare.locator('[data-testid="compare-cases"] tbody tr').count()).toBeGreaterThan(0);
    expect(outside).toEqual([]);
  });
});
