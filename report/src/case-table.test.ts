import { describe, expect, it } from 'vitest';
import type { ReportEpisode } from '../../src/report/report-data';
import { buildSampleReportData } from '../sample-data';
import {
  buildCaseRows,
  type CaseRow,
  type CaseSortKey,
  DEFAULT_SORT,
  EMPTY_FILTER,
  filterCaseRows,
  nextSort,
  PAGE_SIZE,
  pageOf,
  sortCaseRows,
} from './case-table';

function episode(
  caseId: string,
  runId: string,
  trial: number,
  score: number | null,
  extra: Partial<ReportEpisode> = {},
): ReportEpisode {
  return {
    runId,
    caseId,
    trial,
    status: score === null ? 'failed' : 'scored',
    score,
    turnCount: score === null ? null : 5,
    error: null,
    cost: 0,
    inputTokens: 0,
    outputTokens: 0,
    baseId: caseId,
    scenarioId: caseId,
    augmentation: 'distraction-0',
    categories: ['single_tool_call'],
    benchmark: 'sandbox',
    metrics: score === null ? {} : { score },
    labels: {},
    ...extra,
  };
}

const rows = buildCaseRows([
  episode('case_10', 'run-a', 1, 0.5),
  episode('case_2', 'run-a', 1, 0.9, { categories: ['state_dependency'], augmentation: 'distraction-3' }),
  episode('case_2', 'run-b', 1, null),
  episode('Case_3', 'run-b', 2, 0.1),
]);

describe('buildCaseRows', () => {
  it('counts diagnostics and tool errors from the trajectory', () => {
    const sample = buildSampleReportData();
    const built = buildCaseRows(sample.episodes);
    const figureOne = built.find(
      (row) => row.caseId.startsWith('send_message_cellular_off') && row.score !== null && row.score > 0.9,
    );
    expect(figureOne?.toolErrors).toBe(1);
    expect(built.every((row) => row.diagnostics >= 0)).toBe(true);
  });
});

describe('filterCaseRows', () => {
  it('matches case ids case-insensitively by substring', () => {
    expect(filterCaseRows(rows, { ...EMPTY_FILTER, text: 'case_3' }).map((row) => row.caseId)).toEqual(['Case_3']);
    expect(filterCaseRows(rows, { ...EMPTY_FILTER, text: '  CASE_2 ' })).toHaveLength(2);
  });

  it('combines run, category, augmentation and status', () => {
    expect(filterCaseRows(rows, { ...EMPTY_FILTER, runId: 'run-b' })).toHaveLength(2);
    expect(filterCaseRows(rows, { ...EMPTY_FILTER, category: 'state_dependency' })).toHaveLength(1);
    expect(filterCaseRows(rows, { ...EMPTY_FILTER, augmentation: 'distraction-0', status: 'failed' })).toHaveLength(1);
    expect(filterCaseRows(rows, EMPTY_FILTER)).toHaveLength(4);
  });
});

describe('sortCaseRows', () => {
  it('sorts case ids naturally (case_2 before case_10), then by run and trial', () => {
    expect(sortCaseRows(rows, DEFAULT_SORT).map((row) => `${row.caseId}/${row.runId}`)).toEqual([
      'case_2/run-a',
      'case_2/run-b',
      'Case_3/run-b',
      'case_10/run-a',
    ]);
  });

  it('puts missing scores last in both directions', () => {
    expect(sortCaseRows(rows, { key: 'score', direction: 'desc' }).map((row) => row.score)).toEqual([
      0.9,
      0.5,
      0.1,
      null,
    ]);
    expect(sortCaseRows(rows, { key: 'score', direction: 'asc' }).map((row) => row.score)).toEqual([
      0.1,
      0.5,
      0.9,
      null,
    ]);
  });

  it('does not reorder its input', () => {
    const before = rows.map((row) => row.caseId);
    sortCaseRows(rows, { key: 'score', direction: 'asc' });
    expect(rows.map((row) => row.caseId)).toEqual(before);
  });

  it('flips the direction on the same header and starts numbers high', () => {
    expect(nextSort(DEFAULT_SORT, 'caseId')).toEqual({ key: 'caseId', direction: 'desc' });
    expect(nextSort(DEFAULT_SORT, 'score')).toEqual({ key: 'score', direction: 'desc' });
    expect(nextSort(DEFAULT_SORT, 'runId')).toEqual({ key: 'runId', direction: 'asc' });
  });
});

describe('pageOf', () => {
  const many = buildSampleReportData({ extraEpisodes: 10_000 });
  const all = buildCaseRows(many.episodes);

  it('shows 100 rows a page and clamps the page number', () => {
    const first = pageOf(all, 0);
    expect(first.rows).toHaveLength(PAGE_SIZE);
    expect(first.pageCount).toBe(Math.ceil(all.length / PAGE_SIZE));
    const last = pageOf(all, 10_000);
    expect(last.page).toBe(first.pageCount - 1);
    expect(last.end).toBe(all.length);
    expect(last.rows).toHaveLength(all.length - last.start);
    expect(pageOf(all, -3).page).toBe(0);
  });

  it('has one empty page for no rows', () => {
    expect(pageOf([], 4)).toMatchObject({ page: 0, pageCount: 1, start: 0, end: 0, total: 0, rows: [] });
  });

  it('sorts every column as comparing the rows one pair at a time would (text by locale, numbers in text by value)', () => {
    const text = (value: string | number | null) => String(value);
    const value = (row: CaseRow, key: CaseSortKey) => (key === 'categories' ? row.categories.join(', ') : row[key]);
    const compare = (a: string | number | null, b: string | number | null) =>
      typeof a === 'number' && typeof b === 'number' ? a - b : text(a).localeCompare(text(b), 'en', { numeric: true });
    const keys: CaseSortKey[] = ['caseId', 'runId', 'trial', 'categories', 'augmentation', 'score', 'turns', 'status'];
    const mixed = [...all.slice(0, 800), ...rows];
    for (const key of keys) {
      for (const direction of ['asc', 'desc'] as const) {
        const expected = [...mixed].sort((a, b) => {
          const left = value(a, key);
          const right = value(b, key);
          if (left === null || right === null) {
            if (left !== right) return left === null ? 1 : -1;
          } else {
            const order = compare(left, right);
            if (order !== 0) return direction === 'asc' ? order : -order;
          }
          return compare(a.caseId, b.caseId) || compare(a.runId, b.runId) || a.trial - b.trial;
        });
        expect(sortCaseRows(mixed, { key, direction }), `${key} ${direction}`).toEqual(expected);
      }
    }
  });

  it('filters and sorts 10,000 episodes quickly', () => {
    const started = performance.now();
    const page = pageOf(
      sortCaseRows(filterCaseRows(all, { ...EMPTY_FILTER, text: 'bulk_01' }), { key: 'score', direction: 'desc' }),
      0,
    );
    expect(page.total).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
