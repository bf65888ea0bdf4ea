import { describe, expect, it } from 'vitest';
import type { ReportEpisode } from '../../src/report/report-data';
import { buildSampleReportData } from '../sample-data';
import { caseChanges, compareRuns } from './compare';

function episode(caseId: string, trial: number, score: number | null): ReportEpisode {
  return {
    runId: 'r',
    caseId,
    trial,
    status: score === null ? 'failed' : 'scored',
    score,
    turnCount: 4,
    error: null,
    cost: 0,
    inputTokens: 0,
    outputTokens: 0,
    baseId: caseId,
    scenarioId: caseId,
    augmentation: 'distraction-0',
    categories: [],
    benchmark: 'sandbox',
    metrics: score === null ? {} : { score },
    labels: {},
  };
}

describe('compareRuns', () => {
  it('lists overall, then categories, then augmentations, with B − A', () => {
    const [a, b] = buildSampleReportData().runs;
    if (!a || !b) throw new Error('sample has two runs');
    const rows = compareRuns(a, b);
    expect(rows[0]).toMatchObject({ group: 'overall', a: a.overall.score, b: b.overall.score });
    if (a.overall.score === null || b.overall.score === null) throw new Error('sample runs have scores');
    expect(rows[0]?.delta).toBeCloseTo(b.overall.score - a.overall.score, 10);
    const groups = rows.map((row) => row.group);
    expect(groups.lastIndexOf('category')).toBeLessThan(groups.indexOf('augmentation'));
    expect(rows.find((row) => row.name === 'single_tool_call')).toBeDefined();
  });

  it('has no change where a side has no score', () => {
    const [a, b] = buildSampleReportData().runs;
    if (!a || !b) throw new Error('sample has two runs');
    const rows = compareRuns({ ...a, byCategory: {} }, b);
    expect(rows.find((row) => row.name === 'single_tool_call')).toMatchObject({ a: null, delta: null });
  });

  it('treats null means (a group with no scored episode, NaN in JSON) as no score', () => {
    const [a, b] = buildSampleReportData().runs;
    if (!a || !b) throw new Error('sample has two runs');
    const empty = {
      ...a,
      overall: { episodes: 0, score: null, turnCount: null, confidenceInterval: [null, null] },
    } as const;
    expect(compareRuns(empty, b)[0]).toMatchObject({ a: null, delta: null, turnsA: null });
  });
});

describe('caseChanges', () => {
  it('averages trials and orders by the size of the change', () => {
    const changes = caseChanges(
      [
        episode('up', 1, 0),
        episode('up', 2, 0.5),
        episode('down', 1, 1),
        episode('same', 1, 0.5),
        episode('only-a', 1, 1),
      ],
      [episode('up', 1, 1), episode('down', 1, 0.9), episode('same', 1, 0.5), episode('only-b', 1, 0)],
    );
    expect(changes.map((change) => change.caseId)).toEqual(['up', 'down', 'same']);
    expect(changes[0]?.a.mean).toBe(0.25);
    expect(changes[0]?.delta).toBe(0.75);
    expect(changes[1]?.delta).toBeCloseTo(-0.1, 10);
  });

  it('puts cases with no scored trial on a side last', () => {
    const changes = caseChanges(
      [episode('x', 1, null), episode('y', 1, 0.4)],
      [episode('x', 1, 1), episode('y', 1, 0.5)],
    );
    expect(changes.map((change) => [change.caseId, change.delta])).toEqual([
      ['y', expect.closeTo(0.1, 10)],
      ['x', null],
    ]);
  });
});
