/**
 * Maximum-weight matching as networkx's `max_weight_matching` finds it (Galil's primal-dual method for
 * Edmonds' blossom algorithm, maxcardinality off), written for T-Eval's PLAN graphs so that, when several
 * matchings have the same total weight, it picks the one networkx picks.
 *
 * Which maximum matching the method ends with depends on the order of its steps: the order of the graph's
 * nodes (first appearance in `add_edge` calls), of each node's neighbours (edge insertion order), the
 * last-in-first-out scan queue, the strict `<` comparisons that keep the first least-slack edge, and the
 * order of the delta cases. This module keeps all of them.
 *
 * PLAN graphs are bipartite (predicted steps on one side, gold steps on the other), so they have no odd
 * cycles and the method never forms a blossom: two S-labelled vertices joined by a tight edge always lie
 * in different alternating trees, and the edge augments. The blossom bookkeeping (sub-blossoms, their
 * duals, expansion) therefore never runs and is left out; meeting an edge inside one tree, which only an
 * odd cycle can cause, throws instead of answering wrongly. networkx 2.8.8 and 3.6.1 differ only in that
 * bookkeeping (the order in which a blossom lists its leaves), so on these graphs both choose alike.
 */

/** An edge as passed to `add_edge(u, v, weight=w)`, in call order. */
export type WeightedEdge = readonly [string, string, number];

const S = 1;
const T = 2;

/** The matching as a map from each matched node to its mate (both directions). */
export function networkxMaxWeightMatching(edges: readonly WeightedEdge[]): Map<string, string> {
  // The graph as networkx holds it: nodes in first-appearance order, neighbours in insertion order.
  const adjacency = new Map<string, Map<string, number>>();
  const touch = (node: string) => {
    let neighbours = adjacency.get(node);
    if (!neighbours) {
      neighbours = new Map();
      adjacency.set(node, neighbours);
    }
    return neighbours;
  };
  for (const [u, v, weight] of edges) {
    touch(u).set(v, weight);
    touch(v).set(u, weight);
  }
  const nodes = [...adjacency.keys()];
  const mate = new Map<string, string>();
  if (nodes.length === 0) return mate;

  let maxWeight = 0;
  for (const [u, v, weight] of edges) if (u !== v && weight > maxWeight) maxWeight = weight;
  const weightOf = (v: string, w: string) => adjacency.get(v)?.get(w) as number;
  const dual = new Map(nodes.map((node) => [node, maxWeight]));
  const slack = (v: string, w: string) => (dual.get(v) as number) + (dual.get(w) as number) - 2 * weightOf(v, w);

  const label = new Map<string, number>();
  /** The edge (v, w) through which w got its label; null for a tree root. */
  const labelEdge = new Map<string, readonly [string, string] | null>();
  const bestEdge = new Map<string, readonly [string, string] | null>();
  const allowed = new Set<string>();
  const key = (v: string, w: string) => JSON.stringify([v, w]);
  const allow = (v: string, w: string) => {
    allowed.add(key(v, w));
    allowed.add(key(w, v));
  };
  const queue: string[] = [];

  const assignLabel = (w: string, t: number, v: string | null): void => {
    label.set(w, t);
    labelEdge.set(w, v === null ? null : [v, w]);
    bestEdge.set(w, null);
    if (t === S) queue.push(w);
    else assignLabel(mate.get(w) as string, S, w);
  };

  /** The root of v's alternating tree (v is S-labelled). */
  const rootOf = (start: string): string => {
    let v = start;
    for (;;) {
      const edge = labelEdge.get(v);
      if (!edge) return v;
      // v is S and was labelled from its mate t (T), which was labelled from an S vertex.
      const t = edge[0];
      const tEdge = labelEdge.get(t);
      if (!tEdge) throw new Error('networkx matching: a T vertex without a label edge');
      v = tEdge[0];
    }
  };

  const augmentMatching = (v: string, w: string): void => {
    for (const [first, firstMate] of [
      [v, w],
      [w, v],
    ] as const) {
      let s = first;
      let j = firstMate;
      for (;;) {
        mate.set(s, j);
        const edge = labelEdge.get(s);
        if (!edge) break;
        const t = edge[0];
        const tEdge = labelEdge.get(t) as readonly [string, string];
        [s, j] = tEdge;
        mate.set(j, s);
      }
    }
  };

  for (;;) {
    // A stage: grow alternating trees from every free vertex until one augmenting path is found.
    label.clear();
    labelEdge.clear();
    bestEdge.clear();
    allowed.clear();
    queue.length = 0;
    for (const v of nodes) if (!mate.has(v) && label.get(v) === undefined) assignLabel(v, S, null);
    let augmented = false;
    for (;;) {
      while (queue.length > 0 && !augmented) {
        const v = queue.pop() as string;
        for (const w of (adjacency.get(v) as Map<string, number>).keys()) {
          if (w === v) continue;
          let kslack = 0;
          if (!allowed.has(key(v, w))) {
            kslack = slack(v, w);
            if (kslack <= 0) allow(v, w);
          }
          const labelW = label.get(w);
          if (allowed.has(key(v, w))) {
            if (labelW === undefined) assignLabel(w, T, v);
            else if (labelW === S) {
              if (rootOf(v) === rootOf(w)) {
                throw new Error('networkx matching: an odd cycle (a blossom) in a graph meant to be bipartite');
              }
              augmentMatching(v, w);
              augmented = true;
              break;
            }
          } else if (labelW === S) {
            const best = bestEdge.get(v);
            if (!best || kslack < slack(...best)) bestEdge.set(v, [v, w]);
          } else if (labelW === undefined) {
            const best = bestEdge.get(w);
            if (!best || kslack < slack(...best)) bestEdge.set(w, [v, w]);
          }
        }
      }
      if (augmented) break;

      // No tight edge left to follow: change the duals by the least of the delta cases.
      let deltaType = 1;
      let delta = Math.min(...dual.values());
      let deltaEdge: readonly [string, string] | null = null;
      for (const v of nodes) {
        const best = bestEdge.get(v);
        if (label.get(v) === undefined && best) {
          const d = slack(...best);
          if (d < delta) {
            delta = d;
            deltaType = 2;
            deltaEdge = best;
          }
        }
      }
      for (const b of nodes) {
        const best = bestEdge.get(b);
        if (label.get(b) === S && best) {
          const d = slack(...best) / 2;
          if (d < delta) {
            delta = d;
            deltaType = 3;
            deltaEdge = best;
          }
        }
      }
      for (const v of nodes) {
        const labelV = label.get(v);
        if (labelV === S) dual.set(v, (dual.get(v) as number) - delta);
        else if (labelV === T) dual.set(v, (dual.get(v) as number) + delta);
      }
      if (deltaType === 1) break;
      const [v, w] = deltaEdge as readonly [string, string];
      allow(v, w);
      queue.push(v);
    }
    if (!augmented) break;
  }
  return mate;
}
