/**
 * A run's ToolTalk tables, as the paper reports them: per subset, success rate, precision, recall and
 * incorrect-action rate (Table 1; Table 3 when documentation was removed), micro-averaged over calls as
 * the reference computes them (Σ matches / Σ predictions, …; success rate over conversations); and the
 * error types as a share of failing turns (Table 2; Table 4 without documentation).
 */

import { metricMean, metricSum } from '../../scoring/episode-averages.js';
import type {
  BenchmarkAggregate,
  BenchmarkOptionValues,
  EpisodeSummary,
  MetricValues,
  ReportTable,
} from '../../spec/index.js';
import { toolTalkSettings } from './tooltalk-options.js';

const ratio = (numerator: number, denominator: number, empty: number | null) =>
  denominator > 0 ? numerator / denominator : empty;

/** The reference's dataset micro-averages (incorrect action rate is null when no action was made). */
export function microAverages(episodes: readonly EpisodeSummary[]): MetricValues {
  const conversations = episodes.length;
  const predictions = metricSum(episodes, 'predictions');
  const groundTruths = metricSum(episodes, 'ground_truths');
  const matches = metricSum(episodes, 'matches');
  const actions = metricSum(episodes, 'actions');
  return {
    success: ratio(metricSum(episodes, 'success'), conversations, null),
    precision: ratio(matches, predictions, 0),
    recall: ratio(matches, groundTruths, null),
    incorrect_action_rate: ratio(metricSum(episodes, 'incorrect_actions'), actions, null),
    action_precision: ratio(metricSum(episodes, 'valid_actions'), actions, null),
    soft_success: ratio(metricSum(episodes, 'soft_success'), conversations, null),
    predictions,
    ground_truths: groundTruths,
    matches,
    actions,
    valid_actions: metricSum(episodes, 'valid_actions'),
    incorrect_actions: metricSum(episodes, 'incorrect_actions'),
    premature_calls: metricSum(episodes, 'premature_calls'),
    faulty_planning: metricSum(episodes, 'faulty_planning'),
    incorrect_invocations: metricSum(episodes, 'incorrect_invocations'),
    capped_turns: metricSum(episodes, 'capped_turns'),
    reference_success: metricMean(episodes, 'reference_success'),
    reference_agrees: metricMean(episodes, 'reference_agrees'),
  };
}

function subsetOf(episode: EpisodeSummary): string {
  const subset = episode.labels.subset;
  return typeof subset === 'string' ? subset : 'other';
}

export function aggregateToolTalk(
  episodes: readonly EpisodeSummary[],
  options: BenchmarkOptionValues,
): BenchmarkAggregate {
  const settings = toolTalkSettings(options);
  const subsets = [...new Set(episodes.map(subsetOf))].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const groups: [string, readonly EpisodeSummary[]][] = subsets.map((subset) => [
    subset,
    episodes.filter((episode) => subsetOf(episode) === subset),
  ]);
  if (subsets.length > 1) groups.push(['all', episodes]);
  const documented = settings.documentation;
  const results: ReportTable = {
    id: 'tooltalk-results',
    title: documented ? 'ToolTalk results by subset (paper Table 1)' : 'ToolTalk without documentation (paper Table 3)',
    columns: [
      { id: 'subset', title: 'Subset', format: 'text' },
      { id: 'conversations', title: 'Conversations', format: 'count' },
      { id: 'success', title: 'Success rate', format: 'percent', direction: 'higher' },
      { id: 'precision', title: 'Precision', format: 'percent', direction: 'higher' },
      { id: 'recall', title: 'Recall', format: 'percent', direction: 'higher' },
      { id: 'incorrect_action_rate', title: 'Incorrect action rate', format: 'percent', direction: 'lower' },
      { id: 'soft_success', title: 'Soft success', format: 'percent', direction: 'higher' },
    ],
    rows: groups.map(([subset, group]) => {
      const averages = microAverages(group);
      return {
        subset,
        conversations: group.length,
        success: averages.success ?? null,
        precision: averages.precision ?? null,
        recall: averages.recall ?? null,
        incorrect_action_rate: averages.incorrect_action_rate ?? null,
        soft_success: averages.soft_success ?? null,
      };
    }),
    note: `Micro-averaged over calls (Σ matched / Σ predicted, Σ matched / Σ ground truth, Σ incorrect / Σ actions); success rate over conversations. Mode: ${settings.mode}; tools offered: ${settings.toolSet}.`,
    chart: {
      type: 'bars',
      title: 'Precision, recall and incorrect-action rate by subset',
      label: 'subset',
      bars: [{ column: 'precision' }, { column: 'recall' }, { column: 'incorrect_action_rate' }],
    },
  };
  const errorRows = groups.map(([subset, group]) => {
    const premature = metricSum(group, 'premature_calls');
    const planning = metricSum(group, 'faulty_planning');
    const invocations = metricSum(group, 'incorrect_invocations');
    const total = premature + planning + invocations;
    return {
      subset,
      premature: ratio(premature, total, null),
      planning: ratio(planning, total, null),
      invocations: ratio(invocations, total, null),
      total,
    };
  });
  const errors: ReportTable = {
    id: 'tooltalk-error-types',
    title: documented
      ? 'Error types of failing turns (paper Table 2)'
      : 'Error types without documentation (paper Table 4)',
    columns: [
      { id: 'subset', title: 'Subset', format: 'text' },
      { id: 'premature', title: 'Premature tool calls', format: 'percent' },
      { id: 'planning', title: 'Faulty planning', format: 'percent' },
      { id: 'invocations', title: 'Incorrect tool invocations', format: 'percent' },
      { id: 'total', title: 'Total failures', format: 'count', direction: 'lower' },
    ],
    rows: errorRows,
    chart: {
      type: 'bars',
      title: 'Error taxonomy: share of failing turns by error type',
      label: 'subset',
      bars: [{ column: 'premature' }, { column: 'planning' }, { column: 'invocations' }],
    },
    note:
      settings.mode === 'default'
        ? 'Turns of failed conversations; faulty planning counts a tool called fewer times than needed (issue #18 fixed).'
        : "Turns of failed conversations, with the reference's reversed count test (issue #18) kept.",
  };
  const metrics = microAverages(episodes);
  const replayed = referenceTable(groups);
  return {
    headline: metrics.success ?? null,
    metrics,
    tables: replayed ? [results, errors, replayed] : [results, errors],
  };
}

/**
 * For a run of the `recorded` agent: per subset, the success rate the reference's own evaluation wrote in
 * the replayed files beside toolgauge's over the same conversations, and how many conversations' metrics
 * agree. Absent when no episode replayed a file with metrics.
 */
function referenceTable(groups: readonly [string, readonly EpisodeSummary[]][]): ReportTable | undefined {
  const rows = groups.map(([subset, group]) => {
    const compared = group.filter((episode) => typeof episode.metrics.reference_agrees === 'number');
    return {
      subset,
      compared: compared.length,
      agree: compared.filter((episode) => episode.metrics.reference_agrees === 1).length,
      success: microAverages(compared).success ?? null,
      reference_success: metricMean(compared, 'reference_success'),
    };
  });
  if (rows.every((row) => row.compared === 0)) return undefined;
  return {
    id: 'tooltalk-reference',
    title: "Beside the reference's own metrics (replayed reference output)",
    columns: [
      { id: 'subset', title: 'Subset', format: 'text' },
      { id: 'compared', title: 'Conversations with metrics', format: 'count' },
      { id: 'agree', title: 'All metrics agree', format: 'count', direction: 'higher' },
      { id: 'success', title: 'Success rate (toolgauge)', format: 'percent', direction: 'higher' },
      { id: 'reference_success', title: 'Success rate (reference)', format: 'percent', direction: 'higher' },
    ],
    rows,
    note: "A conversation agrees when toolgauge's counts, precision, recall, action precision, bad action rate, success and soft success equal those the reference wrote in its file (`show` lists any that differ). In reference-compatible mode they should all agree.",
  };
}

function rank(subset: string): number {
  return subset === 'easy' ? 0 : subset === 'hard' ? 1 : 2;
}
