import { describe, expect, it } from 'vitest';
import type { ReportEpisode } from '../../src/report/report-data';
import { labelGroups } from './label-groups';

function episode(runId: string, score: number | null, labels: Record<string, string | string[]>): ReportEpisode {
  return { runId, benchmark: 'b', score, labels, status: score === null ? 'failed' : 'scored' } as ReportEpisode;
}

describe('headline by label', () => {
  it('averages scored episodes per value and run, counting a multi-valued episode in each value', () => {
    const episodes = [
      episode('a', 1, { kind: ['x', 'y'] }),
      episode('a', 0, { kind: 'x' }),
      episode('a', null, { kind: 'z' }),
      episode('b', 0.5, { kind: 'y' }),
      episode('left-out', 0.5, { kind: 'y' }),
      { ...episode('a', 0, { kind: 'x' }), benchmark: 'other' },
    ];
    const { rows, leftOut } = labelGroups(episodes, 'b', ['a', 'b'], 'kind', 10);
    expect(leftOut).toBe(0);
    expect(rows.map((row) => [row.value, Object.fromEntries(row.byRun)])).toEqual([
      ['x', { a: { score: 0.5, episodes: 2 } }],
      ['y', { a: { score: 1, episodes: 1 }, b: { score: 0.5, episodes: 1 } }],
    ]);
    expect(labelGroups(episodes, 'b', ['a', 'b'], 'kind', 1)).toMatchObject({ leftOut: 1, rows: [{ value: 'x' }] });
  });
});
