import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { networkxMaxWeightMatching } from './networkx-matching.js';
import { maxWeightMatching, networkxPlanMatching } from './plan-evaluator.js';

interface RecordedGraph {
  readonly edges: readonly (readonly [number, number, number])[];
  readonly matching: readonly (readonly [number, number])[];
}

const recorded = JSON.parse(
  readFileSync(new URL('./fixtures/reference-parity/networkx-ties.json', import.meta.url), 'utf8'),
) as { networkx: string[]; agree: number; graphs: RecordedGraph[] };

const total = (edges: RecordedGraph['edges'], pairs: readonly (readonly [number, number])[]) =>
  pairs.reduce((sum, [row, column]) => sum + (edges.find(([i, j]) => i === row && j === column)?.[2] ?? 0), 0);

describe('networkx max_weight_matching, ported', () => {
  it('networkx 2.8.8 and 3.6.1 pick the same matching on every recorded tie-heavy graph', () => {
    expect(recorded.networkx).toEqual(['2.8.8', '3.6.1']);
    expect(recorded.agree).toBe(recorded.graphs.length);
  });

  it('picks the matching networkx picked on each of 1,500 tie-heavy bipartite graphs', () => {
    let hungarianDiffers = 0;
    const wrong: number[] = [];
    for (const [index, graph] of recorded.graphs.entries()) {
      const mate = networkxMaxWeightMatching(graph.edges.map(([i, j, w]) => [`p${i}`, `g${j}`, w] as const));
      const pairs = [...mate]
        .filter(([node]) => node.startsWith('p'))
        .map(([node, partner]) => [Number(node.slice(1)), Number(partner.slice(1))] as [number, number])
        .sort((a, b) => a[0] - b[0]);
      if (JSON.stringify(pairs) !== JSON.stringify(graph.matching)) wrong.push(index);
      // The Hungarian method finds a matching of the same total weight, but often another one.
      const rows = Math.max(-1, ...graph.edges.map(([i]) => i)) + 1;
      const columns = Math.max(-1, ...graph.edges.map(([, j]) => j)) + 1;
      const weights = Array.from({ length: rows }, (_, i) =>
        Array.from({ length: columns }, (__, j) => graph.edges.find(([a, b]) => a === i && b === j)?.[2] ?? 0),
      );
      const hungarian = maxWeightMatching(weights)
        .map((column, row) => [row, column] as [number, number])
        .filter(([, column]) => column !== -1);
      expect(total(graph.edges, hungarian)).toBeCloseTo(total(graph.edges, graph.matching), 9);
      if (JSON.stringify(hungarian) !== JSON.stringify(graph.matching)) hungarianDiffers++;
    }
    expect(wrong).toEqual([]);
    console.log(`the Hungarian method picks another matching of equal weight on ${hungarianDiffers} of 1,500 graphs`);
    expect(hungarianDiffers).toBeGreaterThan(100);
  });

  it('builds the PLAN graph row by row, as the reference adds its edges', () => {
    // Two predicted copies of one gold step and two gold copies: networkx crosses them, the Hungarian does not.
    const weights = [
      [1, 1],
      [1, 1],
    ];
    expect(networkxPlanMatching(weights)).toEqual([1, 0]);
    expect(maxWeightMatching(weights)).toEqual([0, 1]);
    expect(networkxPlanMatching([[0, 0]])).toEqual([-1]);
  });

  it('refuses a graph with an odd cycle (a blossom), which no PLAN graph has', () => {
    expect(() =>
      networkxMaxWeightMatching([
        ['a', 'b', 1],
        ['b', 'c', 1],
        ['c', 'a', 1],
      ]),
    ).toThrow(/odd cycle/);
  });
});
