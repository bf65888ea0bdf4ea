import type { ComponentChildren } from 'preact';
import { useMemo } from 'preact/hooks';
import type { CasesState } from './app';
import {
  buildCaseRows,
  type CaseFilter,
  type CaseRow,
  type CaseSort,
  type CaseSortKey,
  filterCaseRows,
  nextSort,
  pageOf,
  sortCaseRows,
} from './case-table';
import { augmentationAbbreviation, categoryAbbreviation, formatCount, formatScore, humanize } from './format';
import type { ReportIndex } from './report-index';
import { episodeHref } from './route';
import { scoreColor } from './score-color';

const COLUMNS: readonly { key: CaseSortKey; label: string; numeric?: boolean; title?: string }[] = [
  { key: 'caseId', label: 'Case' },
  { key: 'runId', label: 'Run' },
  { key: 'trial', label: 'Trial', numeric: true },
  { key: 'categories', label: 'Categories' },
  { key: 'augmentation', label: 'Augmentation' },
  { key: 'score', label: 'Score', numeric: true },
  { key: 'turns', label: 'Turns', numeric: true },
  { key: 'status', label: 'Status' },
  { key: 'diagnostics', label: 'Diag.', numeric: true, title: 'Diagnostic findings (IFN, IAN, IAT, IFE, RAC)' },
  { key: 'toolErrors', label: 'Tool errors', numeric: true, title: 'Calls answered with a tool error' },
];

/**
 * The titles of the columns holding the first label's values and the augmentation, as the report's
 * benchmarks declare them (one title when they agree, a neutral one when they differ).
 */
function labelTitles(index: ReportIndex): { first: string; augmentation: string } {
  const titles = (pick: (labels: readonly { id: string; title: string }[]) => string | undefined) => [
    ...new Set(index.data.benchmarkRuns.map((entry) => pick(entry.labels ?? [])).filter(Boolean)),
  ];
  const first = titles((labels) => labels[0]?.title);
  const augmentation = titles((labels) => labels.find((label) => label.id === 'augmentation')?.title);
  return {
    first: first.length === 1 ? (first[0] as string) : 'Group',
    augmentation: augmentation.length === 1 ? (augmentation[0] as string) : 'Augmentation',
  };
}

/** The rows shown last per report: coming back from an episode finds them without filtering or sorting again. */
const shown = new WeakMap<ReportIndex, { rows: CaseRow[]; filter: CaseFilter; sort: CaseSort; sorted: CaseRow[] }>();

/** The report's rows filtered and sorted (100,000 episodes take a moment: done once per filter and sort). */
function shownRows(index: ReportIndex, filter: CaseFilter, sort: CaseSort): { rows: CaseRow[]; sorted: CaseRow[] } {
  const last = shown.get(index);
  if (last && JSON.stringify([last.filter, last.sort]) === JSON.stringify([filter, sort])) return last;
  const rows = last?.rows ?? buildCaseRows(index.data.episodes);
  const sorted = sortCaseRows(filterCaseRows(rows, filter), sort);
  shown.set(index, { rows, filter, sort, sorted });
  return { rows, sorted };
}

/** Every episode in one sortable, filterable, paged table (100 rows a page keeps 100,000 episodes fast). */
export function CasesView({
  index,
  state,
  onChange,
}: {
  readonly index: ReportIndex;
  readonly state: CasesState;
  readonly onChange: (state: CasesState) => void;
}) {
  const { rows, sorted } = useMemo(() => shownRows(index, state.filter, state.sort), [index, state.filter, state.sort]);
  const page = pageOf(sorted, state.page);
  const titles = labelTitles(index);
  const setFilter = (change: Partial<CaseFilter>): void =>
    onChange({ ...state, filter: { ...state.filter, ...change }, page: 0 });
  const setPage = (next: number): void => onChange({ ...state, page: next });

  return (
    <div data-testid="cases-view">
      <h1>Cases</h1>
      <div class="toolbar">
        <input
          type="search"
          placeholder="Filter by case id…"
          aria-label="Filter by case id"
          data-testid="case-filter"
          value={state.filter.text}
          onInput={(event) => setFilter({ text: event.currentTarget.value })}
        />
        <FilterSelect
          label="Run"
          value={state.filter.runId}
          options={index.runIds.map((id) => ({ value: id, label: id }))}
          onChange={(runId) => setFilter({ runId })}
          testId="run-filter"
        />
        <FilterSelect
          label={titles.first}
          value={state.filter.category}
          options={index.categories.map((category) => ({ value: category, label: humanize(category) }))}
          onChange={(category) => setFilter({ category })}
          testId="category-filter"
        />
        <FilterSelect
          label={titles.augmentation}
          value={state.filter.augmentation}
          options={index.augmentations.map((augmentation) => ({ value: augmentation, label: augmentation }))}
          onChange={(augmentation) => setFilter({ augmentation })}
          testId="augmentation-filter"
        />
        <FilterSelect
          label="Status"
          value={state.filter.status}
          options={[
            { value: 'scored', label: 'scored' },
            { value: 'failed', label: 'failed' },
          ]}
          onChange={(status) => setFilter({ status })}
          testId="status-filter"
        />
        <span class="muted" data-testid="case-count">
          {formatCount(sorted.length)} of {formatCount(rows.length)} episodes
        </span>
      </div>
      <div class="table-wrap">
        <table class="data" data-testid="cases">
          <thead>
            <tr>
              {COLUMNS.map((column) => {
                const active = state.sort.key === column.key;
                return (
                  <th
                    key={column.key}
                    class={column.numeric ? 'sortable num' : 'sortable'}
                    aria-sort={active ? (state.sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                    title={column.title}
                  >
                    <button
                      type="button"
                      data-sort-key={column.key}
                      onClick={() => onChange({ ...state, sort: nextSort(state.sort, column.key), page: 0 })}
                    >
                      {column.key === 'categories'
                        ? titles.first
                        : column.key === 'augmentation'
                          ? titles.augmentation
                          : column.label}
                      <span class="arrow" aria-hidden="true">
                        {active ? (state.sort.direction === 'asc' ? '▲' : '▼') : ''}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {page.rows.map((row) => (
              <CaseTableRow key={`${row.runId}\u0000${row.caseId}\u0000${row.trial}`} row={row} />
            ))}
          </tbody>
        </table>
      </div>
      {page.total === 0 && <p class="muted">No episode matches these filters.</p>}
      <Pager
        page={page.page}
        pageCount={page.pageCount}
        start={page.start}
        end={page.end}
        total={page.total}
        onPage={setPage}
      />
    </div>
  );
}

function CaseTableRow({ row }: { readonly row: CaseRow }) {
  return (
    <tr data-case-id={row.caseId} data-run-id={row.runId} data-trial={String(row.trial)}>
      <td class="mono">
        <a href={episodeHref(row.runId, row.caseId, row.trial)} data-testid="open-episode">
          {row.caseId}
        </a>
      </td>
      <td class="mono small">{row.runId}</td>
      <td class="num">{row.trial}</td>
      <td>
        <span class="chips">
          {row.categories.map((category) => (
            <span key={category} class="chip" title={humanize(category)}>
              {categoryAbbreviation(category)}
            </span>
          ))}
        </span>
      </td>
      <td title={row.augmentation}>{augmentationAbbreviation(row.augmentation)}</td>
      <td class="num score" style={{ background: scoreColor(row.score) }}>
        {row.score === null ? '—' : formatScore(row.score)}
      </td>
      <td class="num">{row.turns ?? '—'}</td>
      <td>
        <span class={row.status === 'failed' ? 'chip bad' : 'chip'} title={row.episode.error ?? undefined}>
          {row.status}
        </span>
      </td>
      <td class="num">{row.diagnostics > 0 ? <span class="chip warn">{row.diagnostics}</span> : '0'}</td>
      <td class="num">{row.toolErrors > 0 ? <span class="chip bad">{row.toolErrors}</span> : '0'}</td>
    </tr>
  );
}

function FilterSelect({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  readonly label: string;
  readonly value: string;
  readonly options: readonly { value: string; label: string }[];
  readonly onChange: (value: string) => void;
  readonly testId: string;
}) {
  return (
    <label>
      {label}
      <select value={value} data-testid={testId} onChange={(event) => onChange(event.currentTarget.value)}>
        <option value="">any</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function Pager(props: {
  readonly page: number;
  readonly pageCount: number;
  readonly start: number;
  readonly end: number;
  readonly total: number;
  readonly onPage: (page: number) => void;
}) {
  const { page, pageCount, onPage } = props;
  const button = (label: ComponentChildren, target: number, name: string) => (
    <button
      type="button"
      disabled={target === page || target < 0 || target >= pageCount}
      onClick={() => onPage(target)}
      aria-label={name}
    >
      {label}
    </button>
  );
  return (
    <nav class="pager" aria-label="Pages" data-testid="pager">
      {button('«', 0, 'First page')}
      {button('‹', page - 1, 'Previous page')}
      <span>
        page {page + 1} of {pageCount} · rows {props.total === 0 ? 0 : props.start + 1}–{props.end} of{' '}
        {formatCount(props.total)}
      </span>
      {button('›', page + 1, 'Next page')}
      {button('»', pageCount - 1, 'Last page')}
    </nav>
  );
}
