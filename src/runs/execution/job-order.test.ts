import { describe, expect, it } from 'vitest';
import { estimateFromHistory, longestExpectedFirst, simulatedMakespan } from './job-order.js';

const job = (caseId: string, trial = 0) => ({ benchmark: 'sandbox', caseId, trial });

describe('longest expected first', () => {
  it('orders by expected length, unknown ones as the mean, ties in the given order', () => {
    const jobs = [job('short'), job('unknown'), job('long'), job('long', 1), job('middle')];
    const lengths: Record<string, number> = { short: 2, long: 10, middle: 6 };
    const ordered = longestExpectedFirst(jobs, (candidate) => lengths[candidate.caseId]);
    // The mean of the known (2, 10, 10, 6) is 7: the unknown job goes between long and middle.
    expect(ordered.map((candidate) => `${candidate.caseId}#${candidate.trial}`)).toEqual([
      'long#0',
      'long#1',
      'unknown#0',
      'middle#0',
      'short#0',
    ]);
    expect(longestExpectedFirst(jobs, () => undefined)).toEqual(jobs);
  });

  it('estimates from the requests earlier episodes of the same case needed', () => {
    const estimate = estimateFromHistory(
      [
        { benchmark: 'sandbox', caseId: 'a', requests: 4 },
        { benchmark: 'sandbox', caseId: 'a', requests: 6 },
        { benchmark: 'tooltalk', caseId: 'a', requests: 40 },
      ],
      () => 1,
    );
    expect(estimate(job('a'))).toBe(5);
    expect(estimate({ benchmark: 'tooltalk', caseId: 'a', trial: 0 })).toBe(40);
    expect(estimate(job('never-played'))).toBe(1);
  });

  it("falls back on each job's own expected length (the benchmark's guess) for a case never played", () => {
    const jobs: { benchmark: string; caseId: string; trial: number; expectedLength?: number }[] = [
      { ...job('short'), expectedLength: 2 },
      job('unknown'),
      { ...job('played'), expectedLength: 1 },
      { ...job('long'), expectedLength: 12 },
    ];
    const estimate = estimateFromHistory<(typeof jobs)[number]>(
      [{ benchmark: 'sandbox', caseId: 'played', requests: 20 }],
      (candidate) => candidate.expectedLength,
    );
    // History beats the guess (played: 20, not 1); the unknown job counts as the mean of the known (11.3).
    expect(longestExpectedFirst(jobs, estimate).map((candidate) => candidate.caseId)).toEqual([
      'played',
      'long',
      'unknown',
      'short',
    ]);
  });

  it('ends a skewed run sooner than first-in first-out', () => {
    // 64 workers; a few long episodes listed last, as FIFO meets them in a real corpus.
    const lengths = [...Array.from({ length: 600 }, (_, index) => 1 + (index % 5)), 40, 38, 36, 35];
    const fifo = simulatedMakespan(lengths, 64);
    const ordered = longestExpectedFirst(
      lengths.map((length, index) => ({ ...job(`c${index}`), length })),
      (candidate) => candidate.length,
    ).map((candidate) => candidate.length);
    const lpt = simulatedMakespan(ordered, 64);
    const ideal = lengths.reduce((sum, length) => sum + length, 0) / 64;
    expect(lpt).toBeLessThan(fifo);
    expect(lpt).toBeLessThanOrEqual(Math.max(40, ideal) * (4 / 3));
  });
});
