import { describe, expect, it } from 'vitest';
import type { EpisodeSummary } from '../../spec/index.js';
import { metricsFromCounts } from './conversation-evaluation.js';
import { aggregateToolTalk } from './tooltalk-aggregate.js';

function episode(
  caseId: string,
  subset: string,
  counts: Parameters<typeof metricsFromCounts>[0],
  errors = [0, 0, 0],
): EpisodeSummary {
  const m = metricsFromCounts(counts);
  return {
    caseId,
    trial: 0,
    status: 'scored',
    labels: { subset },
    metrics: {
      success: m.success ? 1 : 0,
      precision: m.precision,
      recall: m.recall,
      incorrect_action_rate: m.badActionRate,
      action_precision: m.actionPrecision,
      soft_success: m.softSuccess,
      predictions: m.predictions,
      ground_truths: m.groundTruths,
      matches: m.matches,
      actions: m.actions,
      valid_actions: m.validActions,
      incorrect_actions: m.badActions,
      premature_calls: errors[0] ?? 0,
      faulty_planning: errors[1] ?? 0,
      incorrect_invocations: errors[2] ?? 0,
      capped_turns: 0,
    },
  };
}

describe('ToolTalk aggregation', () => {
  const episodes = [
    episode('a', 'easy', { predictions: 1, groundTruths: 1, matches: 1, actions: 1, validActions: 1, badActions: 0 }),
    episode(
      'b',
      'hard',
      { predictions: 4, groundTruths: 2, matches: 1, actions: 3, validActions: 1, badActions: 2 },
      [1, 1, 0],
    ),
    episode(
      'c',
      'hard',
      { predictions: 0, groundTruths: 3, matches: 0, actions: 0, validActions: 0, badActions: 0 },
      [0, 1, 2],
    ),
  ];

  it('micro-averages over calls as the reference does, success over conversations', () => {
    const aggregate = aggregateToolTalk(episodes, {});
    expect(aggregate.headline).toBeCloseTo(1 / 3);
    expect(aggregate.metrics.precision).toBeCloseTo(2 / 5);
    expect(aggregate.metrics.recall).toBeCloseTo(2 / 6);
    expect(aggregate.metrics.incorrect_action_rate).toBeCloseTo(2 / 4);
  });

  it('lays the tables out as the paper does, per subset and overall', () => {
    const [results, errors] = aggregateToolTalk(episodes, { 'tooltalk-no-docs': true }).tables;
    expect(results?.title).toMatch(/Table 3/);
    expect(results?.rows.map((row) => row.subset)).toEqual(['easy', 'hard', 'all']);
    expect(results?.rows[1]).toMatchObject({
      conversations: 2,
      success: 0,
      precision: 0.25,
      recall: 0.2,
      incorrect_action_rate: 2 / 3,
    });
    expect(errors?.rows[1]).toMatchObject({ premature: 0.2, planning: 0.4, invocations: 0.4, total: 5 });
  });
});
