import { describe, expect, it } from 'vitest';
import { seededRandom, seededResampleMeans } from '../util/seeded-random.js';
import { trialStatistics } from './trial-statistics.js';

/** The bootstrap as first written: one seededRandom call per draw, plain arrays, a comparator sort. */
function referenceInterval(values: readonly number[], resamples: number, seed: string): [number, number] {
  const random = seededRandom(seed);
  const means: number[] = [];
  for (let resample = 0; resample < resamples; resample += 1) {
    let sum = 0;
    for (let draw = 0; draw < values.length; draw += 1) sum += values[Math.floor(random() * values.length)] ?? 0;
    means.push(sum / values.length);
  }
  means.sort((a, b) => a - b);
  const at = (quantile: number) => means[Math.min(means.length - 1, Math.floor(quantile * means.length))] ?? Number.NaN;
  return [at(0.025), at(0.975)];
}

/** Cases named so that their sorted order is their creation order. */
function randomScores(random: () => number, cases: number, trials: number): Map<string, number[]> {
  const scores = new Map<string, number[]>();
  for (let index = 0; index < cases; index++) {
    const id = `case-${String(index).padStart(5, '0')}`;
    scores.set(
      id,
      Array.from({ length: trials }, () => (random() < 0.4 ? 1 : Math.round(random() * 1000) / 1000)),
    );
  }
  return scores;
}

const caseMeans = (scores: Map<string, number[]>) =>
  [...scores.values()].map((list) => list.reduce((sum, value) => sum + value, 0) / list.length);

describe('bootstrap interval', () => {
  it('resamples with the seededRandom sequence, one draw after another', () => {
    const values = Float64Array.from([0.5, 1, 0, 1 / 3, 2 / 3, 0.25, 0.125]);
    const random = seededRandom('draws');
    const expected = Array.from({ length: 50 }, () => {
      let sum = 0;
      for (let draw = 0; draw < values.length; draw += 1) sum += values[Math.floor(random() * values.length)] ?? 0;
      return sum / values.length;
    });
    expect([...seededResampleMeans('draws', values, 50)]).toEqual(expected);
  });

  it('gives exactly the interval of the one-draw-at-a-time bootstrap, for any size, seed and resample count', () => {
    const random = seededRandom('trial-statistics');
    for (const [cases, trials, resamples, seed] of [
      [1, 1, 2000, 'toolgauge-bootstrap'],
      [3, 3, 2000, 'toolgauge-bootstrap'],
      [200, 3, 2000, 'toolgauge-bootstrap'],
      [1500, 1, 500, 'another seed'],
      [57, 5, 333, 'x'],
    ] as const) {
      const scores = randomScores(random, cases, trials);
      const statistics = trialStatistics(scores, { resamples, seed });
      expect(statistics.confidenceInterval).toEqual(referenceInterval(caseMeans(scores), resamples, seed));
    }
  });

  it('asked twice for the same scores gives the same numbers, and other scores other numbers', () => {
    const scores = randomScores(seededRandom('twice'), 300, 3);
    const first = trialStatistics(scores);
    expect(trialStatistics(new Map(scores))).toEqual(first);
    const changed = new Map(scores).set('case-00000', [0, 0, 0]).set('case-00001', [1, 1, 1]);
    const other = trialStatistics(changed);
    expect(other.confidenceInterval).toEqual(referenceInterval(caseMeans(changed), 2000, 'toolgauge-bootstrap'));
    expect(trialStatistics(scores)).toEqual(first);
  });

  it('keeps the reference order when a case mean is not a number', () => {
    const scores = new Map([
      ['a', [1, 0]],
      ['b', [Number.NaN]],
      ['c', [0.5]],
      ['d', [1]],
    ]);
    const expected = referenceInterval(caseMeans(scores), 2000, 'toolgauge-bootstrap');
    expect(trialStatistics(scores).confidenceInterval).toEqual(expected);
  });
});
