import type { GraphOutline, MilestoneMatch } from '../../src/report/report-data';

export interface MatchedNode {
  readonly id: string;
  readonly description?: string;
  readonly scored: boolean;
  readonly match?: MilestoneMatch;
}

/**
 * One entry per milestone, in the order of the matches (the scorer's order), then any graph node the
 * matches lack; each carries its description and whether it counts from the graph outline.
 */
export function matchedNodes(graph: GraphOutline | undefined, matches: readonly MilestoneMatch[]): MatchedNode[] {
  const outline = new Map((graph?.nodes ?? []).map((node) => [node.id, node]));
  const nodes: MatchedNode[] = matches.map((match) => {
    const node = outline.get(match.milestone);
    return { id: match.milestone, description: node?.description, scored: node?.scored ?? true, match };
  });
  const matched = new Set(matches.map((match) => match.milestone));
  for (const node of graph?.nodes ?? []) if (!matched.has(node.id)) nodes.push({ ...node });
  return nodes;
}
