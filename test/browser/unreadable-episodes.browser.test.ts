import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from './chromium.js';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../../bin/toolgauge.js', import.meta.url));
const toolgauge = (...args: string[]) =>
  run(process.execPath, [bin, ...args], { env: { ...process.env, TOOLGAUGE_TEST_BENCHMARKS: '1' } });

/** Damages two stored episodes of run `ex` as a bad disk or a hand edit would: a record, and a summary column. */
function corrupt(db: string): { badRecord: string; badMetrics: string } {
  const database = new DatabaseSync(db);
  try {
    const cases = database
      .prepare("SELECT case_id FROM episodes WHERE run_id = 'ex' ORDER BY case_id")
      .all()
      .map((row) => String(row.case_id));
    const [badRecord, badMetrics] = [cases[0] ?? '', cases[1] ?? ''];
    database
      .prepare("UPDATE episode_records SET record = '{bad json', parts = NULL WHERE run_id = 'ex' AND case_id = ?")
      .run(badRecord);
    database
      .prepare("UPDATE episodes SET metrics = '{\"accuracy\": oops' WHERE run_id = 'ex' AND case_id = ?")
      .run(badMetrics);
    return { badRecord, badMetrics };
  } finally {
    database.close();
  }
}

// A store with damaged episodes: the report still comes out, with those episodes named and why; `export`
// exports the rest, names each damaged one with store, run, case and trial, and then fails.
describe.runIf(chromiumAvailable())('a report of a store with unreadable episodes', { timeout: 240_000 }, () => {
  let browser: Browser;
  let folder: string;
  let db: string;
  let damaged: { badRecord: string; badMetrics: string };

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'toolgauge-unreadable-'));
    db = join(folder, 'runs.db');
    await toolgauge('run', '--benchmark', 'example', '--run-id', 'ex', '--db', db);
    damaged = corrupt(db);
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('writes the HTML report with the damaged episodes marked', async () => {
    const html = join(folder, 'report.html');
    await toolgauge('report', 'ex', '--db', db, '--html', html);
    const page = await (await browser.newContext()).newPage();
    await page.goto(pathToFileURL(html).href);
    await page.waitForSelector('body[data-ready="true"]');
    const list = page.locator('[data-testid="unreadable-episodes"]');
    expect(await list.locator('h2').innerText()).toBe('2 unreadable episodes');
    const rows = await list.locator('tbody tr').allInnerTexts();
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.includes(damaged.badRecord))).toMatch(/record is not JSON/);
    expect(rows.find((row) => row.includes(damaged.badMetrics))).toMatch(/metrics/);
    expect(rows.join('\n')).toContain(db);
    // The rest is reported: the declared table still has the run.
    expect(await page.locator('[data-testid="declared-table-by-kind"] tr[data-run-id="ex"]').count()).toBeGreaterThan(
      0,
    );
  });

  it('exports every readable episode and fails naming the others', async () => {
    const out = join(folder, 'export.jsonl');
    const failure = await toolgauge('export', 'ex', '--db', db, '--format', 'jsonl', '--out', out).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    for (const caseId of [damaged.badRecord, damaged.badMetrics]) {
      expect(failure?.stderr).toContain(`${db}: run "ex", example case "${caseId}" trial 0`);
    }
    expect(failure?.stderr).toMatch(/2 episodes of run "ex" .* could not be read/);
    const lines = (await readFile(out, 'utf8')).trim().split('\n');
    const all = Number(
      new DatabaseSync(db).prepare("SELECT COUNT(*) AS n FROM episodes WHERE run_id = 'ex'").get()?.n ?? 0,
    );
    expect(lines).toHaveLength(all - 2);
    expect(lines.map((line) => JSON.parse(line).caseId)).not.toContain(damaged.badRecord);
  });
});
