import { EpisodeView } from '../../../scoring/episode-view.js';
import type { Trajectory } from '../../../spec/index.js';
import type { WorldSchema } from '../../../world/index.js';
import { scoreConstraint } from './constraint-score.js';
import { constraintsUpperBound } from './milestone-bound.js';
import { type MatchableMilestone, type MilestoneMatch, matchMilestones } from './milestone-matcher.js';
import { constrainedTables, constraintReferences, type MilestoneSpec } from './milestone-spec.js';
import { turnCount } from './turn-count.js';

export interface MilestoneGraphSpec {
  readonly milestones: readonly MilestoneSpec[];
  /** Edges `[before, after]`; absent means a chain in the listed order. */
  readonly edges?: readonly (readonly [string, string])[];
}

export interface EpisodeScore {
  /** The milestone score, or 0 when a minefield was stepped on. */
  readonly score: number;
  readonly milestoneScore: number;
  /** Mean similarity of the best minefield mapping; any value above 0 means a minefield fired. */
  readonly minefieldScore: number;
  readonly milestones: readonly MilestoneMatch[];
  readonly minefields: readonly MilestoneMatch[];
  readonly turnCount: number;
}

/**
 * Scores a trajectory as ToolSandbox does: the best mapping of milestones onto messages (the mean of
 * their similarities), zeroed when the best mapping of minefields has any similarity at all.
 *
 * Each milestone also carries a guardrail: the tables no milestone of the scenario constrains must be
 * unchanged between the latest predecessor's message (or the start, for a root) and the milestone's
 * message. A guardrail multiplies the score (0 or 1) without counting in its geometric mean. Minefields
 * get no guardrail, which would only make them harder to trip.
 */
export function evaluateEpisode(
  trajectory: Trajectory,
  schema: WorldSchema,
  milestones: MilestoneGraphSpec,
  minefields: MilestoneGraphSpec = { milestones: [] },
): EpisodeScore {
  const view = new EpisodeView(trajectory, schema);
  const candidates: number[] = [];
  for (let index = view.startIndex; index < trajectory.messages.length; index += 1) candidates.push(index);

  const constrained = new Set(
    milestones.milestones.flatMap((milestone) => milestone.constraints.flatMap(constrainedTables)),
  );
  const guarded = [...schema.tables.keys()].filter((table) => !constrained.has(table));

  const milestoneResult = matchMilestones(
    milestones.milestones.map((spec) => matchable(spec, view, guarded)),
    edgesOf(milestones),
    candidates,
    view.startIndex,
  );
  const minefieldResult =
    minefields.milestones.length === 0
      ? { score: 0, matches: [] }
      : matchMilestones(
          minefields.milestones.map((spec) => matchable(spec, view, [])),
          edgesOf(minefields),
          candidates,
          view.startIndex,
        );
  return {
    score: minefieldResult.score > 0 ? 0 : milestoneResult.score,
    milestoneScore: milestoneResult.score,
    minefieldScore: minefieldResult.score,
    milestones: milestoneResult.matches,
    minefields: minefieldResult.matches,
    turnCount: turnCount(trajectory),
  };
}

/** The edges of a graph, a chain in listed order when none are given. */
export function edgesOf(graph: MilestoneGraphSpec): (readonly [string, string])[] {
  if (graph.edges) return [...graph.edges];
  return graph.milestones
    .slice(1)
    .map((milestone, index) => [graph.milestones[index]?.id ?? '', milestone.id] as const);
}

function matchable(spec: MilestoneSpec, view: EpisodeView, guarded: readonly string[]): MatchableMilestone {
  const guardTables = guarded.filter((table) => !spec.guardrailExclude?.includes(table));
  return {
    id: spec.id,
    weight: spec.scored === false ? 0 : 1,
    references: [...new Set(spec.constraints.flatMap(constraintReferences))],
    bound: (messageIndex, context) => constraintsUpperBound(spec.constraints, view, messageIndex, context),
    score(messageIndex, context) {
      if (guardTables.length > 0) {
        const before = view.worldAt(context.predecessorIndex);
        const now = view.worldAt(messageIndex);
        for (const table of guardTables) {
          if (
            !now.sharesTable(before, table) &&
            JSON.stringify(now.rows(table)) !== JSON.stringify(before.rows(table))
          ) {
            return 0;
          }
        }
      }
      let product = 1;
      for (const constraint of spec.constraints) {
        product *= scoreConstraint(constraint, view, messageIndex, context);
        if (product === 0) return 0;
      }
      return product ** (1 / spec.constraints.length);
    },
  };
}
