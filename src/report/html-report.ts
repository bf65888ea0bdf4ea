import { closeSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import type { RunStore } from '../runs/index.js';
import { collectReportData, type ReportDataWithoutEpisodes } from './build-report-data.js';
import { EpisodeTableBuilder } from './episode-table.js';
import {
  EPISODE_PAGE_TYPE,
  type EpisodePageEntry,
  episodePageElementId,
  type PagedReportData,
  REPORT_DATA_ELEMENT_ID,
  REPORT_DATA_TYPE,
  type ReportData,
} from './report-data.js';

/** The built report page (`npm run build` makes it with Vite); the data goes into it. */
export const REPORT_TEMPLATE = new URL('../../dist/report/report.html', import.meta.url);

/** Episode views per page element: one page is decoded when one of its episodes is opened. */
export const EPISODE_PAGE_SIZE = 200;

/** The built page around its empty data element. */
async function readTemplate(template: URL | string): Promise<{ before: string; after: string }> {
  let page: string;
  try {
    page = await readFile(template, 'utf8');
  } catch {
    throw new Error(`the report page is not built (${String(template)}); run \`npm run build\``);
  }
  const element = new RegExp(
    `<script id="${REPORT_DATA_ELEMENT_ID}" type="${REPORT_DATA_TYPE.replace(/[+]/g, '\\+')}">\\s*</script>`,
  );
  const found = element.exec(page);
  if (!found) throw new Error(`${String(template)} has no empty <script id="${REPORT_DATA_ELEMENT_ID}"> element`);
  return { before: page.slice(0, found.index), after: page.slice(found.index + found[0].length) };
}

/** JSON, gzip-compressed and base64-encoded: base64 cannot close the element or inject markup. */
function encode(value: unknown, level: number): string {
  return gzipSync(Buffer.from(JSON.stringify(value)), { level }).toString('base64');
}

function dataElement(data: ReportData | PagedReportData): string {
  return `<script id="${REPORT_DATA_ELEMENT_ID}" type="${REPORT_DATA_TYPE}">${encode(data, 9)}</script>`;
}

/**
 * One self-contained HTML file: the built page with the report data gzip-compressed and base64-encoded
 * into its data element, every episode view inline (small reports; see `writeHtmlReport` for large ones).
 */
export async function renderHtmlReport(data: ReportData, template: URL | string = REPORT_TEMPLATE): Promise<string> {
  const { before, after } = await readTemplate(template);
  return `${before}${dataElement(data)}${after}`;
}

/**
 * Writes the HTML report of some runs to `file` in bounded memory, whatever the number of episodes: the
 * store is read once, episode by episode, and the episode views (trajectories, worlds, milestone
 * mappings) go into page elements of `pageSize` episodes each, written as they fill; the data element
 * holds only the summaries the overview, cases table and comparisons need, as columns (`episodeTable`),
 * so the page opens without decoding any view.
 * The file appears complete or not at all (written beside it, then renamed). Returns its size in bytes.
 */
export async function writeHtmlReport(
  store: RunStore,
  runIds: readonly string[],
  file: string,
  options: { readonly template?: URL | string; readonly pageSize?: number; readonly generatedAt?: string } = {},
): Promise<number> {
  const { before, after } = await readTemplate(options.template ?? REPORT_TEMPLATE);
  const pageSize = options.pageSize ?? EPISODE_PAGE_SIZE;
  const partial = `${file}.partial`;
  // The pages are written aside first: the data element goes before them in the file, so the page can
  // show the overview while the browser is still reading the pages (real-sized reports: 100+ MB).
  const pagesFile = `${file}.pages.partial`;
  let bytes = 0;
  try {
    const pagesDescriptor = openSync(pagesFile, 'w');
    let data: ReportDataWithoutEpisodes;
    let pages = 0;
    const table = new EpisodeTableBuilder();
    try {
      let views: EpisodePageEntry[] = [];
      const flush = (): void => {
        if (views.length === 0) return;
        writeSync(
          pagesDescriptor,
          `<script id="${episodePageElementId(pages)}" type="${EPISODE_PAGE_TYPE}">${encode(views, 6)}</script>\n`,
        );
        pages += 1;
        views = [];
      };
      const generatedAt = options.generatedAt ?? new Date().toISOString();
      data = collectReportData(store, runIds, generatedAt, (summary, view) => {
        if (views.length >= pageSize) flush();
        views.push(view);
        table.add({ ...summary, page: pages });
      });
      flush();
    } finally {
      closeSync(pagesDescriptor);
    }
    const descriptor = openSync(partial, 'w');
    try {
      const write = (text: string | Uint8Array): void => {
        // writeSync's overloads take a string or bytes, not either.
        bytes += writeSync(descriptor, typeof text === 'string' ? Buffer.from(text) : text);
      };
      write(before);
      write(dataElement({ ...data, episodeTable: table.table(), episodePages: pages }));
      write('\n');
      const pagesReader = openSync(pagesFile, 'r');
      try {
        const chunk = Buffer.alloc(1 << 20);
        for (let read = readSync(pagesReader, chunk); read > 0; read = readSync(pagesReader, chunk)) {
          write(chunk.subarray(0, read));
        }
      } finally {
        closeSync(pagesReader);
      }
      write(after);
    } finally {
      closeSync(descriptor);
    }
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    rmSync(pagesFile, { force: true });
  }
  return bytes;
}
