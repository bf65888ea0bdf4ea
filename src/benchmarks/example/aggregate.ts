import type { BenchmarkAggregate, EpisodeSummary, ReportTable } from '../../spec/index.js';

/** Accuracy is a mean over items; argument recall is micro-averaged (matched ÷ gold arguments over all items). */
export function aggregateExample(episodes: readonly EpisodeSummary[]): BenchmarkAggregate {
  const total = (id: string, selected: readonly EpisodeSummary[]) =>
    selected.reduce((sum, episode) => sum + (episode.metrics[id] ?? 0), 0);
  const summary = (selected: readonly EpisodeSummary[]) => ({
    accuracy: selected.length === 0 ? null : total('accuracy', selected) / selected.length,
    argumentRecall:
      total('goldArguments', selected) === 0
        ? null
        : total('matchedArguments', selected) / total('goldArguments', selected),
    items: selected.length,
  });
  const overall = summary(episodes);
  const kinds = [...new Set(episodes.map((episode) => String(episode.labels.kind)))].sort();
  const table: ReportTable = {
    id: 'by-kind',
    title: 'Example benchmark: accuracy and micro-averaged argument recall by kind',
    columns: [
      { id: 'kind', title: 'kind', format: 'text' },
      { id: 'items', title: 'items', format: 'count' },
      { id: 'accuracy', title: 'accuracy', format: 'percent', direction: 'higher' },
      { id: 'argumentRecall', title: 'argument recall', format: 'percent', direction: 'higher' },
    ],
    rows: [
      { kind: 'all', ...overall },
      ...kinds.map((kind) => ({ kind, ...summary(episodes.filter((episode) => episode.labels.kind === kind)) })),
    ],
    note: 'Argument recall is micro-averaged: matched arguments over all gold arguments.',
  };
  return {
    headline: overall.accuracy,
    metrics: {
      accuracy: overall.accuracy,
      argumentRecall: overall.argumentRecall,
      matchedArguments: total('matchedArguments', episodes),
      goldArguments: total('goldArguments', episodes),
    },
    tables: [table],
  };
}
