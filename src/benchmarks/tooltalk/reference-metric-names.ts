/**
 * The per-conversation metrics the reference's `evaluate_predictions` writes, by its names, and the field
 * of toolgauge's `ConversationMetrics` that holds each (for comparing a reference output file's metrics
 * with toolgauge's, and showing them side by side). No imports, so the reader can show them without zod.
 */
export const REFERENCE_METRIC_NAMES = [
  ['predictions', 'predictions'],
  ['ground_truths', 'groundTruths'],
  ['matches', 'matches'],
  ['actions', 'actions'],
  ['valid_actions', 'validActions'],
  ['bad_actions', 'badActions'],
  ['precision', 'precision'],
  ['recall', 'recall'],
  ['action_precision', 'actionPrecision'],
  ['bad_action_rate', 'badActionRate'],
  ['success', 'success'],
  ['soft_success', 'softSuccess'],
] as const;
