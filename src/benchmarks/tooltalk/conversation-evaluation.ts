/**
 * Scoring one replayed conversation as the reference does: every predicted call of every assistant
 * turn, in order, is matched greedily against the ground-truth calls still unmatched (first fit: the
 * first one the tool's rule accepts). A prediction that matches nothing is a *bad action* when its tool
 * is an action, it is a known tool and it ran without an exception (a failed action changed nothing).
 *
 * In `reference-compatible` mode the ground truth of the whole conversation is one pool, so a correct
 * call made one turn early still matches. In `default` mode a prediction may only match the ground truth
 * of its own turn: acting before the user asked is not the call the user asked for.
 */
import { TOOLTALK_TOOLS_BY_NAME } from '../../domains/tooltalk/index.js';
import type { ApiCallRecord } from './call-executor.js';
import { type ComparisonContext, callsMatch } from './comparators.js';

/** The calls of one assistant turn: what was predicted and what the ground truth holds. */
export interface TurnCalls {
  /** Index of the assistant turn in the conversation file. */
  readonly turnIndex: number;
  readonly predictions: readonly ApiCallRecord[];
  readonly groundTruth: readonly ApiCallRecord[];
  /** Whether the turn's file entry has an `apis` list (the error taxonomy reads it). */
  readonly hasApis: boolean;
}

export interface PredictionFlags {
  readonly match: boolean;
  readonly badAction: boolean;
}

export interface ConversationCounts {
  readonly predictions: number;
  readonly groundTruths: number;
  readonly matches: number;
  readonly actions: number;
  readonly validActions: number;
  readonly badActions: number;
}

export interface ConversationMetrics extends ConversationCounts {
  readonly precision: number;
  readonly recall: number;
  readonly actionPrecision: number;
  readonly badActionRate: number;
  readonly success: boolean;
  readonly softSuccess: number;
}

export interface ConversationEvaluation {
  /** Per turn (same order as the input), the flags of each prediction and whether each ground truth matched. */
  readonly turns: readonly {
    readonly predictions: readonly PredictionFlags[];
    readonly groundTruth: readonly boolean[];
  }[];
  readonly metrics: ConversationMetrics;
}

export function isActionTool(name: string): boolean {
  return TOOLTALK_TOOLS_BY_NAME.get(name)?.tool.kind === 'action';
}

export function evaluateConversation(turns: readonly TurnCalls[], context: ComparisonContext): ConversationEvaluation {
  const groundTruthMatched = turns.map((turn) => turn.groundTruth.map(() => false));
  const predictionFlags: PredictionFlags[][] = turns.map(() => []);
  let matches = 0;
  let actions = 0;
  let validActions = 0;
  let badActions = 0;
  let predictionCount = 0;

  turns.forEach((turn, turnPosition) => {
    for (const prediction of turn.predictions) {
      predictionCount += 1;
      const pool = context.mode === 'default' ? [turnPosition] : turns.map((_, position) => position);
      let matched = false;
      for (const position of pool) {
        const candidates = turns[position]?.groundTruth ?? [];
        const flags = groundTruthMatched[position] ?? [];
        const found = candidates.findIndex((truth, index) => !flags[index] && callsMatch(prediction, truth, context));
        if (found >= 0) {
          flags[found] = true;
          matched = true;
          break;
        }
      }
      const action = isActionTool(prediction.request.api_name);
      const badAction = !matched && action && prediction.exception === null;
      predictionFlags[turnPosition]?.push({ match: matched, badAction });
      matches += matched ? 1 : 0;
      actions += action ? 1 : 0;
      validActions += action && matched ? 1 : 0;
      badActions += badAction ? 1 : 0;
    }
  });

  const groundTruths = turns.reduce((sum, turn) => sum + turn.groundTruth.length, 0);
  const counts: ConversationCounts = {
    predictions: predictionCount,
    groundTruths,
    matches,
    actions,
    validActions,
    badActions,
  };
  return {
    turns: turns.map((_, position) => ({
      predictions: predictionFlags[position] ?? [],
      groundTruth: groundTruthMatched[position] ?? [],
    })),
    metrics: metricsFromCounts(counts),
  };
}

/**
 * The reference's per-conversation metrics. Recall over a conversation without ground truth is 1 here
 * (the reference divides by zero; no conversation of its data has none).
 */
export function metricsFromCounts(counts: ConversationCounts): ConversationMetrics {
  const precision = counts.predictions > 0 ? counts.matches / counts.predictions : 0;
  const recall = counts.groundTruths > 0 ? counts.matches / counts.groundTruths : 1;
  const actionPrecision = counts.actions > 0 ? counts.validActions / counts.actions : 1;
  const badActionRate = counts.actions > 0 ? counts.badActions / counts.actions : 0;
  return {
    ...counts,
    precision,
    recall,
    actionPrecision,
    badActionRate,
    success: recall === 1 && badActionRate === 0,
    softSuccess: recall * (1 - badActionRate),
  };
}

export interface ErrorTypeCounts {
  readonly overTrigger: number;
  readonly badPlanning: number;
  readonly badCall: number;
}

/**
 * The reference's error taxonomy over one failed conversation, turn by turn. A bad action in a turn
 * without ground-truth calls is an *over-trigger* (each counts). Otherwise a turn with unmatched calls is
 * *bad planning* when the tool names of its unmatched predictions and unmatched ground truth differ, or
 * when a tool was called fewer times than the ground truth needs; else it is a *bad call* (the right
 * tools, called wrongly).
 *
 * The reference's "called fewer times" test is reversed (issue #18: it tests ground truth < predicted,
 * under a comment saying the opposite). `reference-compatible` keeps the reversed test; `default` tests
 * what the comment says.
 */
export function errorTypes(
  turns: readonly TurnCalls[],
  evaluation: ConversationEvaluation,
  mode: ComparisonContext['mode'],
): ErrorTypeCounts {
  if (evaluation.metrics.success) return { overTrigger: 0, badPlanning: 0, badCall: 0 };
  let overTrigger = 0;
  let badPlanning = 0;
  let badCall = 0;
  turns.forEach((turn, position) => {
    const flags = evaluation.turns[position];
    if (!flags) return;
    const hasGroundTruth = mode === 'default' ? turn.groundTruth.length > 0 : turn.hasApis;
    if (!hasGroundTruth) {
      overTrigger += flags.predictions.filter((flag) => flag.badAction).length;
      return;
    }
    const unmatchedPredictions = turn.predictions.filter((_, index) => !flags.predictions[index]?.match);
    const unmatchedTruth = turn.groundTruth.filter((_, index) => !flags.groundTruth[index]);
    if (unmatchedPredictions.length === 0 && unmatchedTruth.length === 0) return;
    const truthNames = countNames(unmatchedTruth);
    const predictedNames = countNames(unmatchedPredictions);
    const sameNames =
      truthNames.size === predictedNames.size && [...truthNames.keys()].every((name) => predictedNames.has(name));
    if (!sameNames) {
      badPlanning += 1;
      return;
    }
    const tooFew = [...truthNames].some(([name, truthCount]) => {
      const predictedCount = predictedNames.get(name) ?? 0;
      return mode === 'default' ? predictedCount < truthCount : truthCount < predictedCount;
    });
    if (tooFew) badPlanning += 1;
    else badCall += 1;
  });
  return { overTrigger, badPlanning, badCall };
}

function countNames(calls: readonly ApiCallRecord[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const call of calls) counts.set(call.request.api_name, (counts.get(call.request.api_name) ?? 0) + 1);
  return counts;
}
