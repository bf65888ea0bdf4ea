import { describe, expect, it } from 'vitest';
import { DEFAULT_DAG_SIZES, dagDepths, layoutDag } from './dag-layout';

describe('dagDepths', () => {
  it('gives each node its longest distance from a source', () => {
    const depths = dagDepths(
      ['cellular', 'search', 'send', 'stored', 'confirm'],
      [
        ['cellular', 'send'],
        ['search', 'send'],
        ['send', 'stored'],
        ['stored', 'confirm'],
        ['cellular', 'confirm'],
      ],
    );
    expect(Object.fromEntries(depths)).toEqual({ cellular: 0, search: 0, send: 1, stored: 2, confirm: 3 });
  });

  it('puts unconnected nodes at depth 0 and ignores unknown or self edges', () => {
    const depths = dagDepths(
      ['a', 'b'],
      [
        ['a', 'zzz'],
        ['b', 'b'],
      ],
    );
    expect(Object.fromEntries(depths)).toEqual({ a: 0, b: 0 });
  });

  it('survives a cycle by putting its nodes on one last row', () => {
    const depths = dagDepths(
      ['a', 'b', 'c'],
      [
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'b'],
      ],
    );
    expect(depths.get('a')).toBe(0);
    expect(depths.get('b')).toBe(1);
    expect(depths.get('c')).toBe(1);
  });
});

describe('layoutDag', () => {
  it('places rows by depth and keeps the data order within a row', () => {
    const layout = layoutDag(
      ['x', 'y', 'z'],
      [
        ['x', 'z'],
        ['y', 'z'],
      ],
    );
    const [x, y, z] = layout.nodes;
    expect([x?.depth, y?.depth, z?.depth]).toEqual([0, 0, 1]);
    expect(x?.y).toBe(y?.y);
    expect((x?.x ?? 0) < (y?.x ?? 0)).toBe(true);
    expect(z?.y).toBe(DEFAULT_DAG_SIZES.padding + DEFAULT_DAG_SIZES.nodeHeight + DEFAULT_DAG_SIZES.gapY);
    expect(layout.edges).toHaveLength(2);
    expect(layout.edges[0]).toMatchObject({
      from: 'x',
      to: 'z',
      y1: (x?.y ?? 0) + DEFAULT_DAG_SIZES.nodeHeight,
      y2: z?.y,
    });
    expect(layout.width).toBe(DEFAULT_DAG_SIZES.padding * 2 + 2 * DEFAULT_DAG_SIZES.nodeWidth + DEFAULT_DAG_SIZES.gapX);
  });

  it('is empty for no nodes', () => {
    expect(layoutDag([], [])).toMatchObject({ nodes: [], edges: [] });
  });
});
