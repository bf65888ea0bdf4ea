import { SANDBOX_CATEGORIES, type SandboxSummary } from '../benchmarks/sandbox/index.js';
import { AUGMENTATIONS } from '../tools/index.js';
import { renderTable } from './render-table.js';

const format = (value: number | undefined, digits: number) =>
  value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits);

/** The paper's Table 5 (mean similarity) and Table 11 (mean turn count) for each agent. */
export function renderSandboxSummary(summaries: readonly SandboxSummary[]): string {
  const categories = SANDBOX_CATEGORIES.filter((category) => summaries.some((summary) => summary.byCategory[category]));
  const augmentations = AUGMENTATIONS.filter((augmentation) =>
    summaries.some((summary) => summary.byAugmentation[augmentation]),
  );
  const scores = renderTable(
    ['agent', 'overall', ...categories],
    summaries.map((summary) => [
      summary.agent,
      format(summary.overall.score, 3),
      ...categories.map((category) => format(summary.byCategory[category]?.score, 3)),
    ]),
  );
  const byAugmentation = renderTable(
    ['agent', ...augmentations],
    summaries.map((summary) => [
      summary.agent,
      ...augmentations.map((augmentation) => format(summary.byAugmentation[augmentation]?.score, 3)),
    ]),
  );
  const turns = renderTable(
    ['agent', 'overall', ...categories],
    summaries.map((summary) => [
      summary.agent,
      format(summary.overall.turnCount, 1),
      ...categories.map((category) => format(summary.byCategory[category]?.turnCount, 1)),
    ]),
  );
  return [
    'Mean similarity by category (ToolSandbox Table 5)',
    scores,
    '',
    'Mean similarity by tool augmentation (ToolSandbox Table 5)',
    byAugmentation,
    '',
    'Mean turn count (ToolSandbox Table 11)',
    turns,
  ].join('\n');
}
