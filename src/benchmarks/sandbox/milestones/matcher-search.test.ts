import { describe, expect, it } from 'vitest';
import { isUndecided, type MatchableMilestone, matchMilestones } from './milestone-matcher.js';

/** A seeded generator (the same cases every run). */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

interface RandomInstance {
  readonly milestones: MatchableMilestone[];
  readonly edges: [string, string][];
  readonly candidates: number[];
  readonly startIndex: number;
}

/**
 * Milestones whose similarity depends on the message, on the latest predecessor's message and on a
 * referenced milestone's message, through random tables (like guardrails and `since` do); some are
 * context-free, some uncounted, some bring a bound (exact over every context, or reading what is decided).
 */
function randomInstance(random: () => number): RandomInstance {
  const size = 2 + Math.floor(random() * 4);
  const startIndex = 1;
  const candidates = [1, 2, 3, 4, 5, 6].slice(0, 3 + Math.floor(random() * 4));
  const ids = Array.from({ length: size }, (_, index) => `m${index}`);
  const edges: [string, string][] = [];
  for (let i = 0; i < size; i += 1)
    for (let j = i + 1; j < size; j += 1) if (random() < 0.4) edges.push([ids[i] as string, ids[j] as string]);
  const milestones = ids.map((id, index): MatchableMilestone => {
    const kind = Math.floor(random() * 3); // 0: context-free, 1: reads the predecessor, 2: also a reference
    const reference = kind === 2 && index > 0 ? ids[Math.floor(random() * index)] : undefined;
    // The tables are a fixed function of their arguments (drawn from a hash, not in the order of access).
    const salt = Math.floor(random() * 1e9);
    const table = (message: number, predecessor: number, referenced: number) => {
      const draw = generator((salt + message * 7919 + predecessor * 104729 + referenced * 1299709) % 2147483647);
      draw();
      return draw() < 0.35 ? 0 : Math.round(draw() * 10) / 10;
    };
    const similarity = (message: number, predecessor: number, referenced: number) =>
      kind === 0 ? table(message, 0, 0) : table(message, predecessor, reference ? referenced : 0);
    const score: MatchableMilestone['score'] = (message, context) => {
      if (kind === 0) return similarity(message, 0, 0);
      return similarity(message, context.predecessorIndex, reference ? context.matched(reference) : 0);
    };
    const boundKind = Math.floor(random() * 3); // 0: none, 1: max over every context, 2: reads what is decided
    const everyContext = (message: number, referenced: number[]) => {
      let best = 0;
      for (const predecessor of [startIndex, ...candidates])
        for (const placed of referenced) best = Math.max(best, similarity(message, predecessor, placed));
      return best;
    };
    const bound: MatchableMilestone['bound'] =
      boundKind === 1
        ? (message) => everyContext(message, reference ? candidates : [0])
        : boundKind === 2
          ? (message, context) => {
              if (!reference) return everyContext(message, [0]);
              try {
                return everyContext(message, [context.matched(reference)]);
              } catch (error) {
                if (isUndecided(error)) return everyContext(message, candidates);
                throw error;
              }
            }
          : undefined;
    return {
      id,
      references: reference ? [reference] : [],
      weight: random() < 0.15 ? 0 : 1 + Math.floor(random() * 2),
      // Sometimes the hint that the predecessor is never read (true for the context-free kind only).
      ...(kind === 0 && random() < 0.5 ? { readsPredecessor: false } : {}),
      score,
      ...(bound ? { bound } : {}),
      // Sometimes the (truthful) hint of where a milestone without references scores 0 in every context.
      ...(!reference && random() < 0.5 ? { zeroAt: (message: number) => everyContext(message, [0]) === 0 } : {}),
    };
  });
  return { milestones, edges, candidates, startIndex };
}

/** Every mapping, checked against the edges, scored with the context it implies. */
function bruteForce({ milestones, edges, candidates, startIndex }: RandomInstance): number {
  const objectiveWeight = (weight = 1) => (weight > 0 ? weight : 1e-9);
  const index = new Map(milestones.map((milestone, position) => [milestone.id, position]));
  let bestObjective = Number.NEGATIVE_INFINITY;
  let bestScore = 0;
  const mapping: number[] = [];
  const visit = (position: number) => {
    if (position === milestones.length) {
      if (edges.some(([from, to]) => (mapping[index.get(from) ?? 0] ?? 0) > (mapping[index.get(to) ?? 0] ?? 0))) return;
      let objective = 0;
      let weighted = 0;
      let total = 0;
      milestones.forEach((milestone, at) => {
        const predecessors = edges
          .filter(([, to]) => to === milestone.id)
          .map(([from]) => mapping[index.get(from) ?? 0] ?? 0);
        const similarity = milestone.score(mapping[at] ?? 0, {
          predecessorIndex: Math.max(startIndex, ...predecessors),
          matched: (id) => mapping[index.get(id) ?? 0] ?? 0,
        });
        objective += objectiveWeight(milestone.weight) * similarity;
        weighted += (milestone.weight ?? 1) * similarity;
        total += milestone.weight ?? 1;
      });
      if (objective > bestObjective + 1e-12) {
        bestObjective = objective;
        bestScore = total > 0 ? weighted / total : 1;
      }
      return;
    }
    for (const candidate of candidates) {
      mapping[position] = candidate;
      visit(position + 1);
    }
  };
  visit(0);
  return bestScore;
}

describe('exact branch and bound', () => {
  it('finds the brute-force optimum on random DAGs whose similarities read the mapping', () => {
    const random = generator(20261123);
    let pruned = 0;
    for (let trial = 0; trial < 200; trial += 1) {
      const instance = randomInstance(random);
      const result = matchMilestones(instance.milestones, instance.edges, instance.candidates, instance.startIndex);
      expect(result.score, `trial ${trial}`).toBeCloseTo(bruteForce(instance), 8);
      // The reported matches respect the edges and carry the similarity of their own context.
      const at = new Map(result.matches.map((match) => [match.milestone, match.messageIndex]));
      for (const [from, to] of instance.edges) expect(at.get(from) ?? 0).toBeLessThanOrEqual(at.get(to) ?? 0);
      if (instance.milestones.some((milestone) => milestone.bound)) pruned += 1;
    }
    expect(pruned).toBeGreaterThan(60);
  });

  it('finds the same mapping with or without the hints of where a milestone scores 0, never scoring there', () => {
    const random = generator(1723);
    let hinted = 0;
    for (let trial = 0; trial < 200; trial += 1) {
      const instance = randomInstance(random);
      const scoredAtZero: string[] = [];
      const withHints = instance.milestones.map((milestone): MatchableMilestone => {
        const { zeroAt } = milestone;
        if (!zeroAt) return milestone;
        hinted += 1;
        return {
          ...milestone,
          score: (message, context) => {
            if (zeroAt(message)) scoredAtZero.push(`${milestone.id}@${message}`);
            return milestone.score(message, context);
          },
        };
      });
      const withoutHints = instance.milestones.map(({ zeroAt: _zeroAt, ...milestone }) => milestone);
      const hintedResult = matchMilestones(withHints, instance.edges, instance.candidates, instance.startIndex);
      const plainResult = matchMilestones(withoutHints, instance.edges, instance.candidates, instance.startIndex);
      expect(hintedResult, `trial ${trial}`).toEqual(plainResult);
      expect(scoredAtZero, `trial ${trial}`).toEqual([]);
    }
    expect(hinted).toBeGreaterThan(100);
  });

  it('stays exact where milestones score 0 everywhere and others read one or two of them', () => {
    // The shape that defeated the plain bound: free milestones whose message only matters to readers.
    const random = generator(4242);
    for (let trial = 0; trial < 150; trial += 1) {
      const size = 3 + Math.floor(random() * 3);
      const candidates = [1, 2, 3, 4, 5].slice(0, 3 + Math.floor(random() * 3));
      const ids = Array.from({ length: size }, (_, index) => `m${index}`);
      const edges: [string, string][] = [];
      for (let i = 0; i < size; i += 1)
        for (let j = i + 1; j < size; j += 1) if (random() < 0.3) edges.push([ids[i] as string, ids[j] as string]);
      const milestones = ids.map((id, index): MatchableMilestone => {
        const free = index < size - 1 && random() < 0.4;
        const references =
          index === 0 || free
            ? []
            : [...new Set([0, 1].map(() => ids[Math.floor(random() * index)] as string))].slice(
                0,
                1 + Math.floor(random() * 2),
              );
        const salt = Math.floor(random() * 1e9);
        return {
          id,
          references,
          ...(random() < 0.5 ? { readsPredecessor: false } : {}),
          score: (message, context) => {
            if (free) return 0;
            let seed = salt + message * 7919;
            for (const reference of references) seed = seed * 31 + context.matched(reference) * 104729;
            const draw = generator(Math.abs(seed) % 2147483647);
            draw();
            return draw() < 0.3 ? 0 : Math.round(draw() * 10) / 10;
          },
        };
      });
      const instance = { milestones, edges, candidates, startIndex: 1 };
      const result = matchMilestones(milestones, edges, candidates, 1);
      expect(result.score, `trial ${trial}`).toBeCloseTo(bruteForce(instance), 8);
    }
  });

  it('evaluates a similarity that cannot depend on the mapping once per message', () => {
    const calls = new Map<string, number>();
    const counted = (id: string, best: number): MatchableMilestone => ({
      id,
      references: [],
      score: (message) => {
        calls.set(`${id}@${message}`, (calls.get(`${id}@${message}`) ?? 0) + 1);
        return message === best ? 1 : 0.2;
      },
    });
    const milestones = [counted('a', 2), counted('b', 5), counted('c', 3), counted('d', 7)];
    const edges: [string, string][] = [
      ['a', 'b'],
      ['a', 'c'],
      ['b', 'd'],
      ['c', 'd'],
    ];
    const result = matchMilestones(milestones, edges, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 0);
    expect(result.score).toBe(1);
    expect(Math.max(...calls.values())).toBe(1);
  });
});
