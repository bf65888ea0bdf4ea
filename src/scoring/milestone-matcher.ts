import { DefinitionError } from '../spec/index.js';
import type { GuardrailNote } from './guardrail.js';

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
  /**
   * How much the milestone counts in the mean (default 1). A milestone with weight 0 is still matched
   * and reported (at its best message, without costing any counted milestone anything) but does not
   * count in the score.
   */
  readonly weight?: number;
  /** Similarity in [0, 1] of this milestone to message `messageIndex`, given the mapping so far. */
  score(messageIndex: number, context: MatchContext): number;
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
  // Uncounted milestones get a weight far below any counted one, so they are placed where they
  // match best without ever trading away a counted milestone's similarity.
  const objectiveWeight = (milestone: MatchableMilestone) =>
    (milestone.weight ?? 1) > 0 ? (milestone.weight ?? 1) : 1e-9;
  const order = topologicalOrder(milestones, edges);
  const predecessors = directPredecessors(order, edges);
  const byId = new Map(order.map((milestone) => [milestone.id, milestone]));
  for (const milestone of order) {
    for (const reference of milestone.references) {
      if (!byId.has(reference))
        throw new DefinitionError(`milestone "${milestone.id}" references unknown "${reference}"`);
    }
  }

  const count = order.length;
  const positionOf = new Map(order.map((milestone, position) => [milestone.id, position]));
  const predecessorPositions = order.map((milestone) =>
    (predecessors.get(milestone.id) ?? []).map((id) => positionOf.get(id) as number),
  );
  const referencePositions = order.map((milestone) => milestone.references.map((id) => positionOf.get(id) as number));
  // What the milestones from position k on need to know about those before k: for each, the latest
  // message among its placed predecessors, and the messages of its placed references.
  const keyParts = order.map((_, position) => {
    const groups = new Set<string>();
    const parts: number[][] = [];
    for (let later = position; later < count; later += 1) {
      for (const group of [
        (predecessorPositions[later] ?? []).filter((placed) => placed < position),
        ...(referencePositions[later] ?? []).filter((placed) => placed < position).map((placed) => [placed]),
      ]) {
        const name = group.join(',');
        if (group.length > 0 && !groups.has(name)) {
          groups.add(name);
          parts.push(group);
        }
      }
    }
    return parts;
  });

  const placed = new Array<number>(count).fill(-1);
  const latest = (positions: readonly number[], fallback: number): number => {
    let result = fallback;
    for (const position of positions) if ((placed[position] as number) > result) result = placed[position] as number;
    return result;
  };
  // Message indices shifted by 2 (so -1 fits) in a mixed radix make number keys, which are much cheaper
  // than strings in the hot loop; a state with too many parts to fit exactly falls back to a string.
  const radix = Math.max(startIndex, ...candidates, 0) + 3;
  const maxNumericParts = Math.floor(Math.log(Number.MAX_SAFE_INTEGER) / Math.log(radix));
  const stateKey = (position: number): number | string => {
    const groups = keyParts[position] ?? [];
    if (groups.length <= maxNumericParts) {
      let key = 0;
      for (const group of groups) key = key * radix + latest(group, -1) + 2;
      return key;
    }
    return groups.map((group) => latest(group, -1)).join(',');
  };

  const scoreCache = new Map<number | string, number>();
  const scoreAt = (position: number, messageIndex: number): number => {
    const milestone = order[position] as MatchableMilestone;
    const predecessorIndex = latest(predecessorPositions[position] ?? [], startIndex);
    const numeric = (position * radix + messageIndex + 2) * radix + predecessorIndex + 2;
    const references = referencePositions[position] ?? [];
    const key =
      references.length === 0 ? numeric : `${numeric}|${references.map((reference) => placed[reference]).join(',')}`;
    let score = scoreCache.get(key);
    if (score === undefined) {
      score = milestone.score(messageIndex, {
        predecessorIndex,
        matched: (id) => {
          const index = placed[positionOf.get(id) ?? -1] ?? -1;
          if (index < 0) throw new DefinitionError(`milestone "${milestone.id}" read "${id}" before it was matched`);
          return index;
        },
      });
      scoreCache.set(key, score);
    }
    return score;
  };

  const memo = order.map(() => new Map<number | string, { value: number; choice: number }>());
  const solve = (position: number): number => {
    if (position === count) return 0;
    const key = stateKey(position);
    const known = memo[position]?.get(key);
    if (known) return known.value;
    const earliest = latest(predecessorPositions[position] ?? [], -Infinity);
    let best = { value: -1, choice: -1 };
    for (const messageIndex of candidates) {
      if (messageIndex < earliest) continue;
      const here = scoreAt(position, messageIndex) * objectiveWeight(order[position] as MatchableMilestone);
      placed[position] = messageIndex;
      const value = here + solve(position + 1);
      placed[position] = -1;
      if (value > best.value + 1e-12) best = { value, choice: messageIndex };
    }
    memo[position]?.set(key, best);
    return best.value;
  };

  solve(0);
  const matches: MilestoneMatch[] = [];
  for (let position = 0; position < count; position += 1) {
    const milestone = order[position] as MatchableMilestone;
    const choice = memo[position]?.get(stateKey(position))?.choice ?? -1;
    if (choice < 0) {
      matches.push({ milestone: milestone.id, messageIndex: -1, similarity: 0 });
      continue;
    }
    matches.push({ milestone: milestone.id, messageIndex: choice, similarity: scoreAt(position, choice) });
    placed[position] = choice;
  }
  const byOriginalOrder = new Map(milestones.map((milestone, index) => [milestone.id, index]));
  matches.sort((a, b) => (byOriginalOrder.get(a.milestone) ?? 0) - (byOriginalOrder.get(b.milestone) ?? 0));
  const weights = new Map(milestones.map((milestone) => [milestone.id, milestone.weight ?? 1]));
  const totalWeight = milestones.reduce((sum, milestone) => sum + (milestone.weight ?? 1), 0);
  const weighted = matches.reduce((sum, match) => sum + match.similarity * (weights.get(match.milestone) ?? 1), 0);
  return { score: totalWeight > 0 ? weighted / totalWeight : 1, matches };
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
