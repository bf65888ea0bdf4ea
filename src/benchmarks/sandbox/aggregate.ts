import { episodesLabelled, metricMeanOverAll } from '../../scoring/episode-averages.js';
import { trialStatistics } from '../../scoring/trial-statistics.js';
import type { BenchmarkAggregate, EpisodeSummary, MetricValues, ReportTable, TableColumn } from '../../spec/index.js';
import { AUGMENTATIONS } from '../../tools/augmentations/augmentation.js';
import { SANDBOX_CATEGORIES } from './categories.js';
import { SANDBOX_METRICS } from './score.js';

/**
 * What the tables' numbers are of, from the episodes' labels: " — corpus toolsandbox, scoring paper" (the
 * built-in corpus is not named; runs stored before these labels say nothing), so a number from one
 * corpus or profile is never read as another's.
 */
function settingOf(episodes: readonly EpisodeSummary[]): string {
  const values = (label: string) =>
    [...new Set(episodes.map((episode) => episode.labels[label]).filter((value) => typeof value === 'string'))]
      .sort()
      .join(' + ');
  const parts = [
    ...(values('corpus') ? [`corpus ${values('corpus')}`] : []),
    ...(values('scoring') ? [`scoring ${values('scoring')}`] : []),
  ];
  return parts.length > 0 ? ` — ${parts.join(', ')}` : '';
}

/**
 * ToolSandbox's tables over a run's scored episodes: mean similarity by category (Table 5, overall with a
 * 95% bootstrap interval over cases), by tool augmentation (Table 5), and mean turn count by category
 * (Table 11). Means are plain means over episodes, as the paper's are. A category or augmentation with
 * no episode has no cell, so its column is left out.
 */
export function aggregateSandbox(episodes: readonly EpisodeSummary[]): BenchmarkAggregate {
  const metric = (episode: EpisodeSummary, id: string) => episode.metrics[id] ?? 0;
  // Each category's episodes are picked once for both tables that read them.
  const byCategory = new Map<string, readonly EpisodeSummary[]>();
  const inCategory = (category: string) => {
    let selected = byCategory.get(category);
    if (!selected) {
      selected = episodesLabelled(episodes, 'categories', category);
      byCategory.set(category, selected);
    }
    return selected;
  };
  const withAugmentation = (augmentation: string) =>
    episodes.filter((episode) => (episode.labels.augmentation ?? 'none') === augmentation);

  const setting = settingOf(episodes);
  const scoresByCase = new Map<string, number[]>();
  for (const episode of episodes) {
    const scores = scoresByCase.get(episode.caseId);
    if (scores) scores.push(metric(episode, 'score'));
    else scoresByCase.set(episode.caseId, [metric(episode, 'score')]);
  }
  const trials = trialStatistics(scoresByCase);
  const overall = metricMeanOverAll(episodes, 'score');
  const overallCell =
    trials.trials > 1 || trials.cases > 1
      ? { value: overall, low: finite(trials.confidenceInterval[0]), high: finite(trials.confidenceInterval[1]) }
      : overall;

  const scoreColumn = (id: string): TableColumn => ({
    id,
    title: columnTitle(id),
    format: 'score',
    direction: 'higher',
    optional: true,
  });
  const byCategoryTable: ReportTable = {
    id: 'by-category',
    title: `Mean similarity by category (ToolSandbox Table 5; overall with a 95% bootstrap interval)${setting}`,
    columns: [
      { id: 'overall', title: 'Overall', format: 'score', direction: 'higher' },
      ...SANDBOX_CATEGORIES.map(scoreColumn),
    ],
    rows: [
      {
        overall: overallCell,
        ...Object.fromEntries(
          SANDBOX_CATEGORIES.map((category) => [category, metricMeanOverAll(inCategory(category), 'score')]),
        ),
      },
    ],
  };
  const byAugmentation: ReportTable = {
    id: 'by-augmentation',
    title: `Mean similarity by tool augmentation (ToolSandbox Table 5)${setting}`,
    columns: AUGMENTATIONS.map(scoreColumn),
    rows: [
      Object.fromEntries(
        AUGMENTATIONS.map((augmentation) => [augmentation, metricMeanOverAll(withAugmentation(augmentation), 'score')]),
      ),
    ],
  };
  const turnColumn = (id: string, optional: boolean): TableColumn => ({
    id,
    title: columnTitle(id),
    format: 'number',
    digits: 1,
    direction: 'lower',
    ...(optional ? { optional } : {}),
  });
  const turnCounts: ReportTable = {
    id: 'turn-counts',
    title: `Mean turn count (ToolSandbox Table 11)${setting}`,
    columns: [
      turnColumn('overall', false),
      ...SANDBOX_CATEGORIES.map((category) => turnColumn(category, true)),
      ...AUGMENTATIONS.map((augmentation) => turnColumn(augmentation, true)),
    ],
    rows: [
      {
        overall: metricMeanOverAll(episodes, 'turnCount'),
        ...Object.fromEntries(
          SANDBOX_CATEGORIES.map((category) => [category, metricMeanOverAll(inCategory(category), 'turnCount')]),
        ),
        ...Object.fromEntries(
          AUGMENTATIONS.map((augmentation) => [
            augmentation,
            metricMeanOverAll(withAugmentation(augmentation), 'turnCount'),
          ]),
        ),
      },
    ],
    note: 'Messages per episode. Compare turn counts only between runs of similar score.',
  };
  const metrics: MetricValues = Object.fromEntries(
    SANDBOX_METRICS.map((definition) => [definition.id, metricMeanOverAll(episodes, definition.id)]),
  );
  return { headline: overall, metrics, tables: [byCategoryTable, byAugmentation, turnCounts] };
}

/** A column's heading: `single_tool_call` → `Single tool call`; an augmentation keeps its name. */
function columnTitle(id: string): string {
  if (id === 'overall') return 'Overall';
  if (!(SANDBOX_CATEGORIES as readonly string[]).includes(id)) return id;
  const words = id.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function finite(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}
