import { DefinitionError } from '../../../spec/index.js';
import type { GuardrailNote } from './guardrail.js';
import { searchBestMapping } from './matcher-search.js';

export { isUndecided } from './matcher-bound.js';

/** What a milestone's score may read about the mapping chosen so far. */
export interface MatchContext {
  /** The latest message matched by a direct predecessor in the DAG, or `startIndex` for a root. */
  readonly predecessorIndex: number;
  /** The message matched by a milestone this one references (must be listed in `references`). */
  matched(milestoneId: string): number;
  /**
   * Optional: what `matched` returns where it would return, and undefined where it would throw (not
   * decided yet, or read too early), without the cost of throwing; for memo keys.
   */
  decidedMatch?(milestoneId: string): number | undefined;
}

/** A milestone (or minefield) as the matcher sees it: an id, and a score for any message. */
export interface MatchableMilestone {
  readonly id: string;
  /** Milestones whose matched message the score reads (besides its predecessors). */
  readonly references: readonly string[];
  /**
   * How much the milestone counts in the mean (default 1). A milestone with weight 0 is still matched
   * and reported (at its best message, without costing any counted milestone anything) but does not
   * count in the score.
   */
  readonly weight?: number;
  /**
   * Similarity in [0, 1] of this milestone to message `messageIndex`, given the mapping so far. It must
   * be a pure function of its arguments and must not catch what reading `context` throws: the matcher
   * probes it without a context to learn where it does not depend on the mapping.
   */
  score(messageIndex: number, context: MatchContext): number;
  /**
   * Optional: an upper bound of `score(messageIndex, context)` over every mapping that agrees with what
   * `context` can tell (reading an undecided part throws; let it propagate, or catch it with
   * `isUndecided` and count that part as 1). For instance: the similarity without its guardrail, with the
   * constraints that read undecided milestones counted as 1. The matcher prunes its exact search with it;
   * a loose bound only costs time, one below the score would lose the optimum. Without it, the bound is 1
   * wherever the score reads an undecided part.
   */
  bound?(messageIndex: number, context: MatchContext): number;
  /**
   * Optional hint: `false` when `score` never reads `context.predecessorIndex` (no guardrail). Lets the
   * matcher know, without trying, when a similarity with no references is the same in every mapping.
   */
  readonly readsPredecessor?: boolean;
  /**
   * Optional hint for a milestone without references: `true` where `score` is 0 whatever the mapping
   * (the message cannot be what the milestone asks for). The matcher then takes 0 without scoring.
   */
  zeroAt?(messageIndex: number): boolean;
}

export interface MilestoneMatch {
  readonly milestone: string;
  readonly messageIndex: number;
  readonly similarity: number;
  /** Set when a guardrail zeroed the milestone: which table changed where. */
  readonly guardrail?: GuardrailNote;
}

export interface MatchResult {
  /** Weighted mean similarity of the best mapping (1 when no milestone counts). */
  readonly score: number;
  readonly matches: readonly MilestoneMatch[];
}

/**
 * Finds the mapping of milestones onto messages with the highest mean similarity such that, for every
 * edge a → b of the DAG, b's message is not earlier than a's (two milestones may share a message).
 *
 * The search is exact: branch and bound over the milestones in topological order (see
 * `matcher-search.ts`), pruned with per-milestone upper bounds (`matcher-bound.ts`), tightened by a
 * dynamic programme over each reader and its undecided reference, and memoised on what
 * the remaining milestones still depend on — for each, the latest message of its placed predecessors and
 * the messages of its placed references. Edges are reduced transitively first. Every similarity is
 * computed once per distinct context.
 *
 * @param candidates message indices a milestone may map to, ascending
 * @param startIndex the message "before the episode" a root milestone's predecessor stands for
 */
export function matchMilestones(
  milestones: readonly MatchableMilestone[],
  edges: readonly (readonly [string, string])[],
  candidates: readonly number[],
  startIndex: number,
): MatchResult {
  if (milestones.length === 0) return { score: 1, matches: [] };
  // Uncounted milestones get a weight far below any counted one, so they are placed where they
  // match best without ever trading away a counted milestone's similarity.
  const objectiveWeight = (milestone: MatchableMilestone) =>
    (milestone.weight ?? 1) > 0 ? (milestone.weight ?? 1) : 1e-9;
  const byId = new Map(milestones.map((milestone) => [milestone.id, milestone]));
  for (const milestone of milestones) {
    for (const reference of milestone.references) {
      if (!byId.has(reference))
        throw new DefinitionError(`milestone "${milestone.id}" references unknown "${reference}"`);
    }
  }
  const order = searchOrder(milestones, edges);
  const predecessors = directPredecessors(order, edges);
  const positionOf = new Map(order.map((milestone, position) => [milestone.id, position]));
  const solution = searchBestMapping({
    order,
    predecessors: order.map((milestone) =>
      (predecessors.get(milestone.id) ?? []).map((id) => positionOf.get(id) as number),
    ),
    references: order.map((milestone) => milestone.references.map((id) => positionOf.get(id) as number)),
    weights: order.map(objectiveWeight),
    candidates,
    startIndex,
  });
  const matches: MilestoneMatch[] = order.map((milestone, position) => ({
    milestone: milestone.id,
    messageIndex: solution.messageIndices[position] ?? -1,
    similarity: solution.similarities[position] ?? 0,
  }));
  const byOriginalOrder = new Map(milestones.map((milestone, index) => [milestone.id, index]));
  matches.sort((a, b) => (byOriginalOrder.get(a.milestone) ?? 0) - (byOriginalOrder.get(b.milestone) ?? 0));
  const weights = new Map(milestones.map((milestone) => [milestone.id, milestone.weight ?? 1]));
  const totalWeight = milestones.reduce((sum, milestone) => sum + (milestone.weight ?? 1), 0);
  const weighted = matches.reduce((sum, match) => sum + match.similarity * (weights.get(match.milestone) ?? 1), 0);
  return { score: totalWeight > 0 ? weighted / totalWeight : 1, matches };
}

/**
 * A topological order of the edges in which, where possible, every milestone also comes after the
 * milestones it references (so their messages are known when it is scored).
 */
function searchOrder(
  milestones: readonly MatchableMilestone[],
  edges: readonly (readonly [string, string])[],
): MatchableMilestone[] {
  const order = topologicalOrder(milestones, edges);
  const referenceEdges = milestones.flatMap((milestone) =>
    milestone.references.map((reference) => [reference, milestone.id] as const),
  );
  if (referenceEdges.length === 0) return order;
  try {
    return topologicalOrder(milestones, [...edges, ...referenceEdges]);
  } catch {
    return order;
  }
}

/** Orders milestones so every edge points forward (stable: ties keep the given order); rejects cycles. */
export function topologicalOrder<Node extends { readonly id: string }>(
  nodes: readonly Node[],
  edges: readonly (readonly [string, string])[],
): Node[] {
  const ids = new Set(nodes.map((node) => node.id));
  if (ids.size !== nodes.length) throw new DefinitionError('milestone ids must be unique');
  const inDegree = new Map(nodes.map((node) => [node.id, 0]));
  for (const [from, to] of edges) {
    if (!ids.has(from) || !ids.has(to)) {
      throw new DefinitionError(`edge ${from} → ${to} names an unknown milestone`);
    }
    inDegree.set(to, (inDegree.get(to) ?? 0) + 1);
  }
  const result: Node[] = [];
  const remaining = [...nodes];
  while (remaining.length > 0) {
    const index = remaining.findIndex((node) => inDegree.get(node.id) === 0);
    if (index < 0) {
      throw new DefinitionError(
        `the milestone graph has a cycle through ${remaining.map((node) => node.id).join(', ')}`,
      );
    }
    const [node] = remaining.splice(index, 1) as [Node];
    result.push(node);
    for (const [from, to] of edges) if (from === node.id) inDegree.set(to, (inDegree.get(to) ?? 0) - 1);
  }
  return result;
}

/** Direct predecessors after transitive reduction (an edge implied by a longer path is dropped). */
function directPredecessors(
  order: readonly { readonly id: string }[],
  edges: readonly (readonly [string, string])[],
): Map<string, string[]> {
  const ancestors = new Map<string, Set<string>>();
  const parents = new Map<string, string[]>();
  for (const { id } of order) {
    const direct = [...new Set(edges.filter(([, to]) => to === id).map(([from]) => from))];
    const all = new Set<string>();
    for (const parent of direct) {
      all.add(parent);
      for (const ancestor of ancestors.get(parent) ?? []) all.add(ancestor);
    }
    ancestors.set(id, all);
    parents.set(
      id,
      direct.filter((parent) => !direct.some((other) => other !== parent && ancestors.get(other)?.has(parent))),
    );
  }
  return parents;
}
