import { describe, expect, it } from 'vitest';
import { type MatchableMilestone, matchMilestones } from './milestone-matcher.js';

/** A milestone whose similarity to each message is given by a table. */
const table = (id: string, scores: Record<number, number>, references: string[] = []): MatchableMilestone => ({
  id,
  references,
  score: (index) => scores[index] ?? 0,
});

const messages = [0, 1, 2, 3, 4, 5];

describe('milestone matcher', () => {
  it('gives 1 with no milestones', () => {
    expect(matchMilestones([], [], messages, 0)).toEqual({ score: 1, matches: [] });
  });

  it('respects the order of the DAG even when a greedy choice would break it', () => {
    // A's best message (4, 1.0) is after B's only good one (2): greedy picks A@4 and leaves B with 0.
    // The best mapping respecting A → B is A@1 (0.9) + B@2 (1.0).
    const a = table('a', { 1: 0.9, 4: 1 });
    const b = table('b', { 2: 1 });
    const result = matchMilestones([a, b], [['a', 'b']], messages, 0);
    expect(result.score).toBeCloseTo(0.95, 10);
    expect(result.matches).toEqual([
      { milestone: 'a', messageIndex: 1, similarity: 0.9 },
      { milestone: 'b', messageIndex: 2, similarity: 1 },
    ]);
  });

  it('lets two milestones share a message and unordered ones match in any order', () => {
    const a = table('a', { 3: 1 });
    const b = table('b', { 3: 1 });
    expect(matchMilestones([a, b], [['a', 'b']], messages, 0).score).toBe(1);
    const c = table('c', { 5: 1 });
    const d = table('d', { 1: 1 });
    expect(matchMilestones([c, d], [], messages, 0).score).toBe(1);
    expect(matchMilestones([c, d], [['c', 'd']], messages, 0).score).toBe(0.5);
  });

  it('passes the latest predecessor and referenced matches to a milestone', () => {
    const seen: string[] = [];
    const a = table('a', { 1: 1 });
    const b = table('b', { 3: 1 });
    const c: MatchableMilestone = {
      id: 'c',
      references: ['a'],
      score: (index, context) => {
        seen.push(`${index}:${context.predecessorIndex}:${context.matched('a')}`);
        return index === 4 && context.predecessorIndex === 3 && context.matched('a') === 1 ? 1 : 0;
      },
    };
    const result = matchMilestones(
      [a, b, c],
      [
        ['a', 'c'],
        ['b', 'c'],
      ],
      messages,
      0,
    );
    expect(result.score).toBe(1);
    expect(seen).toContain('4:3:1');
  });

  it('is exact where a dependency makes the locally best choice wrong', () => {
    // b scores 1 only if a is matched at 2, though a's own best message is 0.
    const a = table('a', { 0: 1, 2: 0.6 });
    const b: MatchableMilestone = {
      id: 'b',
      references: ['a'],
      score: (index, context) => (index === 3 && context.matched('a') === 2 ? 1 : 0.1),
    };
    const result = matchMilestones([a, b], [['a', 'b']], messages, 0);
    expect(result.score).toBeCloseTo(0.8, 10);
    expect(result.matches.map((match) => match.messageIndex)).toEqual([2, 3]);
  });

  it('matches uncounted milestones without letting them cost a counted one', () => {
    // The uncounted note would like message 4, which would push the counted "after" (≥ note) past
    // its only good message 2; the note must give way.
    const note: MatchableMilestone = { ...table('note', { 1: 0.5, 4: 1 }), weight: 0 };
    const after = table('after', { 2: 1 });
    const result = matchMilestones([note, after], [['note', 'after']], messages, 0);
    expect(result.score).toBe(1);
    expect(result.matches).toEqual([
      { milestone: 'note', messageIndex: 1, similarity: 0.5 },
      { milestone: 'after', messageIndex: 2, similarity: 1 },
    ]);
    expect(matchMilestones([note], [], messages, 0)).toMatchObject({ score: 1, matches: [{ messageIndex: 4 }] });
  });

  it('rejects a cycle, an unknown edge end and an unknown reference, naming them', () => {
    const a = table('a', {});
    const b = table('b', {});
    expect(() =>
      matchMilestones(
        [a, b],
        [
          ['a', 'b'],
          ['b', 'a'],
        ],
        messages,
        0,
      ),
    ).toThrow(/cycle through a, b/);
    expect(() => matchMilestones([a], [['a', 'z']], messages, 0)).toThrow(/unknown milestone/);
    expect(() => matchMilestones([table('c', {}, ['zz'])], [], messages, 0)).toThrow(/references unknown "zz"/);
  });

  it('matches the brute force on random DAGs', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let trial = 0; trial < 40; trial += 1) {
      const size = 2 + Math.floor(random() * 3);
      const candidates = [0, 1, 2, 3, 4];
      const ids = Array.from({ length: size }, (_, index) => `m${index}`);
      const edges: [string, string][] = [];
      for (let i = 0; i < size; i += 1)
        for (let j = i + 1; j < size; j += 1) if (random() < 0.4) edges.push([ids[i] as string, ids[j] as string]);
      const scores = ids.map(() => candidates.map(() => Math.round(random() * 10) / 10));
      const milestones = ids.map((id, index) =>
        table(id, Object.fromEntries(candidates.map((c) => [c, scores[index]?.[c] ?? 0]))),
      );
      let best = 0;
      const assign = (position: number, mapping: number[]) => {
        if (position === size) {
          if (edges.every(([from, to]) => (mapping[ids.indexOf(from)] ?? 0) <= (mapping[ids.indexOf(to)] ?? 0))) {
            best = Math.max(
              best,
              mapping.reduce((sum, message, index) => sum + (scores[index]?.[message] ?? 0), 0) / size,
            );
          }
          return;
        }
        for (const candidate of candidates) assign(position + 1, [...mapping, candidate]);
      };
      assign(0, []);
      expect(matchMilestones(milestones, edges, candidates, 0).score).toBeCloseTo(best, 10);
    }
  });
});
