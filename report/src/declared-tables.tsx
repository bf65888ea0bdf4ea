import type { ReportBenchmarkRun, ReportTable, TableCell, TableColumn } from '../../src/report/report-data';
import { provenanceLine, scoredUnalike, UNALIKE_NOTE } from '../../src/runs/outputs/provenance-text';
import { RadarChart } from './radar-chart';

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

/** One declared table over several runs: a leading run column, then the benchmark's columns. */
export function DeclaredTable({
  entries,
}: {
  readonly entries: readonly { readonly runId: string; readonly table: ReportTable }[];
}) {
  const first = entries[0]?.table;
  if (!first) return null;
  const rows = entries.flatMap(({ runId, table }) => table.rows.map((row) => ({ runId, row })));
  const columns = first.columns.filter(
    (column) => !column.optional || rows.some(({ row }) => hasValue(row[column.id])),
  );
  return (
    <div data-testid={`declared-table-${first.id}`}>
      <h3>{first.title}</h3>
      <table class="table">
        <thead>
          <tr>
            <th class="left">run</th>
            {columns.map((column) => (
              <th key={column.id} class={column.format === 'text' ? 'left' : 'num'}>
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ runId, row }, position) => (
            <tr key={`${runId}-${position}`} data-run-id={runId}>
              <td class="left">{runId}</td>
              {columns.map((column) => (
                <td key={column.id} class={column.format === 'text' ? 'left' : 'num'} data-column={column.id}>
                  {formatTableCell(row[column.id], column)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {first.note && <p class="caption">{first.note}</p>}
      {first.chart?.type === 'radar' && <RadarChart entries={entries} />}
    </div>
  );
}

/** Every benchmark's declared tables, each stacked over the runs that have it. */
export function BenchmarkTables({ benchmarkRuns }: { readonly benchmarkRuns: readonly ReportBenchmarkRun[] }) {
  const benchmarks = [...new Set(benchmarkRuns.map((entry) => entry.benchmark))];
  return (
    <section data-testid="benchmark-tables">
      {benchmarks.map((benchmark) => {
        const ofBenchmark = benchmarkRuns.filter((entry) => entry.benchmark === benchmark);
        const tableIds = [...new Set(ofBenchmark.flatMap((entry) => entry.tables.map((table) => table.id)))];
        const title = ofBenchmark[0]?.title ?? benchmark;
        return (
          <div key={benchmark} data-benchmark={benchmark}>
            <h2>{title}</h2>
            <p class="caption">
              Headline: {ofBenchmark[0]?.headline}.{' '}
              {ofBenchmark
                .map((entry) => `${entry.runId}: ${entry.status.scored} scored, ${entry.status.failed} failed`)
                .join(' · ')}
            </p>
            <Provenance runs={ofBenchmark} />
            {tableIds.map((id) => (
              <DeclaredTable
                key={id}
                entries={ofBenchmark.flatMap((entry) =>
                  entry.tables.filter((table) => table.id === id).map((table) => ({ runId: entry.runId, table })),
                )}
              />
            ))}
          </div>
        );
      })}
    </section>
  );
}

/**
 * What the numbers are, per run: how they were scored, whether they stand beside the paper's and on
 * which cases; and a warning when runs side by side were not scored alike.
 */
function Provenance({ runs }: { readonly runs: readonly ReportBenchmarkRun[] }) {
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
