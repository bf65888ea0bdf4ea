/**
 * `--toolscan-reference on`: the reference code's counting (Shirley-Kokane/ToolScan, `error_utils.py`
 * and `tool.py` at cb0168d, as described in /work/shared/research/toolscan.md §A.6–A.7), for comparing
 * with figures produced by that code. Where it differs from toolgauge's default (the paper's reading):
 *
 * - IFN, IAN, IAT, IFE, RAC **and IAV** are (N − count) / N with N the step budget (10), not the number
 *   of API calls; with no executed call at all every pattern score is 0, not null.
 * - RAC counts only repeats of calls that ran (a rejected call is never recorded, so never repeated).
 * - IAV: every gold call of an API the agent executed counts, and is wrong when no executed call of that
 *   API matches it (one executed call may match several gold calls; no assignment).
 * - The best trajectory is the lexicographically smallest (missing, wrong) pair of raw counts.
 * - Success is any successful `finish` (the reference's rule for queries with `goal_type` ≠ 1; no query
 *   here has an exact-match goal type), and a text reply is no answer.
 *
 * Unchanged: missing required arguments count as IAN (as the default already does), the order of the
 * checks, and argument matching (`$any` stands for the reference's `"optional"`, defaults are read).
 */
import { type ArgumentDefaults, argumentsMatch, type GoldCall, type MadeCall } from '../../scoring/call-patterns.js';
import type { CallPattern } from './score.js';
import type { Pattern } from './vocabulary.js';

export interface ReferenceFit {
  readonly chosen: number;
  readonly missing: number;
  readonly wrong: number;
  readonly goldCalls: number;
}

/** The reference's (missing, wrong) counts for one trajectory. */
export function referenceCounts(
  made: readonly MadeCall[],
  trajectory: readonly GoldCall[],
  defaults: ArgumentDefaults,
): { missing: number; wrong: number } {
  const madeCount = new Map<string, number>();
  for (const call of made) madeCount.set(call.api, (madeCount.get(call.api) ?? 0) + 1);
  const goldCount = new Map<string, number>();
  for (const call of trajectory) goldCount.set(call.api, (goldCount.get(call.api) ?? 0) + 1);
  let missing = 0;
  for (const [api, count] of goldCount) missing += Math.max(count - (madeCount.get(api) ?? 0), 0);
  let wrong = 0;
  for (const gold of trajectory) {
    if (!madeCount.has(gold.api)) continue;
    const apiDefaults = defaults(gold.api);
    if (!made.some((call) => call.api === gold.api && argumentsMatch(gold.arguments, call.arguments, apiDefaults))) {
      wrong += 1;
    }
  }
  return { missing, wrong };
}

/** The trajectory with the smallest (missing, wrong), the earliest on a tie. */
export function referenceFit(
  made: readonly MadeCall[],
  trajectories: readonly (readonly GoldCall[])[],
  defaults: ArgumentDefaults,
): ReferenceFit {
  let best: ReferenceFit | undefined;
  trajectories.forEach((trajectory, index) => {
    const { missing, wrong } = referenceCounts(made, trajectory, defaults);
    if (!best || missing < best.missing || (missing === best.missing && wrong < best.wrong)) {
      best = { chosen: index, missing, wrong, goldCalls: trajectory.length };
    }
  });
  if (!best) throw new RangeError('referenceFit: at least one gold trajectory is needed');
  return best;
}

/**
 * The seven pattern scores as the reference computes them. `counts` are the per-call pattern counts with
 * RAC counted over executed calls only; `executed` the distinct executed calls (the reference's
 * `action_route`); `budget` the step budget N.
 */
export function referenceScores(
  counts: Readonly<Record<CallPattern, number>>,
  executedCalls: number,
  fit: ReferenceFit,
  budget: number,
): Record<Pattern, number> {
  if (executedCalls === 0) return { IAC: 0, RAC: 0, IAV: 0, IFE: 0, IAT: 0, IAN: 0, IFN: 0 };
  const ofBudget = (count: number) => (budget - count) / budget;
  return {
    IAC: fit.goldCalls === 0 ? 1 : (fit.goldCalls - fit.missing) / fit.goldCalls,
    RAC: ofBudget(counts.RAC),
    IAV: ofBudget(fit.wrong),
    IFE: ofBudget(counts.IFE),
    IAT: ofBudget(counts.IAT),
    IAN: ofBudget(counts.IAN),
    IFN: ofBudget(counts.IFN),
  };
}
