import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBenchmark, loadAllBenchmarks } from '../../src/benchmarks/registry.js';
import {
  BUILT_IN_SCENARIOS,
  loadScenarios,
  type SandboxCase,
  sandboxCases,
} from '../../src/benchmarks/sandbox/internals.js';
import { buildReportData, renderHtmlReport } from '../../src/report/index.js';
import { benchmarkJobs, executeRun, loadPriceTable, RunStore, runServices } from '../../src/runs/index.js';
import { ScriptedModel } from '../../src/testing/index.js';
import { chromiumAvailable, launchChromium } from './chromium.js';

// The benchmarks these tests use synchronously (`getBenchmark`): importing the registry loads none.
await loadAllBenchmarks();

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../../bin/toolgauge.js', import.meta.url));
const toolgauge = (...args: string[]) => run(process.execPath, [bin, ...args], { maxBuffer: 256 * 1024 * 1024 });

interface Opened {
  page: Page;
  /** Every request the page made that was not for the report file itself. */
  outside: string[];
}

async function open(browser: Browser, file: string): Promise<Opened> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const outside: string[] = [];
  const self = pathToFileURL(file).href;
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url === self || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    outside.push(url);
    return route.abort();
  });
  await page.goto(self);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 });
  return { page, outside };
}

/** Plays sandbox cases with a scripted model into a run of `store`. */
async function playScripted(
  store: RunStore,
  runId: string,
  agent: string,
  cases: readonly SandboxCase[],
  model: ScriptedModel,
): Promise<void> {
  await executeRun({
    runId,
    jobs: benchmarkJobs(
      getBenchmark('sandbox'),
      cases,
      1,
      { agent, user: 'scripted', agentSettings: {}, userSettings: {}, cache: 'off' },
      { store, adapterFor: () => model },
      { options: {}, services: runServices(undefined) },
    ),
    store,
    prices: loadPriceTable(),
  });
}

describe.runIf(chromiumAvailable())('the HTML report in Chromium', { timeout: 240_000 }, () => {
  let browser: Browser;
  let folder: string;
  let db: string;
  let html: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'toolgauge-html-'));
    db = join(folder, 'runs.db');
    // A real run: the reference agents over a few hundred episodes.
    await toolgauge('run', '--augmentation', 'distraction-0', '--run-id', 'oracle', '--db', db);
    await toolgauge(
      'run',
      '--agent',
      'unhelpful',
      '--augmentation',
      'distraction-0',
      '--run-id',
      'unhelpful',
      '--db',
      db,
    );
    html = join(folder, 'report.html');
    await toolgauge('report', 'oracle', 'unhelpful', '--db', db, '--html', html);
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('renders the leaderboard with the stored numbers, offline', async () => {
    const report = JSON.parse(
      (await toolgauge('report', 'oracle', 'unhelpful', '--db', db, '--format', 'json')).stdout,
    );
    const { page, outside } = await open(browser, html);
    for (const runReport of report) {
      const sandbox = runReport.benchmarks.sandbox;
      const row = page.locator(`[data-testid="leaderboard"] tr[data-run-id="${runReport.runId}"]`);
      expect(await row.locator('td[data-metric="overall"]').innerText()).toMatch(
        new RegExp(`^${sandbox.overall.score.toFixed(3)}`),
      );
      // Report format 2: the categories are the declared by-category table's cells (null: no case there).
      const byCategory = sandbox.tables.find((table: { id: string }) => table.id === 'by-category').rows[0];
      for (const [category, cell] of Object.entries(byCategory) as [string, number | null][]) {
        if (category === 'overall' || cell === null) continue;
        expect(await row.locator(`td[data-metric="category:${category}"]`).innerText()).toMatch(
          new RegExp(`^${cell.toFixed(3)}`),
        );
      }
      const turns = page.locator(
        `[data-testid="turn-counts"] tr[data-run-id="${runReport.runId}"] td[data-metric="overall"]`,
      );
      expect(await turns.innerText()).toMatch(new RegExp(`^${sandbox.metrics.turnCount.toFixed(1)}`));
    }
    expect(outside).toEqual([]);
  });

  it('opens an episode from the cases table, with the stored milestone mapping', async () => {
    const caseId = 'phone-send-message-cellular-off/distraction-0';
    const stored = JSON.parse((await toolgauge('show', 'oracle', caseId, '--db', db, '--json')).stdout);
    const { page, outside } = await open(browser, html);
    await page.click('a[data-testid="nav-cases"]');
    await page.fill('[data-testid="case-filter"]', 'phone-send-message-cellular-off/');
    const row = page.locator(`[data-testid="cases"] tr[data-case-id="${caseId}"][data-run-id="oracle"]`);
    await row.locator('a[data-testid="open-episode"]').click();
    await page.waitForSelector('[data-testid="episode-viewer"]');
    const shown = await page.$$eval('[data-testid="milestone"]', (elements) =>
      elements.map((element) => ({
        milestone: element.getAttribute('data-milestone-id'),
        messageIndex: Number(element.getAttribute('data-message-index')),
        similarity: element.getAttribute('data-similarity'),
      })),
    );
    expect(shown).toEqual(
      stored.milestones.map((match: { milestone: string; messageIndex: number; similarity: number }) => ({
        milestone: match.milestone,
        messageIndex: match.messageIndex,
        similarity: match.similarity.toFixed(3),
      })),
    );
    expect(await page.locator('[data-testid="episode-score"]').innerText()).toMatch(/^1\.000/);
    expect(await page.locator('[data-testid="message"]').count()).toBe(stored.trajectory.messages.length);
    expect(outside).toEqual([]);
  });

  it('keeps the cases table sorted and on its page while an episode is opened and closed', async () => {
    const { page, outside } = await open(browser, html);
    await page.click('a[data-testid="nav-cases"]');
    await page.click('button[data-sort-key="score"]');
    await page.click('button[aria-label="Next page"]');
    await page.waitForSelector('[data-testid="pager"] >> text=/page 2 of/');
    const firstRow = page.locator('[data-testid="cases"] tbody tr').first();
    const caseId = await firstRow.getAttribute('data-case-id');
    const scores = await page.$$eval('[data-testid="cases"] tbody td.score', (cells) =>
      cells.map((cell) => cell.textContent ?? ''),
    );
    // Sorted by score, highest first (the report's episodes come from the paged data's columns).
    const numeric = scores.filter((score) => score !== '—').map(Number);
    expect(numeric).toEqual([...numeric].sort((a, b) => b - a));
    await firstRow.locator('a[data-testid="open-episode"]').click();
    await page.waitForSelector('[data-testid="episode-viewer"]');
    await page.goBack();
    await page.waitForSelector('[data-testid="pager"] >> text=/page 2 of/');
    expect(await page.locator('[data-testid="cases"] tbody tr').first().getAttribute('data-case-id')).toBe(caseId);
    expect(await page.locator('th[aria-sort="descending"] button').getAttribute('data-sort-key')).toBe('score');
    expect(outside).toEqual([]);
  });

  it('says which table and message made a guardrail zero a milestone', async () => {
    const store = await RunStore.open(join(folder, 'guardrail.db'));
    store.ensureRun('guardrail', { agent: 'openai:careless', user: 'scripted' }, new Date().toISOString());
    const { scenarios } = await loadScenarios([fileURLToPath(BUILT_IN_SCENARIOS)]);
    const cases = sandboxCases(scenarios, ['distraction-all']).filter(
      (entry) => entry.id === 'time-add-reminder-at-timestamp-with-place/distraction-all',
    );
    expect(cases).toHaveLength(1);
    // Right reminder, but it switches Wi-Fi off first: a table no milestone constrains changes.
    const reminder = {
      content: 'Return the library books',
      reminder_timestamp: 1784667600,
      latitude: 37.779,
      longitude: -122.4159,
    };
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'set_wifi_status', arguments: { on: false } }] },
      { toolCalls: [{ name: 'add_reminder', arguments: reminder }] },
      'I added the reminder "Return the library books" for Unix time 1784667600, tied to latitude 37.779, longitude -122.4159.',
    ]);
    await playScripted(store, 'guardrail', 'openai:careless', cases, model);
    const file = join(folder, 'guardrail.html');
    await writeFile(file, await renderHtmlReport(buildReportData(store, ['guardrail'])));
    store.close();
    const shown = JSON.parse(
      (await toolgauge('show', 'guardrail', cases[0]?.id ?? '', '--db', join(folder, 'guardrail.db'), '--json')).stdout,
    );
    const zeroed = shown.milestones.find((match: { guardrail?: unknown }) => match.guardrail);
    expect(zeroed?.guardrail).toMatchObject({ table: 'settings', window: 'before' });

    const { page } = await open(browser, file);
    await page.goto(`${pathToFileURL(file).href}#/episode/guardrail/${encodeURIComponent(cases[0]?.id ?? '')}/0`);
    await page.waitForSelector('[data-testid="episode-viewer"]');
    const card = page.locator(`[data-testid="milestone"][data-milestone-id="${zeroed.milestone}"]`);
    expect(await card.getAttribute('data-similarity')).toBe('0.000');
    expect(await card.locator('[data-testid="guardrail-note"]').innerText()).toBe(
      `Guardrail: table "settings" changed at message #${zeroed.guardrail.changedAt}, before message #${zeroed.guardrail.wouldMatch}, where it matched (${zeroed.guardrail.unguardedSimilarity.toFixed(3)} without the guardrail).`,
    );
    // The change came before every milestone, so each one it zeroed carries a note, and only those.
    const guarded = shown.milestones.filter((match: { guardrail?: unknown }) => match.guardrail);
    expect(guarded.length).toBeGreaterThanOrEqual(1);
    expect(await page.locator('[data-testid="guardrail-note"]').count()).toBe(guarded.length);
  });

  it('shows what models write as text and runs none of it', async () => {
    const payloads = [
      '<script>window.__pwned = "script"</script>',
      '<img src=x onerror="window.__pwned = \'img\'">',
      'javascript:window.__pwned = "link"',
    ];
    const store = await RunStore.open(join(folder, 'xss.db'));
    store.ensureRun('xss', { agent: 'openai:payload', user: 'scripted' }, new Date().toISOString());
    const { scenarios } = await loadScenarios([fileURLToPath(BUILT_IN_SCENARIOS)]);
    const cases = sandboxCases(scenarios, ['distraction-0']).filter(
      (entry) => entry.id === 'phone-send-message-cellular-off/distraction-0',
    );
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'search_contacts', arguments: { name: payloads[1] } }] },
      { toolCalls: [{ name: `<b>${payloads[0]}</b>`, arguments: { x: payloads[2] } }] },
      payloads.join(' '),
    ]);
    await playScripted(store, 'xss', 'openai:payload', cases, model);
    const file = join(folder, 'xss.html');
    await writeFile(file, await renderHtmlReport(buildReportData(store, ['xss'])));
    store.close();

    const { page, outside } = await open(browser, file);
    await page.goto(`${pathToFileURL(file).href}#/episode/xss/${encodeURIComponent(cases[0]?.id ?? '')}/0`);
    await page.waitForSelector('[data-testid="episode-viewer"]');
    const text = await page.locator('[data-testid="episode-viewer"]').innerText();
    for (const payload of payloads) expect(text).toContain(payload);
    expect(await page.evaluate(() => (globalThis as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(
      await page.locator('[data-testid="episode-viewer"] img, [data-testid="episode-viewer"] script').count(),
    ).toBe(0);
    const hrefs = await page.$$eval('a[href]', (links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(hrefs.filter((href) => !href.startsWith('#'))).toEqual([]);
    expect(outside).toEqual([]);
    expect(await readFile(file, 'utf8')).not.toContain('window.__pwned');
  });
});
