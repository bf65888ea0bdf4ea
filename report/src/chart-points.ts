import type {
  ReportTable,
  TableBarChart,
  TableCell,
  TableColumn,
  TableScatterChart,
} from '../../src/report/report-data';

/** One run's copy of a declared table (the charts draw every run's rows together). */
export interface RunTable {
  readonly runId: string;
  readonly table: ReportTable;
}

/** One bar of a bar chart: its row on the axis (`group · bar`), its colour key and its value as shown. */
export interface BarPoint {
  readonly group: string;
  /** What tells the group's bars apart (empty when the group has one bar). */
  readonly bar: string;
  /** What the bar's colour stands for: its series, else its row's label, else its run. */
  readonly colour: string;
  readonly run: string;
  readonly value: number;
}

/** One point of a scatter chart. */
export interface ScatterPoint {
  readonly x: number;
  readonly y: number;
  /** The y column's title (the colour). */
  readonly metric: string;
  /** The row's label, with its run when several runs are drawn. */
  readonly label: string;
}

/** A cell's number (an interval's value), or null. */
export function cellNumber(cell: TableCell | undefined): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  if (cell && typeof cell === 'object') return cell.value;
  return null;
}

/** A number as its column shows it: a `percent` column ×100. */
export function shownValue(value: number, column: TableColumn | undefined): number {
  return column?.format === 'percent' ? value * 100 : value;
}

/** The value axis a chart of these columns uses: 0–100 for percentages, 0–1 for scores, else the data's. */
export function valueDomain(columns: readonly (TableColumn | undefined)[]): [number, number] | undefined {
  if (columns.length > 0 && columns.every((column) => column?.format === 'percent')) return [0, 100];
  if (columns.length > 0 && columns.every((column) => column?.format === 'score')) return [0, 1];
  return undefined;
}

function rowLabel(row: ReportTable['rows'][number], label: string | undefined, position: number): string {
  if (label === undefined) return `row ${position + 1}`;
  const cell = row[label];
  return cell === null || cell === undefined ? '–' : typeof cell === 'object' ? String(cell.value) : String(cell);
}

/**
 * The bars a bar chart declares, over every run's copy of the table: cells without a number are left
 * out. A bar is named by its series, its row's label (when the rows differ or there is no series) and its
 * run (when there are several).
 */
export function barPoints(chart: TableBarChart, entries: readonly RunTable[]): BarPoint[] {
  const severalRuns = new Set(entries.map((entry) => entry.runId)).size > 1;
  const rowsOf = (table: ReportTable) =>
    table.rows
      .map((row, position) => ({ row, label: rowLabel(row, chart.label, position) }))
      .filter(({ label }) => chart.rows === undefined || chart.rows.includes(label));
  // Rows are named when any run's table has several, so one run's bars read as another's.
  const severalRows = new Set(entries.flatMap(({ table }) => rowsOf(table).map(({ label }) => label))).size > 1;
  const points: BarPoint[] = [];
  for (const { runId, table } of entries) {
    for (const { row, label } of rowsOf(table)) {
      for (const declared of chart.bars) {
        const column = table.columns.find((candidate) => candidate.id === declared.column);
        const value = cellNumber(row[declared.column]);
        if (!column || value === null) continue;
        const named = chart.label !== undefined && severalRows;
        const parts = [declared.series, named ? label : undefined, severalRuns ? runId : undefined].filter(
          (part): part is string => part !== undefined,
        );
        points.push({
          group: declared.group ?? column.title,
          bar: parts.join(' · '),
          colour: declared.series ?? (chart.label !== undefined ? label : runId),
          run: runId,
          value: shownValue(value, column),
        });
      }
    }
  }
  return points;
}

/** The points a scatter chart declares, over every run's copy of the table. */
export function scatterPoints(chart: TableScatterChart, entries: readonly RunTable[]): ScatterPoint[] {
  const severalRuns = new Set(entries.map((entry) => entry.runId)).size > 1;
  const points: ScatterPoint[] = [];
  for (const { runId, table } of entries) {
    const xColumn = table.columns.find((column) => column.id === chart.x);
    table.rows.forEach((row, position) => {
      const x = cellNumber(row[chart.x]);
      if (x === null) return;
      for (const id of chart.y) {
        const yColumn = table.columns.find((column) => column.id === id);
        const y = cellNumber(row[id]);
        if (!yColumn || y === null) continue;
        const label = rowLabel(row, chart.label, position);
        points.push({
          x: shownValue(x, xColumn),
          y: shownValue(y, yColumn),
          metric: yColumn.title,
          label: severalRuns ? `${label} · ${runId}` : label,
        });
      }
    });
  }
  return points;
}

/** A bar's row on the chart's axis. */
export function barAxisLabel(point: BarPoint): string {
  return point.bar === '' ? point.group : `${point.group} · ${point.bar}`;
}
