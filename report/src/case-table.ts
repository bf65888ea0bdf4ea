import type { ReportEpisode } from '../../src/report/report-data';

/** One row of the cases table, with the derived numbers precomputed once. */
export interface CaseRow {
  readonly episode: ReportEpisode;
  readonly runId: string;
  readonly caseId: string;
  readonly trial: number;
  readonly categories: readonly string[];
  readonly augmentation: string;
  readonly score: number | null;
  readonly turns: number | null;
  readonly status: string;
  /** Sum of the episode's diagnostic counts (IFN, IAN, IAT, IFE, RAC). */
  readonly diagnostics: number;
  /** Tool calls the executor answered with an error. */
  readonly toolErrors: number;
}

export type CaseSortKey =
  | 'caseId'
  | 'runId'
  | 'trial'
  | 'categories'
  | 'augmentation'
  | 'score'
  | 'turns'
  | 'status'
  | 'diagnostics'
  | 'toolErrors';

export interface CaseSort {
  readonly key: CaseSortKey;
  readonly direction: 'asc' | 'desc';
}

export interface CaseFilter {
  /** Case-insensitive substring of the case id. */
  readonly text: string;
  /** '' means any. */
  readonly runId: string;
  readonly category: string;
  readonly augmentation: string;
  readonly status: string;
}

export const EMPTY_FILTER: CaseFilter = { text: '', runId: '', category: '', augmentation: '', status: '' };
export const DEFAULT_SORT: CaseSort = { key: 'caseId', direction: 'asc' };
export const PAGE_SIZE = 100;

export function buildCaseRows(episodes: readonly ReportEpisode[]): CaseRow[] {
  return episodes.map((episode) => {
    // Format 3 carries the counts; older reports have every view inline to count them from.
    const detail = episode.detail;
    const diagnostics =
      episode.diagnosticCount ??
      Object.values(detail?.diagnostics ?? {}).reduce(
        (total, count) => total + (Number.isFinite(count) ? count : 0),
        0,
      );
    const toolErrors =
      episode.toolErrors ??
      (detail?.messages ?? []).filter((message) => message.type === 'tool-result' && message.outcome.type === 'error')
        .length;
    return {
      episode,
      runId: episode.runId,
      caseId: episode.caseId,
      trial: episode.trial,
      categories: episode.categories ?? [],
      augmentation: episode.augmentation ?? '',
      score: typeof episode.score === 'number' && Number.isFinite(episode.score) ? episode.score : null,
      turns: typeof episode.turnCount === 'number' && Number.isFinite(episode.turnCount) ? episode.turnCount : null,
      status: episode.status,
      diagnostics,
      toolErrors,
    };
  });
}

export function filterCaseRows(rows: readonly CaseRow[], filter: CaseFilter): CaseRow[] {
  const text = filter.text.trim().toLowerCase();
  return rows.filter(
    (row) =>
      (text === '' || row.caseId.toLowerCase().includes(text)) &&
      (filter.runId === '' || row.runId === filter.runId) &&
      (filter.category === '' || row.categories.includes(filter.category)) &&
      (filter.augmentation === '' || row.augmentation === filter.augmentation) &&
      (filter.status === '' || row.status === filter.status),
  );
}

type SortValue = string | number | null;

function sortValue(row: CaseRow, key: CaseSortKey): SortValue {
  switch (key) {
    case 'categories':
      return row.categories.join(', ');
    case 'caseId':
    case 'runId':
    case 'augmentation':
    case 'status':
    case 'trial':
    case 'score':
    case 'turns':
    case 'diagnostics':
    case 'toolErrors':
      return row[key];
  }
}

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { numeric: true });
}

/**
 * Sorts by one column; missing values (no score, no turn count) always go last whatever the direction,
 * and ties fall back to case, run and trial so the order is stable across sorts.
 */
export function sortCaseRows(rows: readonly CaseRow[], sort: CaseSort): CaseRow[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = sortValue(a, sort.key);
    const right = sortValue(b, sort.key);
    if (left === null || right === null) {
      if (left !== right) return left === null ? 1 : -1;
    } else {
      const order = compareValues(left, right);
      if (order !== 0) return order * sign;
    }
    return compareValues(a.caseId, b.caseId) || compareValues(a.runId, b.runId) || compareValues(a.trial, b.trial);
  });
}

/** The next sort after clicking a header: same column flips, a new column starts ascending (numbers descending). */
export function nextSort(current: CaseSort, key: CaseSortKey): CaseSort {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  const numeric = key === 'score' || key === 'turns' || key === 'diagnostics' || key === 'toolErrors';
  return { key, direction: numeric ? 'desc' : 'asc' };
}

export interface CasePage {
  readonly rows: readonly CaseRow[];
  /** Zero-based page number, clamped into range. */
  readonly page: number;
  readonly pageCount: number;
  /** Position of the first and one past the last row shown, within the filtered rows. */
  readonly start: number;
  readonly end: number;
  readonly total: number;
}

export function pageOf(rows: readonly CaseRow[], page: number, size = PAGE_SIZE): CasePage {
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(0, Math.floor(page)), pageCount - 1);
  const start = current * size;
  const end = Math.min(rows.length, start + size);
  return { rows: rows.slice(start, end), page: current, pageCount, start, end, total: rows.length };
}
