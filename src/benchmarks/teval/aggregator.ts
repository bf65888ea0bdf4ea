import type { BenchmarkAggregator } from '../../spec/index.js';
import { describeTevalScoring } from './scoring-description.js';
import { aggregateTeval } from './teval-aggregate.js';
import { TEVAL_METRICS } from './teval-metrics.js';
import { TEVAL_OPTIONS } from './teval-protocol.js';

/**
 * What reporting stored T-Eval episodes needs (`report`, `compare`): the declarations and the
 * aggregation. Its own module, lighter than the reader (no record schema, so no zod), so that the
 * command line reports a run without the evaluators, the data set loader or the embedders;
 * `reader.ts` spreads it into the reader.
 */
export const tevalAggregator: BenchmarkAggregator = {
  id: 'teval',
  title: 'T-Eval',
  description: 'T-Eval: six tool-use abilities scored step by step, in JSON and string formats',
  metrics: TEVAL_METRICS,
  headline: 'overall',
  labels: [
    { id: 'ability', title: 'Ability' },
    { id: 'format', title: 'Format' },
    { id: 'subset', title: 'Subset' },
    { id: 'source', title: 'Source' },
  ],
  options: TEVAL_OPTIONS,
  aggregate: (episodes) => aggregateTeval(episodes),
  describeScoring: describeTevalScoring,
};
