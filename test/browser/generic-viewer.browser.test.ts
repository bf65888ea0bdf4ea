import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from './chromium.js';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../../bin/toolgauge.js', import.meta.url));
const toolgauge = (...args: string[]) =>
  run(process.execPath, [bin, ...args], { env: { ...process.env, TOOLGAUGE_TEST_BENCHMARKS: '1' } });

// A benchmark without a dedicated viewer (the test-only `example`): declared tables on the overview, and
// the generic episode viewer (metrics, labels, the record as JSON: it has no trajectory).
describe.runIf(chromiumAvailable())('the HTML report of another benchmark in Chromium', { timeout: 240_000 }, () => {
  let browser: Browser;
  let html: string;

  beforeAll(async () => {
    const folder = await mkdtemp(join(tmpdir(), 'toolgauge-generic-'));
    const db = join(folder, 'runs.db');
    await toolgauge('run', '--benchmark', 'example', '--run-id', 'ex', '--db', db);
    html = join(folder, 'report.html');
    await toolgauge('report', 'ex', '--db', db, '--html', html);
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  it("shows the benchmark's declared table and the generic episode viewer", async () => {
    const page = await (await browser.newContext()).newPage();
    const self = pathToFileURL(html).href;
    const outside: string[] = [];
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url === self || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      outside.push(url);
      return route.abort();
    });
    await page.goto(self);
    await page.waitForSelector('body[data-ready="true"]');
    const table = page.locator('[data-testid="declared-table-by-kind"]');
    expect(await table.locator('tr[data-run-id="ex"] td[data-column="accuracy"]').first().innerText()).toBe('100.0');
    // A benchmark from outside the built-in four gets a page from its contract: its headline per run
    // plotted, its table styled, its headline by each label.
    expect(await page.locator('[data-testid="benchmark-page"][data-benchmark="example"] h1').innerText()).toBe(
      'Example',
    );
    expect(await page.locator('[data-testid="headline-plot"] svg').count()).toBe(1);
    expect(await page.locator('[data-testid="label-group-kind"] tr[data-label-value="conversion"]').count()).toBe(1);
    expect(await page.locator('[data-testid="benchmark-runs"] tr[data-run-id="ex"]').count()).toBe(1);
    // The header counts every benchmark's runs, not only the sandbox's.
    expect(await page.locator('header .meta').innerText()).toMatch(/^1 run · 3 episodes · generated/);
    // Next to the tables: the cases and version the numbers came from.
    expect(await page.locator('[data-testid="provenance"] p[data-run-id="ex"]').innerText()).toMatch(
      /^ex: cases built-in \(3, set [0-9a-f]{8}\) · toolgauge /,
    );

    await page.goto(`${self}#/episode/ex/miles-to-km/0`);
    const viewer = page.locator('[data-testid="episode-viewer"][data-viewer="generic"]');
    await viewer.waitFor();
    expect(await viewer.getAttribute('data-benchmark')).toBe('example');
    expect(await viewer.locator('td[data-metric="accuracy"]').innerText()).toBe('1');
    expect(await viewer.locator('[data-label="kind"]').innerText()).toBe('Kind · conversion');
    expect(await viewer.locator('[data-testid="episode-record"]').textContent()).toContain('"convert_units"');
    expect(outside).toEqual([]);
  });
});
