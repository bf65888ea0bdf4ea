import type { EpisodeSummary, MetricValues } from '../spec/index.js';

/**
 * What every benchmark's `aggregate` computes over a run's episodes before laying out its tables: means
 * and sums of a metric, and the episodes carrying a label. Two kinds of mean, as the papers use both: over
 * the episodes a metric applies to (`metricMean`: an episode without it is left out, e.g. a pattern score
 * of an episode with no API call) and over every episode (`metricMeanOverAll`: a missing value counts 0).
 */

/** The mean of the numbers among `values` (null and undefined left out); null when there is none. */
export function meanOfPresent(values: readonly (number | null | undefined)[]): number | null {
  const present = values.filter((value): value is number => typeof value === 'number');
  return present.length === 0 ? null : present.reduce((sum, value) => sum + value, 0) / present.length;
}

/** The mean of metric `id` over the episodes that have it; null when none has. */
export function metricMean(episodes: readonly EpisodeSummary[], id: string): number | null {
  return meanOfPresent(episodes.map((episode) => episode.metrics[id]));
}

/** {@link metricMean} of each of `ids`, by id. */
export function metricMeans(episodes: readonly EpisodeSummary[], ids: readonly string[]): MetricValues {
  return Object.fromEntries(ids.map((id) => [id, metricMean(episodes, id)]));
}

/** The sum of metric `id` over the episodes, a missing value counting 0. */
export function metricSum(episodes: readonly EpisodeSummary[], id: string): number {
  return episodes.reduce((total, episode) => total + (episode.metrics[id] ?? 0), 0);
}

/** The mean of metric `id` over every episode, a missing value counting 0; null when there is no episode. */
export function metricMeanOverAll(episodes: readonly EpisodeSummary[], id: string): number | null {
  return episodes.length === 0 ? null : metricSum(episodes, id) / episodes.length;
}

/** A label's values as a list: none, one, or several. */
export function labelValues(value: string | readonly string[] | undefined): readonly string[] {
  if (value === undefined) return [];
  return typeof value === 'string' ? [value] : value;
}

/** The episodes one of whose values of label `label` is `value`. */
export function episodesLabelled(
  episodes: readonly EpisodeSummary[],
  label: string,
  value: string,
): readonly EpisodeSummary[] {
  return episodes.filter((episode) => labelValues(episode.labels[label]).includes(value));
}
