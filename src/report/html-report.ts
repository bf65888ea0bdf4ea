import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { REPORT_DATA_ELEMENT_ID, REPORT_DATA_TYPE, type ReportData } from './report-data.js';

/** The built report page (`npm run build` makes it with Vite); the data goes into it. */
export const REPORT_TEMPLATE = new URL('../../dist/report/report.html', import.meta.url);

/**
 * One self-contained HTML file: the built page with the report data gzip-compressed and base64-encoded
 * into its data element. Base64 cannot close the element or inject markup, whatever the data holds.
 */
export async function renderHtmlReport(data: ReportData, template: URL | string = REPORT_TEMPLATE): Promise<string> {
  let page: string;
  try {
    page = await readFile(template, 'utf8');
  } catch {
    throw new Error(`the report page is not built (${String(template)}); run \`npm run build\``);
  }
  const payload = gzipSync(Buffer.from(JSON.stringify(data)), { level: 9 }).toString('base64');
  const element = new RegExp(
    `<script id="${REPORT_DATA_ELEMENT_ID}" type="${REPORT_DATA_TYPE.replace(/[+]/g, '\\+')}">\\s*</script>`,
  );
  if (!element.test(page))
    throw new Error(`${String(template)} has no empty <script id="${REPORT_DATA_ELEMENT_ID}"> element`);
  return page.replace(
    element,
    () => `<script id="${REPORT_DATA_ELEMENT_ID}" type="${REPORT_DATA_TYPE}">${payload}</script>`,
  );
}
