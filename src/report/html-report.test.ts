import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { getBenchmark, loadAllBenchmarks } from '../benchmarks/registry.js';
import { buildRunReport, executeRun, loadPriceTable, RunStore } from '../runs/index.js';
import { oracleJobs } from '../testing/index.js';
import { buildReportData } from './build-report-data.js';
import { expandEpisodeTable } from './episode-table.js';
import { writeHtmlReport } from './html-report.js';
import { EPISODE_PAGE_TYPE, type PagedReportData, REPORT_DATA_ELEMENT_ID } from './report-data.js';

// The benchmarks these tests use synchronously (`getBenchmark`): importing the registry loads none.
await loadAllBenchmarks();

const TEMPLATE = `<!doctype html><html><head><script type="module">/* app */</script></head><body><div id="app"></div>
<script id="${REPORT_DATA_ELEMENT_ID}" type="application/x-toolgauge-report+gzip+base64"></script>
<footer>end</footer></body></html>`;

function decode(base64: string): unknown {
  return JSON.parse(gunzipSync(Buffer.from(base64, 'base64')).toString('utf8'));
}

/** The page elements and the data element of a written report. */
function elements(html: string): { pages: Map<string, unknown[]>; data: PagedReportData } {
  const pages = new Map<string, unknown[]>();
  for (const match of html.matchAll(/<script id="(toolgauge-episodes-\d+)" type="([^"]+)">([^<]*)<\/script>/g)) {
    expect(match[2]).toBe(EPISODE_PAGE_TYPE);
    pages.set(match[1] ?? '', decode(match[3] ?? '') as unknown[]);
  }
  const data = new RegExp(`<script id="${REPORT_DATA_ELEMENT_ID}" type="[^"]+">([^<]*)</script>`).exec(html);
  return { pages, data: decode(data?.[1] ?? '') as PagedReportData };
}

async function oracleStore(folder: string, count: number): Promise<RunStore> {
  const store = await RunStore.open(join(folder, 'runs.db'));
  store.ensureRun('paged', { agent: 'oracle', user: 'scripted' }, '2026-11-23T00:00:00.000Z');
  const sandbox = getBenchmark('sandbox');
  const cases = (await sandbox.loadCases({ options: {} })).cases.slice(0, count);
  await executeRun({
    runId: 'paged',
    jobs: oracleJobs(sandbox, cases, store),
    store,
    prices: loadPriceTable(),
  });
  return store;
}

describe('writeHtmlReport', () => {
  it('pages the episode views out of the data element, in list order, and keeps every summary inline', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'toolgauge-paged-'));
    const template = join(folder, 'template.html');
    await writeFile(template, TEMPLATE);
    const store = await oracleStore(folder, 7);
    const inline = buildReportData(store, ['paged'], 'now');
    const file = join(folder, 'report.html');
    const bytes = await writeHtmlReport(store, ['paged'], file, { template, pageSize: 3, generatedAt: 'now' });
    // Read in one pass, the summaries are what `toolgauge report` computes from the stored rows.
    const runReport = buildRunReport(store, 'paged');
    store.close();
    const sandbox = runReport.benchmarks.sandbox;
    const { benchmark: _benchmark, trials, tokens, requests, episodes: _episodes, ...declared } = sandbox ?? {};
    const benchmark = getBenchmark('sandbox');
    expect(inline.benchmarkRuns).toEqual([
      {
        runId: 'paged',
        benchmark: 'sandbox',
        ...declared,
        viewer: 'world-timeline',
        createdAt: runReport.createdAt,
        config: runReport.config,
        agent: 'oracle',
        labels: benchmark.labels,
        description: benchmark.description,
        tokens,
        requests,
        trials: { cases: trials?.cases, trials: trials?.trials },
      },
    ]);
    expect(inline.runs[0]).toMatchObject({
      createdAt: runReport.createdAt,
      config: runReport.config,
      trials,
      tokens,
      requests,
      status: sandbox?.status,
      overall: { episodes: 7, confidenceInterval: sandbox?.overall.confidenceInterval },
    });
    const html = await readFile(file, 'utf8');
    expect(bytes).toBe(Buffer.byteLength(html));
    expect(existsSync(`${file}.partial`) || existsSync(`${file}.pages.partial`)).toBe(false);
    expect(html.endsWith('<footer>end</footer></body></html>')).toBe(true);
    // The summaries come first: the page shows the overview while the browser still reads the views.
    expect(html.indexOf(`id="${REPORT_DATA_ELEMENT_ID}"`)).toBeLessThan(html.indexOf('id="toolgauge-episodes-0"'));

    const { pages, data } = elements(html);
    expect([...pages.keys()]).toEqual(['toolgauge-episodes-0', 'toolgauge-episodes-1', 'toolgauge-episodes-2']);
    expect([...pages.values()].map((page) => page.length)).toEqual([3, 3, 1]);
    expect(data.episodePages).toBe(3);
    // The summaries are columns: one dictionary entry per distinct run id, one value per episode.
    expect(data.episodeTable.count).toBe(7);
    expect(data.episodeTable.columns.runId).toEqual({ dictionary: ['paged'], codes: [0, 0, 0, 0, 0, 0, 0] });
    const episodes = expandEpisodeTable(data.episodeTable);
    expect(episodes.map((episode) => episode.page)).toEqual([0, 0, 0, 1, 1, 1, 2]);
    expect(episodes.map((episode) => episode.pagePosition)).toEqual([0, 1, 2, 0, 1, 2, 0]);
    // The summaries carry no view; put back from the pages, the episodes equal the inline report's.
    expect(episodes.every((episode) => episode.detail === undefined && episode.generic === undefined)).toBe(true);
    const views = [...pages.values()].flat();
    const restored = episodes.map(({ page: _page, pagePosition: _position, ...summary }, position) => ({
      ...summary,
      ...(views[position] as object),
    }));
    expect(restored).toEqual(inline.episodes);
    expect({ ...data, episodeTable: undefined, episodePages: undefined }).toEqual({ ...inline, episodes: undefined });
    // The cases table's counts are on the summary.
    expect(episodes.every((episode) => episode.diagnosticCount === 0 && episode.toolErrors !== undefined)).toBe(true);
  });

  it('leaves no file, and no partial one, when the template cannot be used', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'toolgauge-paged-'));
    const template = join(folder, 'template.html');
    await writeFile(template, '<html><body>no data element</body></html>');
    const store = await oracleStore(folder, 1);
    const file = join(folder, 'report.html');
    await expect(writeHtmlReport(store, ['paged'], file, { template })).rejects.toThrow(/has no empty <script id=/);
    store.close();
    expect(existsSync(file) || existsSync(`${file}.partial`) || existsSync(`${file}.pages.partial`)).toBe(false);
  });
});
