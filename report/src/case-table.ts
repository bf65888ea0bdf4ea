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

/** How text columns compare: numbers within the text by value (`case-2` before `case-10`). */
const collator = new Intl.Collator('en', { numeric: true });

/**
 * Each row's rank among the distinct texts of a column, in the collator's order (texts it finds equal
 * share a rank): sorting 100,000 rows then compares numbers, and the collator sees only distinct texts.
 */
function textRanks(rows: readonly CaseRow[], text: (row: CaseRow) => string): Float64Array {
  const distinct = [...new Set(rows.map(text))].sort(collator.compare);
  const rankOf = new Map<string, number>();
  let rank = 0;
  distinct.forEach((value, position) => {
    const previous = distinct[position - 1];
    if (previous !== undefined && collator.compare(previous, value) !== 0) rank += 1;
    rankOf.set(value, rank);
  });
  return Float64Array.from(rows, (row) => rankOf.get(text(row)) ?? 0);
}

/** The sort column as numbers (text columns as ranks); NaN where the value is missing. */
function sortNumbers(rows: readonly CaseRow[], key: CaseSortKey): Float64Array {
  switch (key) {
    case 'categories':
      return textRanks(rows, (row) => row.categories.join(', '));
    case 'caseId':
    case 'runId':
    case 'augmentation':
    case 'status':
      return textRanks(rows, (row) => row[key]);
    case 'trial':
    case 'score':
    case 'turns':
    case 'diagnostics':
    case 'toolErrors':
      return Float64Array.from(rows, (row) => row[key] ?? Number.NaN);
  }
}

/**
 * Sorts by one column; missing values (no score, no turn count) always go last whatever the direction,
 * and ties fall back to case, run and trial so the order is stable across sorts.
 */
export function sortCaseRows(rows: readonly CaseRow[], sort: CaseSort): CaseRow[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const primary = sortNumbers(rows, sort.key);
  const cases = sort.key === 'caseId' ? primary : textRanks(rows, (row) => row.caseId);
  const runs = sort.key === 'runId' ? primary : textRanks(rows, (row) => row.runId);
  const trials = Float64Array.from(rows, (row) => row.trial);
  const order = rows.map((_, position) => position);
  order.sort((a, b) => {
    const left = primary[a] ?? Number.NaN;
    const right = primary[b] ?? Number.NaN;
    const leftMissing = Number.isNaN(left);
    if (leftMissing || Number.isNaN(right)) {
      if (leftMissing !== Number.isNaN(right)) return leftMissing ? 1 : -1;
    } else if (left !== right) {
      return (left - right) * sign;
    }
    return (cases[a] ?? 0) - (cases[b] ?? 0) || (runs[a] ?? 0) - (runs[b] ?? 0) || (trials[a] ?? 0) - (trials[b] ?? 0);
  });
  return order.map((position) => rows[position] as CaseRow);
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
