/**
 * A simple layered layout for milestone graphs: a node's depth is the longest path to it from a node
 * with no predecessor; depths become rows (top to bottom), nodes keep the data's order within a row.
 * Cycles (which a valid graph never has) do not hang it: nodes left over go on one last row.
 */
export interface DagNodePosition {
  readonly id: string;
  readonly depth: number;
  /** Position within its row. */
  readonly order: number;
  /** Top-left corner of the node's box. */
  readonly x: number;
  readonly y: number;
}

export interface DagEdgePosition {
  readonly from: string;
  readonly to: string;
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

export interface DagLayout {
  readonly nodes: readonly DagNodePosition[];
  readonly edges: readonly DagEdgePosition[];
  readonly width: number;
  readonly height: number;
}

export interface DagSizes {
  readonly nodeWidth: number;
  readonly nodeHeight: number;
  readonly gapX: number;
  readonly gapY: number;
  readonly padding: number;
}

export const DEFAULT_DAG_SIZES: DagSizes = { nodeWidth: 136, nodeHeight: 40, gapX: 14, gapY: 26, padding: 6 };

/** Longest-path depth of every node (Kahn's algorithm); edges naming unknown nodes are ignored. */
export function dagDepths(ids: readonly string[], edges: readonly (readonly [string, string])[]): Map<string, number> {
  const known = new Set(ids);
  const successors = new Map<string, string[]>(ids.map((id) => [id, []]));
  const indegree = new Map<string, number>(ids.map((id) => [id, 0]));
  for (const [from, to] of edges) {
    if (!known.has(from) || !known.has(to) || from === to) continue;
    successors.get(from)?.push(to);
    indegree.set(to, (indegree.get(to) ?? 0) + 1);
  }
  const depth = new Map<string, number>();
  const queue = ids.filter((id) => indegree.get(id) === 0);
  for (const id of queue) depth.set(id, 0);
  for (let head = 0; head < queue.length; head += 1) {
    const id = queue[head] as string;
    for (const next of successors.get(id) ?? []) {
      depth.set(next, Math.max(depth.get(next) ?? 0, (depth.get(id) ?? 0) + 1));
      const remaining = (indegree.get(next) ?? 0) - 1;
      indegree.set(next, remaining);
      if (remaining === 0) queue.push(next);
    }
  }
  const placed = new Set(queue);
  const deepest = Math.max(-1, ...queue.map((id) => depth.get(id) ?? 0));
  for (const id of ids) if (!placed.has(id)) depth.set(id, deepest + 1);
  return depth;
}

export function layoutDag(
  ids: readonly string[],
  edges: readonly (readonly [string, string])[],
  sizes: DagSizes = DEFAULT_DAG_SIZES,
): DagLayout {
  const unique = [...new Set(ids)];
  const depths = dagDepths(unique, edges);
  const rows = new Map<number, string[]>();
  for (const id of unique) {
    const depth = depths.get(id) ?? 0;
    rows.set(depth, [...(rows.get(depth) ?? []), id]);
  }
  const widest = Math.max(0, ...[...rows.values()].map((row) => row.length));
  const rowCount = rows.size === 0 ? 0 : Math.max(...rows.keys()) + 1;
  const width = sizes.padding * 2 + widest * sizes.nodeWidth + Math.max(0, widest - 1) * sizes.gapX;
  const height = sizes.padding * 2 + rowCount * sizes.nodeHeight + Math.max(0, rowCount - 1) * sizes.gapY;
  const positions = new Map<string, DagNodePosition>();
  for (const [depth, row] of rows) {
    const rowWidth = row.length * sizes.nodeWidth + (row.length - 1) * sizes.gapX;
    const left = (width - rowWidth) / 2;
    row.forEach((id, order) => {
      positions.set(id, {
        id,
        depth,
        order,
        x: left + order * (sizes.nodeWidth + sizes.gapX),
        y: sizes.padding + depth * (sizes.nodeHeight + sizes.gapY),
      });
    });
  }
  const edgePositions: DagEdgePosition[] = [];
  for (const [from, to] of edges) {
    const start = positions.get(from);
    const end = positions.get(to);
    if (!start || !end || from === to) continue;
    edgePositions.push({
      from,
      to,
      x1: start.x + sizes.nodeWidth / 2,
      y1: start.y + sizes.nodeHeight,
      x2: end.x + sizes.nodeWidth / 2,
      y2: end.y,
    });
  }
  return { nodes: unique.map((id) => positions.get(id) as DagNodePosition), edges: edgePositions, width, height };
}
