import type { ReportBenchmarkRun, ReportTable, TableCell, TableColumn } from '../../src/report/report-data';
import { provenanceLine, scoredUnalike, UNALIKE_NOTE } from '../../src/runs/outputs/provenance-text';
import { RunLabel } from './leaderboard-tables';
import { scoreColor } from './score-color';
import { TableChartView } from './table-charts';

/** A declared table cell as text, the way its column says (as the terminal report prints it). */
export function formatTableCell(cell: TableCell | undefined, column: TableColumn): string {
  if (cell === undefined || cell === null) return '–';
  if (typeof cell === 'string') return cell;
  const digits = column.digits ?? (column.format === 'percent' ? 1 : column.format === 'count' ? 0 : 3);
  const shown = (value: number | null) =>
    value === null || Number.isNaN(value) ? '–' : (column.format === 'percent' ? value * 100 : value).toFixed(digits);
  if (typeof cell === 'number') return shown(cell);
  return `${shown(cell.value)} [${shown(cell.low)}, ${shown(cell.high)}]`;
}

function hasValue(cell: TableCell | undefined): boolean {
  if (cell === undefined || cell === null) return false;
  if (typeof cell === 'number') return !Number.isNaN(cell);
  return typeof cell === 'string' || cell.value !== null;
}

/** The colour of a cell of a score or percentage column whose direction is known (1 best, or 0 best). */
function cellColour(cell: TableCell | undefined, column: TableColumn): string | undefined {
  if (column.format !== 'score' && column.format !== 'percent') return undefined;
  if (column.direction === undefined) return undefined;
  const value = typeof cell === 'number' ? cell : cell && typeof cell === 'object' ? cell.value : null;
  if (value === null || !Number.isFinite(value)) return undefined;
  return scoreColor(column.direction === 'higher' ? value : 1 - value);
}

function DeclaredCell({ cell, column }: { readonly cell: TableCell | undefined; readonly column: TableColumn }) {
  const numeric = column.format !== 'text';
  const interval = cell !== null && typeof cell === 'object';
  const text = formatTableCell(interval ? cell.value : cell, column);
  return (
    <td
      class={numeric ? 'num score' : 'wrap'}
      data-column={column.id}
      style={{ background: cellColour(cell, column) }}
      title={column.title}
    >
      {text}
      {interval && (
        <span class="interval">
          [{formatTableCell(cell.low, column)}, {formatTableCell(cell.high, column)}]
        </span>
      )}
    </td>
  );
}

/** Runs of consecutive columns of one group (a column without a group is a run of its own). */
function columnGroups(columns: readonly TableColumn[]): { group?: string; span: number }[] {
  const groups: { group?: string; span: number }[] = [];
  for (const column of columns) {
    const last = groups[groups.length - 1];
    if (column.group !== undefined && last?.group === column.group) last.span += 1;
    else groups.push({ ...(column.group !== undefined ? { group: column.group } : {}), span: 1 });
  }
  return groups;
}

/** A column's title under its group's header: without the group's name in front. */
function titleInGroup(column: TableColumn): string {
  if (column.group === undefined || !column.title.startsWith(column.group)) return column.title;
  return column.title.slice(column.group.length).trim() || column.title;
}

/** The header row, with a row of group headers above it when some columns declare a group. */
function GroupedHeader({ columns, showRun }: { readonly columns: readonly TableColumn[]; readonly showRun: boolean }) {
  const groups = columnGroups(columns);
  const grouped = groups.some((group) => group.group !== undefined);
  const headerClass = (column: TableColumn) => (column.format === 'text' ? 'left' : 'num');
  if (!grouped) {
    return (
      <thead>
        <tr>
          {showRun && <th class="left">Run · agent</th>}
          {columns.map((column) => (
            <th key={column.id} class={headerClass(column)} data-column={column.id}>
              {column.title}
            </th>
          ))}
        </tr>
      </thead>
    );
  }
  let position = 0;
  return (
    <thead>
      <tr class="group">
        {showRun && (
          <th class="left" rowSpan={2}>
            Run · agent
          </th>
        )}
        {groups.map((group) => {
          const column = columns[position] as TableColumn;
          position += group.span;
          return group.group === undefined ? (
            <th key={column.id} class={headerClass(column)} rowSpan={2} data-column={column.id}>
              {column.title}
            </th>
          ) : (
            <th key={`group-${column.id}`} colSpan={group.span}>
              {group.group}
            </th>
          );
        })}
      </tr>
      <tr>
        {columns
          .filter((column) => column.group !== undefined)
          .map((column) => (
            <th key={column.id} class={headerClass(column)} data-column={column.id} title={column.title}>
              {titleInGroup(column)}
            </th>
          ))}
      </tr>
    </thead>
  );
}

/**
 * One declared table over several runs: a leading run column (when `showRun`), then the benchmark's
 * columns, styled as the leaderboard (scores coloured by their direction, intervals under the value), with
 * its note and the chart it declares.
 */
export function DeclaredTable({
  entries,
  showRun = true,
  agents,
}: {
  readonly entries: readonly { readonly runId: string; readonly table: ReportTable }[];
  /** The run column: left out where every row is of one run (an episode's explanations). */
  readonly showRun?: boolean;
  /** Each run's agent, shown under its id. */
  readonly agents?: ReadonlyMap<string, string>;
}) {
  const first = entries[0]?.table;
  if (!first) return null;
  // One run's table needs no run column (its run is named in the page's runs table and provenance).
  const runColumn = showRun && new Set(entries.map((entry) => entry.runId)).size > 1;
  const rows = entries.flatMap(({ runId, table }) => table.rows.map((row) => ({ runId, row })));
  const columns = first.columns.filter(
    (column) => !column.optional || rows.some(({ row }) => hasValue(row[column.id])),
  );
  return (
    <section class="declared-table" data-testid={`declared-table-${first.id}`}>
      <h3>{first.title}</h3>
      <div class="table-wrap">
        <table class="data">
          <GroupedHeader columns={columns} showRun={runColumn} />
          <tbody>
            {rows.map(({ runId, row }, position) => (
              <tr key={`${runId}-${position}`} data-run-id={runId}>
                {runColumn && (
                  <td>
                    <RunLabel run={{ runId, agent: agents?.get(runId) ?? '' }} />
                  </td>
                )}
                {columns.map((column) => (
                  <DeclaredCell key={column.id} cell={row[column.id]} column={column} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {first.note && <p class="caption">{first.note}</p>}
      <TableChartView entries={entries} />
    </section>
  );
}

/** A benchmark's declared tables, each stacked over the runs that have it. */
export function BenchmarkTables({ benchmarkRuns }: { readonly benchmarkRuns: readonly ReportBenchmarkRun[] }) {
  const tableIds = [...new Set(benchmarkRuns.flatMap((entry) => entry.tables.map((table) => table.id)))];
  const agents = new Map(benchmarkRuns.map((entry) => [entry.runId, entry.agent ?? '']));
  return (
    <div data-testid="benchmark-tables">
      {tableIds.map((id) => (
        <DeclaredTable
          key={id}
          agents={agents}
          entries={benchmarkRuns.flatMap((entry) =>
            entry.tables.filter((table) => table.id === id).map((table) => ({ runId: entry.runId, table })),
          )}
        />
      ))}
    </div>
  );
}

/**
 * What the numbers are, per run: how they were scored, whether they stand beside the paper's and on
 * which cases; and a warning when runs side by side were not scored alike.
 */
export function Provenance({ runs }: { readonly runs: readonly ReportBenchmarkRun[] }) {
  const described = runs.filter((entry) => entry.provenance);
  if (described.length === 0) return null;
  return (
    <div class="provenance" data-testid="provenance">
      {described.map((entry) => (
        <p key={entry.runId} class="caption" data-run-id={entry.runId}>
          <strong>{entry.runId}</strong>: {entry.provenance ? provenanceLine(entry.provenance) : ''}
          {entry.provenance?.paper && (
            <>
              <br />
              <span data-testid="paper-comparability">{entry.provenance.paper}</span>
            </>
          )}
        </p>
      ))}
      {scoredUnalike(described.map((entry) => entry.provenance)) && (
        <p class="caption warning" data-testid="not-comparable">
          {UNALIKE_NOTE}
        </p>
      )}
    </div>
  );
}
