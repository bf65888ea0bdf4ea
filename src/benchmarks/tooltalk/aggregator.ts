import type { BenchmarkAggregator } from '../../spec/index.js';
import { describeToolTalkScoring } from './scoring-description.js';
import { aggregateToolTalk } from './tooltalk-aggregate.js';
import { TOOLTALK_METRICS } from './tooltalk-metrics.js';
import { TOOLTALK_OPTIONS } from './tooltalk-options.js';

/**
 * What reporting stored ToolTalk episodes needs (`report`, `compare`): the declarations and the
 * aggregation. Its own module, lighter than the reader (no record schema, so no zod), so that the
 * command line reports a run without the tools, domains and replay protocol; `reader.ts` spreads it.
 */
export const tooltalkAggregator: BenchmarkAggregator = {
  id: 'tooltalk',
  title: 'ToolTalk',
  description:
    'Replayed conversations over 28 tools in 7 plugins; tool-call precision, recall, incorrect actions and conversation success.',
  metrics: TOOLTALK_METRICS,
  headline: 'success',
  labels: [
    { id: 'subset', title: 'Subset' },
    { id: 'suites', title: 'Plugins' },
  ],
  options: TOOLTALK_OPTIONS,
  aggregate: aggregateToolTalk,
  describeScoring: describeToolTalkScoring,
};
