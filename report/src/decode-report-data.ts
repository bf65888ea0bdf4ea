import { checkEpisodeTable, EpisodeTableError, expandEpisodeTable } from '../../src/report/episode-table';
import type { EpisodeTable, ReportData, ReportEpisode } from '../../src/report/report-data';

/** The format version this page reads (the contract's `REPORT_FORMAT_VERSION`). */
export const SUPPORTED_FORMAT_VERSION = 4;
/**
 * Older versions it also reads: 2 lacks paging and per-episode counts, which the page then derives;
 * 3 lists paged episodes as objects, not as an `episodeTable`.
 */
const OLDER_VERSIONS_READ: readonly unknown[] = [2, 3];

/** Why the page has nothing to show: no data at all, or data it cannot read. */
export class ReportDataError extends Error {
  constructor(
    readonly reason: 'empty' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'ReportDataError';
  }
}

/** Decodes the data element's text: base64, then gzip, then JSON, then a structural check. */
export async function decodeReportData(text: string): Promise<ReportData> {
  const compact = text.replace(/\s+/g, '');
  if (compact === '') throw new ReportDataError('empty', 'This page holds no report data.');
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = base64ToBytes(compact);
  } catch {
    throw new ReportDataError('invalid', 'The report data is not valid base64.');
  }
  let json: string;
  try {
    json = await gunzip(bytes);
  } catch {
    throw new ReportDataError('invalid', 'The report data is not valid gzip.');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new ReportDataError('invalid', 'The report data is not valid JSON.');
  }
  return checkReportData(parsed);
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export async function gunzip(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return await new Response(stream).text();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks the shape the page relies on (the data crossed a file boundary, so its types are a promise,
 * not a fact): the version, the three collections, and each run's and episode's identifying fields.
 */
export function checkReportData(value: unknown): ReportData {
  if (!isRecord(value)) throw new ReportDataError('invalid', 'The report data is not a JSON object.');
  if (value.formatVersion !== SUPPORTED_FORMAT_VERSION && !OLDER_VERSIONS_READ.includes(value.formatVersion)) {
    throw new ReportDataError(
      'invalid',
      `The report data has format version ${String(value.formatVersion)}; this page reads version ${SUPPORTED_FORMAT_VERSION}.`,
    );
  }
  const { runs, worlds, benchmarkRuns, episodeTable, ...rest } = value;
  if (!Array.isArray(runs)) throw new ReportDataError('invalid', 'The report data has no "runs" list.');
  if (!Array.isArray(benchmarkRuns)) {
    throw new ReportDataError('invalid', 'The report data has no "benchmarkRuns" list.');
  }
  if (!isRecord(worlds)) throw new ReportDataError('invalid', 'The report data has no "worlds" object.');
  // Paged reports (format 4) hold their episode summaries as columns, checked now and made into one
  // object per episode only when a view first asks for `episodes` (the overview reads the columns).
  if (episodeTable !== undefined && rest.episodes === undefined) {
    try {
      checkEpisodeTable(episodeTable);
    } catch (error) {
      if (error instanceof EpisodeTableError) throw new ReportDataError('invalid', error.message);
      throw error;
    }
    checkRuns(runs);
    return withEpisodeTable(
      { ...rest, runs, benchmarkRuns, worlds } as unknown as Omit<ReportData, 'episodes'>,
      episodeTable,
    );
  }
  const { episodes } = rest;
  if (!Array.isArray(episodes)) throw new ReportDataError('invalid', 'The report data has no "episodes" list.');
  checkRuns(runs);
  checkEpisodes(episodes);
  return { ...rest, runs, benchmarkRuns, worlds, episodes } as unknown as ReportData;
}

function checkRuns(runs: readonly unknown[]): void {
  runs.forEach((run: unknown, position) => {
    if (!isRecord(run) || typeof run.runId !== 'string') {
      throw new ReportDataError('invalid', `Run ${position} has no "runId".`);
    }
  });
}

const tables = new WeakMap<ReportData, EpisodeTable>();

/** The episode table a report was read from (paged reports): the overview counts from its columns. */
export function episodeTableOf(data: ReportData): EpisodeTable | undefined {
  return tables.get(data);
}

/** Lets `copy` (a wrapper of a paged report `data`, in tests) be read from the same table. */
export function tagLikePaged(data: ReportData, copy: ReportData): void {
  const table = tables.get(data);
  if (table) tables.set(copy, table);
}

/** The report with `episodes` made from the table on first use, and the table kept for `episodeTableOf`. */
function withEpisodeTable(rest: Omit<ReportData, 'episodes'>, table: EpisodeTable): ReportData {
  let episodes: ReportEpisode[] | undefined;
  const data = Object.defineProperty({ ...rest }, 'episodes', {
    enumerable: true,
    get: () => {
      episodes ??= expandEpisodeTable(table);
      return episodes;
    },
  }) as ReportData;
  tables.set(data, table);
  return data;
}

function checkEpisodes(episodes: readonly unknown[]): void {
  episodes.forEach((episode: unknown, position) => {
    if (
      !isRecord(episode) ||
      typeof episode.runId !== 'string' ||
      typeof episode.caseId !== 'string' ||
      typeof episode.trial !== 'number' ||
      typeof episode.benchmark !== 'string'
    ) {
      throw new ReportDataError('invalid', `Episode ${position} lacks "runId", "caseId", "trial" or "benchmark".`);
    }
  });
}
