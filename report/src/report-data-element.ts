/**
 * Where the page finds its data. These mirror `REPORT_DATA_ELEMENT_ID` and `REPORT_DATA_TYPE` of the
 * contract (`src/report/report-data.ts`), which the page imports for types only; a unit test keeps the
 * two in step.
 */
export const REPORT_DATA_ELEMENT_ID = 'toolgauge-report-data';
export const REPORT_DATA_TYPE = 'application/x-toolgauge-report+gzip+base64';

/** The text of the data element, or '' when the page has none. */
export function readDataElementText(document: Document): string {
  const element = document.getElementById(REPORT_DATA_ELEMENT_ID);
  return element?.textContent ?? '';
}

/** The type of the elements holding pages of episode views (`EPISODE_PAGE_TYPE` of the contract). */
export const EPISODE_PAGE_TYPE = 'application/x-toolgauge-episodes+gzip+base64';
/** The id of page `page`'s element (`episodePageElementId` of the contract). */
export function episodePageElementId(page: number): string {
  return `toolgauge-episodes-${page}`;
}
