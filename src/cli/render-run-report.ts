import { SANDBOX_CATEGORIES } from '../benchmarks/sandbox/index.js';
import type { BenchmarkReport, RunReport } from '../runs/index.js';
import { AUGMENTATIONS } from '../tools/index.js';
import { renderTable } from './render-table.js';

type Format = 'text' | 'markdown';

const number = (value: number | undefined, digits: number) =>
  value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits);

/** The tables of one or more runs: ToolSandbox's Table 5 (scores) and Table 11 (turns), trials, usage. */
export function renderRunReport(reports: readonly RunReport[], format: Format = 'text'): string {
  const rows = reports.flatMap((report) =>
    Object.entries(report.benchmarks).map(([benchmark, result]) => ({ name: `${report.runId}`, benchmark, result })),
  );
  const table = format === 'markdown' ? markdownTable : renderTable;
  const categories = SANDBOX_CATEGORIES.filter((category) => rows.some(({ result }) => result.byCategory[category]));
  const augmentations = AUGMENTATIONS.filter((augmentation) =>
    rows.some(({ result }) => result.byAugmentation[augmentation]),
  );
  const withInterval = (result: BenchmarkReport) =>
    result.trials.trials > 1 || result.trials.cases > 1
      ? `${number(result.overall.score, 3)} [${number(result.overall.confidenceInterval[0], 3)}, ${number(result.overall.confidenceInterval[1], 3)}]`
      : number(result.overall.score, 3);
  const maxTrials = Math.max(1, ...rows.map(({ result }) => result.trials.trials));
  const sections = [
    'Mean similarity by category (ToolSandbox Table 5; overall with a 95% bootstrap interval)',
    table(
      ['run', 'overall', ...categories],
      rows.map(({ name, result }) => [
        name,
        withInterval(result),
        ...categories.map((category) => number(result.byCategory[category]?.score, 3)),
      ]),
    ),
    '',
    'Mean similarity by tool augmentation (ToolSandbox Table 5)',
    table(
      ['run', ...augmentations],
      rows.map(({ name, result }) => [
        name,
        ...augmentations.map((augmentation) => number(result.byAugmentation[augmentation]?.score, 3)),
      ]),
    ),
    '',
    'Mean turn count (ToolSandbox Table 11)',
    table(
      ['run', 'overall', ...categories],
      rows.map(({ name, result }) => [
        name,
        number(result.overall.turnCount, 1),
        ...categories.map((category) => number(result.byCategory[category]?.turnCount, 1)),
      ]),
    ),
    '',
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
      rows.map(({ name, result }) => [
        name,
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
  ];
  return sections.join('\n');
}

function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_, index) => (index === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}

/** One line per episode, as CSV. */
export function renderEpisodesCsv(reports: readonly RunReport[]): string {
  const csvField = (value: unknown) => {
    const text = value === null || value === undefined ? '' : String(value);
    return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = ['run_id,benchmark,case_id,trial,status,score,turn_count,cost,error'];
  for (const report of reports) {
    for (const [benchmark, result] of Object.entries(report.benchmarks)) {
      for (const episode of result.episodes) {
        lines.push(
          [
            report.runId,
            benchmark,
            episode.caseId,
            episode.trial,
            episode.status,
            episode.score,
            episode.turnCount,
            episode.cost,
            episode.error,
          ]
            .map(csvField)
            .join(','),
        );
      }
    }
  }
  return lines.join('\n');
}
