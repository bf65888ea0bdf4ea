/**
 * ToolTalk's call-level measures on any trajectory: the calls an agent made are matched greedily, first
 * fit, against the calls of a gold trajectory (same tool, equal arguments, both succeeded or both
 * failed), and scored as ToolTalk scores a conversation: precision, recall, incorrect-action rate (an
 * unmatched call of an action tool that ran without an error) and success (recall 1, no incorrect
 * action). Lets a ToolSandbox episode be read with ToolTalk's measures beside its milestone score.
 */
import type { ToolKind, ToolTrace } from '../spec/index.js';

export interface CallLevelScores {
  readonly predictions: number;
  readonly goldCalls: number;
  readonly matches: number;
  readonly actions: number;
  readonly incorrectActions: number;
  readonly precision: number;
  readonly recall: number;
  readonly incorrectActionRate: number;
  readonly success: boolean;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => deepEqual(left[key], right[key]));
}

const nameOf = (trace: ToolTrace) => trace.toolName ?? trace.requestedName;

export function callLevelScores(
  predicted: readonly ToolTrace[],
  gold: readonly ToolTrace[],
  kindOf: (toolName: string) => ToolKind | undefined,
): CallLevelScores {
  const used = gold.map(() => false);
  let matches = 0;
  let actions = 0;
  let incorrectActions = 0;
  for (const call of predicted) {
    const found = gold.findIndex(
      (truth, index) =>
        !used[index] &&
        nameOf(truth) === nameOf(call) &&
        truth.outcome.type === call.outcome.type &&
        deepEqual(truth.arguments, call.arguments),
    );
    if (found >= 0) used[found] = true;
    const action = call.toolName !== null && kindOf(call.toolName) === 'action';
    actions += action ? 1 : 0;
    matches += found >= 0 ? 1 : 0;
    incorrectActions += found < 0 && action && call.outcome.type === 'result' ? 1 : 0;
  }
  const recall = gold.length > 0 ? matches / gold.length : 1;
  const incorrectActionRate = actions > 0 ? incorrectActions / actions : 0;
  return {
    predictions: predicted.length,
    goldCalls: gold.length,
    matches,
    actions,
    incorrectActions,
    precision: predicted.length > 0 ? matches / predicted.length : 0,
    recall,
    incorrectActionRate,
    success: recall === 1 && incorrectActionRate === 0,
  };
}
