import { describe, expect, it } from 'vitest';
import type { EpisodeSummary } from '../spec/index.js';
import {
  episodesLabelled,
  labelValues,
  meanOfPresent,
  metricMean,
  metricMeanOverAll,
  metricMeans,
  metricSum,
} from './episode-averages.js';

const episode = (metrics: EpisodeSummary['metrics'], labels: EpisodeSummary['labels'] = {}) =>
  ({ metrics, labels }) as unknown as EpisodeSummary;

const episodes = [
  episode({ score: 1, calls: 2 }, { kind: 'a', tags: ['x', 'y'] }),
  episode({ score: 0.5, calls: null }, { kind: 'b', tags: 'y' }),
  episode({ score: 0 }, { kind: 'a' }),
];

describe('episode averages', () => {
  it('means over the episodes that have a metric, or over all of them counting a missing value 0', () => {
    expect(meanOfPresent([1, null, undefined, 2])).toBe(1.5);
    expect(meanOfPresent([null])).toBeNull();
    expect(metricMean(episodes, 'calls')).toBe(2);
    expect(metricMeanOverAll(episodes, 'calls')).toBeCloseTo(2 / 3);
    expect(metricMeanOverAll([], 'calls')).toBeNull();
    expect(metricSum(episodes, 'score')).toBe(1.5);
    expect(metricMeans(episodes, ['score', 'missing'])).toEqual({ score: 0.5, missing: null });
  });

  it('selects episodes by a label holding one value or several', () => {
    expect(labelValues(undefined)).toEqual([]);
    expect(labelValues('a')).toEqual(['a']);
    expect(episodesLabelled(episodes, 'kind', 'a')).toEqual([episodes[0], episodes[2]]);
    expect(episodesLabelled(episodes, 'tags', 'y')).toEqual([episodes[0], episodes[1]]);
    expect(episodesLabelled(episodes, 'tags', 'z')).toEqual([]);
  });
});
