import type { ColumnSimilarity } from '../../../scoring/column-similarity.js';
import { EpisodeView } from '../../../scoring/episode-view.js';
import type { Trajectory } from '../../../spec/index.js';
import { remembered } from '../../../util/index.js';
import type { WorldSchema } from '../../../world/index.js';
import { failsFirstCheck, scoreConstraint } from './constraint-score.js';
import { type EpisodePenalty, episodePenalties, penalizedScore } from './episode-penalties.js';
import { type GuardrailNote, guardrailBreach } from './guardrail.js';
import { constraintsUpperBound } from './milestone-bound.js';
import {
  type MatchableMilestone,
  type MatchContext,
  type MilestoneMatch,
  matchMilestones,
} from './milestone-matcher.js';
import {
  type ConstraintSpec,
  constrainedTables,
  constraintReferences,
  edgesOf,
  type MilestoneSpec,
} from './milestone-spec.js';
import type { ScoringProfile } from './scoring-profile.js';
import { turnCount } from './turn-count.js';
import { unrequestedChange } from './unrequested-changes.js';

export interface MilestoneGraphSpec {
  readonly milestones: readonly MilestoneSpec[];
  /**
   * Edges `[before, after]`; absent means none: the milestones may match in any order. (The paper's
   * implicit chain in listed order is gone: scenario files state their order, see `checkScenario`.)
   */
  readonly edges?: readonly (readonly [string, string])[];
}

export { SCORING_PROFILES, type ScoringProfile } from './scoring-profile.js';

export interface EvaluationOptions {
  readonly profile?: ScoringProfile;
  /**
   * The user's request cannot be carried out (an insufficient-information scenario): under the default
   * profile any change to a table no scored milestone asks for trips an implicit minefield
   * (`unrequested-change:<table>`), with no minefield written for it. The paper's profile ignores it.
   */
  readonly requestImpossible?: boolean;
}

export interface EpisodeScore {
  /** The milestone score, or 0 when a minefield was stepped on. */
  readonly score: number;
  readonly milestoneScore: number;
  /** Mean similarity of the best minefield mapping; any value above 0 means a minefield fired. */
  readonly minefieldScore: number;
  readonly milestones: readonly MilestoneMatch[];
  readonly minefields: readonly MilestoneMatch[];
  /** What the default profile held against the episode beyond its milestones (see `episodePenalties`). */
  readonly penalties?: readonly EpisodePenalty[];
  readonly turnCount: number;
}

/**
 * Scores a trajectory as ToolSandbox does: the best mapping of milestones onto messages (the mean of
 * their similarities), zeroed when the best mapping of minefields has any similarity at all.
 *
 * Each milestone also carries a guardrail: the tables no milestone of the scenario constrains must be
 * unchanged from the start of the episode to the milestone's message (the paper, and `--scoring paper`:
 * from the latest predecessor's message), and, for a milestone nothing follows in the graph, also after
 * its message to the end of the episode (damage done after the last milestone counts; the paper never
 * checked it). So damage costs every milestone reached after it, whatever the mapping: no placement of
 * a cheap predecessor can move a window past it. A guardrail
 * multiplies the score (0 or 1) without counting in its geometric mean; a milestone it zeroed carries a
 * `guardrail` note saying which table changed at which message. Minefields get no guardrail, which
 * would only make them harder to trip; their row-change constraints default to `including` (a
 * protected row removed together with others still fires).
 */
export function evaluateEpisode(
  trajectory: Trajectory,
  schema: WorldSchema,
  milestones: MilestoneGraphSpec,
  minefields: MilestoneGraphSpec = { milestones: [] },
  options: EvaluationOptions = {},
): EpisodeScore {
  const paper = options.profile === 'paper';
  const view = new EpisodeView(trajectory, schema);
  const candidates: number[] = [];
  for (let index = view.startIndex; index < trajectory.messages.length; index += 1) candidates.push(index);

  const milestonePlan = graphPlan(milestones, schema, paper ? 'paper' : 'facts');
  const edges = [...milestonePlan.edges];
  const lastIndex = trajectory.messages.length - 1;
  const scorers = milestonePlan.milestones.map((planned) =>
    guardedMilestone(
      planned,
      view,
      planned.sink && !paper ? lastIndex : undefined,
      // The paper's window starts at the latest predecessor's message; that lets a matcher give up a
      // cheap predecessor (place it late, at similarity 0) to move the next window past the damage.
      paper ? 'predecessor' : 'start',
    ),
  );
  const milestoneResult = matchMilestones(scorers, edges, candidates, view.startIndex);
  const minefieldPlan = minefields.milestones.length === 0 ? undefined : graphPlan(minefields, schema, 'minefields');
  const minefieldResult = !minefieldPlan
    ? { score: 0, matches: [] }
    : matchMilestones(
        minefieldPlan.milestones.map((planned) => guardedMilestone(planned, view, undefined)),
        [...minefieldPlan.edges],
        candidates,
        view.startIndex,
      );
  const unrequested = options.requestImpossible && !paper ? unrequestedChange(view, milestones.milestones) : undefined;
  const minefieldScore = unrequested ? Math.max(minefieldResult.score, 1) : minefieldResult.score;
  const penalties = paper
    ? []
    : episodePenalties(
        view,
        milestonePlan.milestones.map((planned) => planned.spec),
        milestoneResult.matches,
      );
  return {
    score: minefieldScore > 0 ? 0 : penalizedScore(milestoneResult.score, penalties),
    ...(penalties.length > 0 ? { penalties } : {}),
    milestoneScore: milestoneResult.score,
    minefieldScore,
    milestones: explainGuardrails(milestoneResult.matches, scorers, edges, candidates, view.startIndex),
    minefields: unrequested ? [...minefieldResult.matches, unrequested] : minefieldResult.matches,
    turnCount: turnCount(trajectory),
  };
}

/** What scoring a graph needs that no episode changes: its edges, and per milestone what it guards and reads. */
interface GraphPlan {
  readonly edges: readonly (readonly [string, string])[];
  readonly milestones: readonly PlannedMilestone[];
}

interface PlannedMilestone {
  /** As scored: the paper's form under `paper`, the minefield form for minefields. */
  readonly spec: MilestoneSpec;
  /** The tables its guardrail keeps unchanged (none for minefields). */
  readonly guardTables: readonly string[];
  readonly references: readonly string[];
  /** Nothing follows it in the graph. */
  readonly sink: boolean;
}

/** Plans per graph, schema and how the graph is scored (graphs and schemas are immutable). */
const graphPlans = new WeakMap<MilestoneGraphSpec, WeakMap<WorldSchema, Map<string, GraphPlan>>>();

function graphPlan(graph: MilestoneGraphSpec, schema: WorldSchema, use: 'facts' | 'paper' | 'minefields'): GraphPlan {
  const bySchema = remembered(graphPlans, graph, () => new WeakMap<WorldSchema, Map<string, GraphPlan>>());
  const byUse = remembered(bySchema, schema, () => new Map<string, GraphPlan>());
  return remembered(byUse, use, () => planGraph(graph, schema, use));
}

function planGraph(graph: MilestoneGraphSpec, schema: WorldSchema, use: 'facts' | 'paper' | 'minefields'): GraphPlan {
  const edges = edgesOf(graph);
  if (use === 'minefields') {
    return {
      edges,
      milestones: graph.milestones.map((spec) => {
        const minefield = asMinefield(spec);
        return { spec: minefield, guardTables: [], references: referencesOfSpec(minefield), sink: false };
      }),
    };
  }
  const constrained = new Set(
    graph.milestones.flatMap((milestone) => milestone.constraints.flatMap(constrainedTables)),
  );
  const guarded = [...schema.tables.keys()].filter((table) => !constrained.has(table));
  const sinks = new Set(graph.milestones.map((spec) => spec.id).filter((id) => !edges.some(([from]) => from === id)));
  return {
    edges,
    milestones: graph.milestones.map((original) => {
      const spec = use === 'paper' ? asPaperMilestone(original) : asGroundedMilestone(original);
      return {
        spec,
        guardTables: guarded.filter((table) => !spec.guardrailExclude?.includes(table)),
        references: referencesOfSpec(spec),
        sink: sinks.has(spec.id),
      };
    }),
  };
}

function referencesOfSpec(spec: MilestoneSpec): string[] {
  return [...new Set(spec.constraints.flatMap(referencesOf))];
}

/** The edges of the paper's implicit chain in listed order (what a graph without edges used to mean). */
export function chainEdges(milestones: readonly { readonly id: string }[]): [string, string][] {
  return milestones.slice(1).map((milestone, index) => [milestones[index]?.id ?? '', milestone.id]);
}

/** A milestone as the paper scores it: weight 1 (unless uncounted), answers by ROUGE-L alone. */
function asPaperMilestone(spec: MilestoneSpec): MilestoneSpec {
  const { weight: _weight, ...rest } = spec;
  return {
    ...rest,
    constraints: spec.constraints.map((constraint) => {
      if (constraint.type === 'message' && 'facts' in constraint) {
        const { facts: _facts, ...paperConstraint } = constraint as typeof constraint & { facts?: unknown };
        return paperConstraint;
      }
      if ('columns' in constraint && constraint.columns) {
        return { ...constraint, columns: paperMeasures(constraint.columns) };
      }
      if (constraint.type === 'tool-call' && constraint.argumentSimilarity) {
        return { ...constraint, argumentSimilarity: paperMeasures(constraint.argumentSimilarity) };
      }
      return constraint;
    }),
  };
}

/**
 * Measures as the paper has them: a text judged by facts is judged by ROUGE-L (the paper's measure for
 * free-text columns), and a phone number compared as written.
 */
function paperMeasures(
  measures: Readonly<Record<string, ColumnSimilarity>>,
): Readonly<Record<string, ColumnSimilarity>> {
  return Object.fromEntries(
    Object.entries(measures).map(([column, measure]) => [
      column,
      typeof measure === 'object' && 'facts' in measure ? 'rouge-l' : measure === 'phone' ? 'exact' : measure,
    ]),
  );
}

/** A milestone as the default profile scores it: its agent answers grounded in the world. */
function asGroundedMilestone(spec: MilestoneSpec): MilestoneSpec {
  if (!spec.constraints.some((constraint) => constraint.type === 'message' && constraint.from === 'agent')) return spec;
  return {
    ...spec,
    constraints: spec.constraints.map((constraint) =>
      constraint.type === 'message' && constraint.from === 'agent' ? { ...constraint, grounded: true } : constraint,
    ),
  };
}

/** A minefield's row-change constraints ask whether the rows are among the changes (unless told otherwise). */
function asMinefield(spec: MilestoneSpec): MilestoneSpec {
  return {
    ...spec,
    constraints: spec.constraints.map((constraint) =>
      (constraint.type === 'rows-added' || constraint.type === 'rows-removed' || constraint.type === 'rows-updated') &&
      constraint.including === undefined
        ? { ...constraint, including: true }
        : constraint,
    ),
  };
}

interface GuardedMilestone extends MatchableMilestone {
  /** The similarity of the milestone's own constraints, guardrail left out. */
  unguarded(messageIndex: number, context: MatchContext): number;
  /** The guardrail breach at a message, if any. */
  breach(
    messageIndex: number,
    context: MatchContext,
  ): Omit<GuardrailNote, 'wouldMatch' | 'unguardedSimilarity'> | undefined;
}

/**
 * A milestone as the matcher scores it: its constraints' geometric mean, times its guardrail.
 * @param guardToEnd the last message, when the guardrail also covers the rest of the episode
 */
function guardedMilestone(
  { spec, guardTables, references }: PlannedMilestone,
  view: EpisodeView,
  guardToEnd: number | undefined,
  windowFrom: 'start' | 'predecessor' = 'predecessor',
): GuardedMilestone {
  const compute = (messageIndex: number, context: MatchContext): number => {
    let product = 1;
    for (const constraint of spec.constraints) {
      product *= scoreConstraint(constraint, view, messageIndex, context);
      if (product === 0) return 0;
    }
    return product ** (1 / spec.constraints.length);
  };
  // The constraints read the message and the messages of the referenced milestones, nothing else: each
  // is scored once per such combination (the matcher asks for the similarity, its bound and the
  // guardrail's verdict at the same message, under many contexts that differ elsewhere).
  const known = new Map<number | string, number>();
  const keyOf = (messageIndex: number, context: MatchContext): number | string | undefined => {
    if (references.length === 0) return messageIndex;
    let key = String(messageIndex);
    for (const reference of references) {
      let matched: number | undefined;
      try {
        // The matcher's context says "not decided" without throwing (throwing is costly at this rate).
        matched = context.decidedMatch ? context.decidedMatch(reference) : context.matched(reference);
      } catch {
        return undefined; // not decided yet (or read too early): scored without the memo
      }
      if (matched === undefined) return undefined;
      key += `,${matched}`;
    }
    return key;
  };
  const unguarded = (messageIndex: number, context: MatchContext): number => {
    const key = keyOf(messageIndex, context);
    if (key === undefined) return compute(messageIndex, context);
    let value = known.get(key);
    if (value === undefined) {
      value = compute(messageIndex, context);
      known.set(key, value);
    }
    return value;
  };
  /** The constraints' upper bound: their similarity where every reference is decided. */
  const bound = (messageIndex: number, context: MatchContext): number =>
    keyOf(messageIndex, context) === undefined
      ? constraintsUpperBound(spec.constraints, view, messageIndex, context)
      : unguarded(messageIndex, context);
  const breach = (messageIndex: number, context: MatchContext) => {
    const from = windowFrom === 'start' ? view.startIndex : context.predecessorIndex;
    const before = guardrailBreach(view, guardTables, from, messageIndex);
    if (before) return { ...before, window: 'before' as const };
    const after = guardToEnd === undefined ? undefined : guardrailBreach(view, guardTables, messageIndex, guardToEnd);
    return after ? { ...after, window: 'after' as const } : undefined;
  };
  // The first constraint failing its first check makes the product 0 before anything else is read.
  const first = spec.constraints[0];
  const zeroAt =
    first && references.length === 0
      ? (messageIndex: number): boolean => failsFirstCheck(first, view, messageIndex)
      : undefined;
  return {
    id: spec.id,
    weight: spec.scored === false ? 0 : (spec.weight ?? 1),
    references,
    ...(zeroAt ? { zeroAt } : {}),
    unguarded,
    breach,
    // The guardrail can only zero a milestone, so the constraints' bound stays an upper bound.
    bound,
    // `breach` reads the predecessor's message whenever its window starts there, guard tables or not.
    readsPredecessor: windowFrom === 'predecessor',
    score(messageIndex, context) {
      if (breach(messageIndex, context)) return 0;
      return unguarded(messageIndex, context);
    },
  };
}

/** The milestones a constraint reads, worked out once per constraint (scenario specs are immutable). */
const referencesByConstraint = new WeakMap<ConstraintSpec, readonly string[]>();

function referencesOf(constraint: ConstraintSpec): readonly string[] {
  let references = referencesByConstraint.get(constraint);
  if (!references) {
    references = constraintReferences(constraint);
    referencesByConstraint.set(constraint, references);
  }
  return references;
}

/**
 * Adds a guardrail note to each counted milestone that scored below 1 because of its guardrail: where it
 * would have matched best without the guardrail (given the others' messages), and which table changed.
 */
function explainGuardrails(
  matches: readonly MilestoneMatch[],
  scorers: readonly GuardedMilestone[],
  edges: readonly (readonly [string, string])[],
  candidates: readonly number[],
  startIndex: number,
): MilestoneMatch[] {
  const matchedAt = new Map(matches.map((match) => [match.milestone, match.messageIndex]));
  return matches.map((match) => {
    const scorer = scorers.find((candidate) => candidate.id === match.milestone);
    if (!scorer || scorer.weight === 0 || match.similarity >= 1) return match;
    const predecessorIndex = Math.max(
      startIndex,
      ...edges.filter(([, to]) => to === match.milestone).map(([from]) => matchedAt.get(from) ?? startIndex),
    );
    const context: MatchContext = {
      predecessorIndex,
      matched: (id) => matchedAt.get(id) ?? -1,
    };
    let best: { messageIndex: number; similarity: number } | undefined;
    for (const messageIndex of candidates) {
      if (messageIndex < predecessorIndex) continue;
      const similarity = scorer.unguarded(messageIndex, context);
      if (similarity > (best?.similarity ?? match.similarity) + 1e-9) best = { messageIndex, similarity };
    }
    if (!best) return match;
    const breach = scorer.breach(best.messageIndex, context);
    if (!breach) return match;
    return {
      ...match,
      guardrail: { ...breach, wouldMatch: best.messageIndex, unguardedSimilarity: best.similarity },
    };
  });
}
