import type { EpisodeView } from '../../../scoring/episode-view.js';
import { scoreConstraint } from './constraint-score.js';
import { isUndecided } from './matcher-bound.js';
import type { MatchContext } from './milestone-matcher.js';
import type { ConstraintSpec } from './milestone-spec.js';

/**
 * An upper bound of a milestone's similarity at a message over every mapping that agrees with what
 * `context` tells (what the matcher prunes with): its constraints' geometric mean where each constraint
 * that reads an undecided milestone (a `since` or a placeholder) counts as 1 and the guardrail (which can only zero a milestone) is left out. The other
 * constraints are scored exactly, in the same order as the similarity itself, so the
 * bound is never below it.
 */
export function constraintsUpperBound(
  constraints: readonly ConstraintSpec[],
  view: EpisodeView,
  messageIndex: number,
  context: MatchContext,
): number {
  let product = 1;
  for (const constraint of constraints) {
    product *= constraintBound(constraint, view, messageIndex, context);
    if (product === 0) return 0;
  }
  return product ** (1 / constraints.length);
}

function constraintBound(
  constraint: ConstraintSpec,
  view: EpisodeView,
  messageIndex: number,
  context: MatchContext,
): number {
  try {
    return scoreConstraint(constraint, view, messageIndex, context);
  } catch (error) {
    if (isUndecided(error)) return 1;
    throw error;
  }
}
