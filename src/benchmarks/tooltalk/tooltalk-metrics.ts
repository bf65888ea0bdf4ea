/** The metrics of a ToolTalk episode (one conversation), and their values from a scored replay. */
import type { MetricDefinition, MetricValues } from '../../spec/index.js';
import type { ScoredConversation } from './score-replay.js';
import type { ReferenceMetricsRecord } from './tooltalk-record.js';

const score = (id: string, title: string, description: string, direction: 'higher' | 'lower' = 'higher') =>
  ({ id, title, description, direction, kind: 'score' }) as const;
const count = (id: string, title: string, description: string, direction: 'higher' | 'lower' = 'higher') =>
  ({ id, title, description, direction, kind: 'count' }) as const;

export const TOOLTALK_METRICS: readonly MetricDefinition[] = [
  score('success', 'Success', "Every ground-truth call matched and no incorrect action (the paper's key metric)."),
  score('precision', 'Precision', 'Matched predicted calls / all predicted calls (0 when none were made).'),
  score('recall', 'Recall', 'Matched ground-truth calls / all ground-truth calls.'),
  score('incorrect_action_rate', 'Incorrect action rate', 'Incorrect actions / predicted action calls.', 'lower'),
  score('action_precision', 'Action precision', 'Matched action calls / predicted action calls (1 when none).'),
  score('soft_success', 'Soft success', 'Recall × (1 − incorrect action rate).'),
  count('predictions', 'Predicted calls', 'Calls the agent made over all turns.'),
  count('ground_truths', 'Ground-truth calls', 'Calls in the ground truth.'),
  count('matches', 'Matches', 'Predicted calls that matched a ground-truth call.'),
  count('actions', 'Actions', 'Predicted calls of action tools.'),
  count('valid_actions', 'Matched actions', 'Predicted action calls that matched.'),
  count('incorrect_actions', 'Incorrect actions', 'Unmatched action calls that ran without an error.', 'lower'),
  count(
    'premature_calls',
    'Premature calls',
    'Error type: incorrect actions in turns without ground truth (failed conversations).',
    'lower',
  ),
  count(
    'faulty_planning',
    'Faulty planning',
    'Error type: turns with missing, extra or wrong tools (failed conversations).',
    'lower',
  ),
  count(
    'incorrect_invocations',
    'Incorrect invocations',
    'Error type: turns with the right tools called wrongly (failed conversations).',
    'lower',
  ),
  count('capped_turns', 'Capped turns', 'Turns that hit the call cap.', 'lower'),
  score(
    'reference_success',
    "Reference's success",
    "`--agent recorded`: the success the reference's own evaluation wrote in the replayed file (none without one).",
  ),
  score(
    'reference_agrees',
    'Agrees with the reference',
    "`--agent recorded`: 1 when toolgauge's conversation metrics equal those the reference wrote in the file, else 0.",
  ),
];

export function metricValues(
  scored: ScoredConversation,
  cappedTurns: number,
  reference?: ReferenceMetricsRecord,
): MetricValues {
  const referenceSuccess = reference?.metrics?.success;
  const metrics = scored.evaluation.metrics;
  return {
    success: metrics.success ? 1 : 0,
    precision: metrics.precision,
    recall: metrics.recall,
    incorrect_action_rate: metrics.badActionRate,
    action_precision: metrics.actionPrecision,
    soft_success: metrics.softSuccess,
    predictions: metrics.predictions,
    ground_truths: metrics.groundTruths,
    matches: metrics.matches,
    actions: metrics.actions,
    valid_actions: metrics.validActions,
    incorrect_actions: metrics.badActions,
    premature_calls: scored.errorTypes.overTrigger,
    faulty_planning: scored.errorTypes.badPlanning,
    incorrect_invocations: scored.errorTypes.badCall,
    capped_turns: cappedTurns,
    reference_success: referenceSuccess === undefined ? null : Number(referenceSuccess),
    reference_agrees: reference?.differences ? (reference.differences.length === 0 ? 1 : 0) : null,
  };
}
