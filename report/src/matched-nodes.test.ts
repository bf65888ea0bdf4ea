import { describe, expect, it } from 'vitest';
import { matchedNodes } from './matched-nodes';

describe('matchedNodes', () => {
  const graph = {
    nodes: [
      { id: 'b', description: 'second', scored: true },
      { id: 'a', description: 'first', scored: false },
      { id: 'c', scored: true },
    ],
    edges: [['a', 'b'] as const],
  };

  it('follows the scorer’s order and takes descriptions and scored from the graph', () => {
    const nodes = matchedNodes(graph, [
      { milestone: 'a', messageIndex: 3, similarity: 1 },
      { milestone: 'b', messageIndex: -1, similarity: 0 },
    ]);
    expect(nodes.map((node) => [node.id, node.description, node.scored, node.match?.messageIndex])).toEqual([
      ['a', 'first', false, 3],
      ['b', 'second', true, -1],
      ['c', undefined, true, undefined],
    ]);
  });

  it('works without a graph', () => {
    expect(matchedNodes(undefined, [{ milestone: 'x', messageIndex: 1, similarity: 0.5 }])).toEqual([
      { id: 'x', description: undefined, scored: true, match: { milestone: 'x', messageIndex: 1, similarity: 0.5 } },
    ]);
  });
});
