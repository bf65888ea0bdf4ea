import { describe, expect, it } from 'vitest';
import type { ReportBenchmarkRun, ReportEpisode } from '../../src/report/report-data';
import { benchmarksByRuns, casesChangedMost, historyPoints } from './history';

function run(runId: string, benchmark: string, createdAt: string, agent: string, score: number): ReportBenchmarkRun {
  return {
    runId,
    benchmark,
    title: benchmark.toUpperCase(),
    headline: 'score',
    metricDefinitions: [],
    overall: { episodes: 2, score, confidenceInterval: [score - 0.1, score + 0.1] },
    metrics: {},
    tables: [],
    status: { scored: 2, failed: 0 },
    cost: 0,
    createdAt,
    agent,
  };
}

function episode(runId: string, caseId: string, score: number | null, trial = 0): ReportEpisode {
  return { runId, caseId, trial, score, status: score === null ? 'failed' : 'scored' } as unknown as ReportEpisode;
}

describe('history', () => {
  const runs = [
    run('n3', 'b', '2026-01-03T00:00:00Z', 'm', 0.7),
    run('n1', 'b', '2026-01-01T00:00:00Z', 'm', 0.9),
    run('other', 'c', '2026-01-02T00:00:00Z', 'm', 0.1),
    run('n2', 'b', '2026-01-02T00:00:00Z', 'weak', 0.2),
  ];

  it("orders a benchmark's runs by when they were made, of one agent when asked", () => {
    expect(historyPoints(runs, 'b').map((point) => point.runId)).toEqual(['n1', 'n2', 'n3']);
    expect(historyPoints(runs, 'b', 'm').map((point) => [point.runId, point.low])).toEqual([
      ['n1', 0.8],
      ['n3', 0.6],
    ]);
    expect(benchmarksByRuns(runs).map((entry) => [entry.benchmark, entry.runs])).toEqual([
      ['b', 3],
      ['c', 1],
    ]);
  });

  it('lists the cases whose mean score moved most, largest first, leaving out unchanged and one-sided cases', () => {
    const before = [episode('a', 'x', 1), episode('a', 'y', 1), episode('a', 'z', 0.5), episode('a', 'gone', 1)];
    const after = [
      episode('b', 'x', 0),
      episode('b', 'y', 1),
      episode('b', 'z', 0.75),
      episode('b', 'z', 0.25, 1),
      episode('b', 'new', 0),
      episode('b', 'w', null),
    ];
    expect(casesChangedMost(before, [...after, episode('b', 'z', 1, 2)], 5)).toEqual([
      { caseId: 'x', before: 1, after: 0, delta: -1 },
      { caseId: 'z', before: 0.5, after: (0.75 + 0.25 + 1) / 3, delta: (0.75 + 0.25 + 1) / 3 - 0.5 },
    ]);
    expect(casesChangedMost(before, after, 5).map((change) => change.caseId)).toEqual(['x']);
    expect(casesChangedMost(before, after, 0)).toEqual([]);
  });
});
