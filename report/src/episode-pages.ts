import type { EpisodePageEntry, ReportEpisode } from '../../src/report/report-data';
import { base64ToBytes, gunzip, ReportDataError } from './decode-report-data';
import { documentParsed, EPISODE_PAGE_TYPE, episodePageElementId } from './report-data-element';
import type { ReportIndex } from './report-index';

const decoded = new Map<number, Promise<readonly EpisodePageEntry[]>>();

/** Decodes page `page` of episode views once (base64, gzip, JSON); later calls share the result. */
export function loadEpisodePage(
  page: number,
  document: Document = globalThis.document,
): Promise<readonly EpisodePageEntry[]> {
  let pending = decoded.get(page);
  if (!pending) {
    pending = decodeEpisodePage(page, document);
    decoded.set(page, pending);
    pending.catch(() => decoded.delete(page));
  }
  return pending;
}

async function decodeEpisodePage(page: number, document: Document): Promise<readonly EpisodePageEntry[]> {
  // The pages follow the data element: while the browser is still reading them, wait for the rest.
  await documentParsed(document);
  const element = document.getElementById(episodePageElementId(page));
  if (!element || element.getAttribute('type') !== EPISODE_PAGE_TYPE) {
    throw new ReportDataError('invalid', `The report has no page ${page} of episode views.`);
  }
  const views: unknown = JSON.parse(await gunzip(base64ToBytes((element.textContent ?? '').replace(/\s+/g, ''))));
  if (!Array.isArray(views)) throw new ReportDataError('invalid', `Page ${page} of episode views is not a list.`);
  return views as EpisodePageEntry[];
}

/**
 * The episode with its view: as it is when the view is inline (small and older reports), else with the
 * view read from its page (large reports page the views out so the overview opens without them).
 */
export async function episodeWithView(index: ReportIndex, episode: ReportEpisode): Promise<ReportEpisode> {
  if (episode.page === undefined || episode.detail || episode.generic) return episode;
  const position = index.pagePosition(episode);
  const view = (await loadEpisodePage(episode.page))[position];
  if (!view) throw new ReportDataError('invalid', `Page ${episode.page} has no view at position ${position}.`);
  return { ...episode, ...view };
}
