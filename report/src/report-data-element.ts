/**
 * Where the page finds its data. These mirror `REPORT_DATA_ELEMENT_ID` and `REPORT_DATA_TYPE` of the
 * contract (`src/report/report-data.ts`), which the page imports for types only; a unit test keeps the
 * two in step.
 */
export const REPORT_DATA_ELEMENT_ID = 'toolgauge-report-data';
export const REPORT_DATA_TYPE = 'application/x-toolgauge-report+gzip+base64';

/**
 * Resolves once the data element has been read whole (the browser has gone past it) or the document is
 * parsed: the page's script starts early, while a large report's episode views are still being read.
 */
export function dataElementRead(document: Document): Promise<void> {
  const read = (): boolean => {
    if (document.readyState !== 'loading') return true;
    return Boolean(document.getElementById(REPORT_DATA_ELEMENT_ID)?.nextSibling);
  };
  if (read()) return Promise.resolve();
  return new Promise((resolve) => {
    const check = (): void => {
      if (!read()) return;
      observer.disconnect();
      document.removeEventListener('readystatechange', check);
      resolve();
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true });
    document.addEventListener('readystatechange', check);
  });
}

/** Resolves once the whole document is parsed (every page of episode views is there). */
export function documentParsed(document: Document): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
}

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
