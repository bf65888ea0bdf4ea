import type { BenchmarkReport, RunReport } from '../runs/index.js';
import { provenanceLine, scoredUnalike, UNALIKE_NOTE } from '../runs/outputs/provenance-text.js';
import type { ReportTable, TableCell, TableColumn } from '../spec/index.js';
import { renderTable } from './render-table.js';

type Format = 'text' | 'markdown';

const number = (value: number | null | undefined, digits: number) =>
  value === undefined || value === null || Number.isNaN(value) ? '–' : value.toFixed(digits);

/** A cell as text, the way its column says (null and NaN as `–`; an interval as `v [low, high]`). */
export function formatCell(cell: TableCell | undefined, column: TableColumn): string {
  if (cell === undefined || cell === null) return '–';
  if (typeof cell === 'string') return cell;
  const digits = column.digits ?? (column.format === 'percent' ? 1 : column.format === 'count' ? 0 : 3);
  const scaled = (value: number | null) =>
    number(value === null ? null : column.format === 'percent' ? value * 100 : value, digits);
  if (typeof cell === 'number') return scaled(cell);
  return `${scaled(cell.value)} [${scaled(cell.low)}, ${scaled(cell.high)}]`;
}

function hasValue(cell: TableCell | undefined): boolean {
  if (cell === undefined || cell === null) return false;
  if (typeof cell === 'number') return !Number.isNaN(cell);
  if (typeof cell === 'string') return true;
  return cell.value !== null && !Number.isNaN(cell.value);
}

/**
 * The tables of one or more runs: each benchmark's declared tables (one row per run and table row, under
 * a leading `run` column; optional columns without any value left out), then episodes, trials and usage.
 * For ToolSandbox these are Table 5 (by category and by augmentation) and Table 11 (turns).
 */
export function renderRunReport(reports: readonly RunReport[], format: Format = 'text'): string {
  const table = format === 'markdown' ? markdownTable : renderTable;
  const rows = reports.flatMap((report) =>
    Object.entries(report.benchmarks).map(([benchmark, result]) => ({ name: report.runId, benchmark, result })),
  );
  const benchmarks = [...new Set(rows.map((row) => row.benchmark))];
  const sections: string[] = [];
  for (const benchmark of benchmarks) {
    const ofBenchmark = rows.filter((row) => row.benchmark === benchmark);
    if (benchmarks.length > 1) sections.push(`== ${ofBenchmark[0]?.result.title ?? benchmark} ==`, '');
    const provenance = provenanceLines(ofBenchmark);
    if (provenance.length > 0) sections.push(...provenance, '');
    const tableIds = [...new Set(ofBenchmark.flatMap(({ result }) => result.tables.map((entry) => entry.id)))];
    for (const tableId of tableIds) {
      const tables = ofBenchmark.flatMap(({ name, result }) =>
        result.tables.filter((entry) => entry.id === tableId).map((entry) => ({ name, table: entry })),
      );
      const first = tables[0]?.table as ReportTable;
      const stacked = tables.flatMap(({ name, table: entry }) => entry.rows.map((row) => ({ name, row })));
      const columns = first.columns.filter(
        (column) => !column.optional || stacked.some(({ row }) => hasValue(row[column.id])),
      );
      sections.push(
        first.title,
        table(
          ['run', ...columns.map((column) => column.title)],
          stacked.map(({ name, row }) => [name, ...columns.map((column) => formatCell(row[column.id], column))]),
        ),
        ...(first.note ? [first.note] : []),
        '',
      );
    }
  }
  const maxTrials = Math.max(1, ...rows.map(({ result }) => result.trials.trials));
  const usageName = (name: string, benchmark: string) => (benchmarks.length > 1 ? `${name} (${benchmark})` : name);
  sections.push(
    'Episodes, trials and usage',
    table(
      [
        'run',
        'scored',
        'failed',
        ...Array.from({ length: maxTrials }, (_, index) => `pass^${index + 1}`),
        'pass@k',
        'tokens in',
        'tokens out',
        'requests',
        'cost $',
      ],
      rows.map(({ name, benchmark, result }) => [
        usageName(name, benchmark),
        String(result.status.scored),
        String(result.status.failed),
        ...Array.from({ length: maxTrials }, (_, index) => number(result.trials.passHatK[index + 1], 3)),
        number(result.trials.passAtK[result.trials.trials], 3),
        String(result.tokens.input),
        String(result.tokens.output),
        String(result.requests),
        result.cost.toFixed(4),
      ]),
    ),
  );
  return sections.join('\n');
}

function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_, index) => (index === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}

/** The metric ids of a benchmark's report, headline first, then in the benchmark's order. */
function metricIds(result: BenchmarkReport): string[] {
  return [...new Set([result.headline, ...result.metricDefinitions.map((metric) => metric.id)])];
}

const snakeCase = (id: string) => id.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`).replace(/\./g, '_');

/** One line per episode, as CSV: the headline as `score`, then the benchmark's other metrics. */
export function renderEpisodesCsv(reports: readonly RunReport[]): string {
  const csvField = (value: unknown) => {
    const text = value === null || value === undefined ? '' : String(value);
    return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const results = reports.flatMap((report) =>
    Object.entries(report.benchmarks).map(([benchmark, result]) => ({ runId: report.runId, benchmark, result })),
  );
  const metrics = [...new Set(results.flatMap(({ result }) => metricIds(result).slice(1)))];
  const lines = [
    ['run_id', 'benchmark', 'case_id', 'trial', 'status', 'score', ...metrics.map(snakeCase), 'cost', 'error'].join(
      ',',
    ),
  ];
  for (const { runId, benchmark, result } of results) {
    for (const episode of result.episodes) {
      lines.push(
        [
          runId,
          benchmark,
          episode.caseId,
          episode.trial,
          episode.status,
          episode.score,
          ...metrics.map((id) => episode.metrics[id]),
          episode.cost,
          episode.error,
        ]
          .map(csvField)
          .join(','),
      );
    }
  }
  return lines.join('\n');
}

/**
 * What the numbers below are, per run: how they were scored, whether they can stand beside the paper's,
 * on which cases; and a warning when the runs side by side were not scored alike.
 */
function provenanceLines(runs: readonly { readonly name: string; readonly result: BenchmarkReport }[]): string[] {
  const lines: string[] = [];
  for (const { name, result } of runs) {
    if (!result.provenance) continue;
    lines.push(`${name}: ${provenanceLine(result.provenance)}`);
    if (result.provenance.paper) lines.push(`  ${result.provenance.paper}`);
  }
  if (scoredUnalike(runs.map(({ result }) => result.provenance))) lines.push(`Note: ${UNALIKE_NOTE}`);
  return lines;
}
