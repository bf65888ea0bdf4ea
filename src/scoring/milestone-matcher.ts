import { DefinitionError } from '../spec/index.js';

/** What a milestone's score may read about the mapping chosen so far. */
export interface MatchContext {
  /** The latest message matched by a direct predecessor in the DAG, or `startIndex` for a root. */
  readonly predecessorIndex: number;
  /** The message matched by a milestone this one references (must be listed in `references`). */
  matched(milestoneId: string): number;
}

/** A milestone (or minefield) as the matcher sees it: an id, and a score for any message. */
export interface MatchableMilestone {
  readonly id: string;
  /** Milestones whose matched message the score reads (besides its predecessors). */
  readonly references: readonly string[];
  /** Similarity in [0, 1] of this milestone to message `messageIndex`, given the mapping so far. */
  score(messageIndex: number, context: MatchContext): number;
}

export interface MilestoneMatch {
  readonly milestone: string;
  readonly messageIndex: number;
  readonly similarity: number;
}

export interface MatchResult {
  /** Mean similarity over milestones of the best mapping (1 when there are no milestones). */
  readonly score: number;
  readonly matches: readonly MilestoneMatch[];
}

/**
 * Finds the mapping of milestones onto messages with the highest mean similarity such that, for every
 * edge a → b of the DAG, b's message is not earlier than a's (two milestones may share a message).
 *
 * The search is exact: dynamic programming over the milestones in topological order, where the state
 * after placing some milestones is only what the rest still depend on — for each remaining milestone,
 * the latest message of its placed predecessors and the messages of its placed references. Edges are
 * reduced transitively first. For chains and trees this is O(M·T²) similarity evaluations for M
 * milestones over T messages; every similarity is computed once per distinct context.
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
  const order = topologicalOrder(milestones, edges);
  const predecessors = directPredecessors(order, edges);
  const byId = new Map(order.map((milestone) => [milestone.id, milestone]));
  for (const milestone of order) {
    for (const reference of milestone.references) {
      if (!byId.has(reference))
        throw new DefinitionError(`milestone "${milestone.id}" references unknown "${reference}"`);
    }
  }

  const scoreCache = new Map<string, number>();
  const memo = order.map(() => new Map<string, { value: number; choice: number }>());
  const placed = new Map<string, number>();

  const stateKey = (position: number): string => {
    const parts: string[] = [];
    for (let next = position; next < order.length; next += 1) {
      const milestone = order[next] as MatchableMilestone;
      parts.push(String(latestPlaced(predecessors.get(milestone.id) ?? [], placed, startIndex)));
      for (const reference of milestone.references) parts.push(String(placed.get(reference) ?? '-'));
    }
    return parts.join(',');
  };

  const scoreAt = (milestone: MatchableMilestone, messageIndex: number): number => {
    const predecessorIndex = latestPlaced(predecessors.get(milestone.id) ?? [], placed, startIndex);
    const key = `${milestone.id}|${messageIndex}|${predecessorIndex}|${milestone.references.map((id) => placed.get(id)).join(',')}`;
    let score = scoreCache.get(key);
    if (score === undefined) {
      score = milestone.score(messageIndex, {
        predecessorIndex,
        matched: (id) => {
          const index = placed.get(id);
          if (index === undefined)
            throw new DefinitionError(`milestone "${milestone.id}" read "${id}" before it was matched`);
          return index;
        },
      });
      scoreCache.set(key, score);
    }
    return score;
  };

  const solve = (position: number): number => {
    if (position === order.length) return 0;
    const key = stateKey(position);
    const known = memo[position]?.get(key);
    if (known) return known.value;
    const milestone = order[position] as MatchableMilestone;
    const earliest = latestPlaced(predecessors.get(milestone.id) ?? [], placed, -Infinity);
    let best = { value: -1, choice: -1 };
    for (const messageIndex of candidates) {
      if (messageIndex < earliest) continue;
      const here = scoreAt(milestone, messageIndex);
      placed.set(milestone.id, messageIndex);
      const value = here + solve(position + 1);
      placed.delete(milestone.id);
      if (value > best.value + 1e-12) best = { value, choice: messageIndex };
    }
    memo[position]?.set(key, best);
    return best.value;
  };

  const total = solve(0);
  const matches: MilestoneMatch[] = [];
  for (let position = 0; position < order.length; position += 1) {
    const milestone = order[position] as MatchableMilestone;
    const choice = memo[position]?.get(stateKey(position))?.choice ?? -1;
    if (choice < 0) {
      matches.push({ milestone: milestone.id, messageIndex: -1, similarity: 0 });
      continue;
    }
    matches.push({ milestone: milestone.id, messageIndex: choice, similarity: scoreAt(milestone, choice) });
    placed.set(milestone.id, choice);
  }
  const byOriginalOrder = new Map(milestones.map((milestone, index) => [milestone.id, index]));
  matches.sort((a, b) => (byOriginalOrder.get(a.milestone) ?? 0) - (byOriginalOrder.get(b.milestone) ?? 0));
  return { score: Math.max(total, 0) / milestones.length, matches };
}

function latestPlaced(ids: readonly string[], placed: ReadonlyMap<string, number>, fallback: number): number {
  let latest = fallback;
  for (const id of ids) {
    const index = placed.get(id);
    if (index !== undefined && index > latest) latest = index;
  }
  return latest;
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
