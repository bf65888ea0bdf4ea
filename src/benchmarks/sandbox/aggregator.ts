import type { BenchmarkAggregator } from '../../spec/index.js';
import { aggregateSandbox } from './aggregate.js';
import { SANDBOX_OPTIONS } from './options.js';
import { SANDBOX_METRICS } from './score.js';
import { describeSandboxScoring } from './scoring-description.js';

/**
 * What reporting stored sandbox episodes needs (`report`, `compare`): the declarations and the
 * aggregation. Its own module, lighter than the reader (no record schema, no matcher), so that the
 * command line reports a run without them; `reader.ts` spreads it into the reader.
 */
export const sandboxAggregator: BenchmarkAggregator = {
  id: 'sandbox',
  title: 'ToolSandbox',
  description: 'ToolSandbox: stateful, conversational tool use scored by milestones and minefields',
  metrics: SANDBOX_METRICS,
  headline: 'score',
  labels: [
    { id: 'categories', title: 'Category' },
    { id: 'augmentation', title: 'Tool augmentation' },
  ],
  options: SANDBOX_OPTIONS,
  aggregate: aggregateSandbox,
  describeScoring: describeSandboxScoring,
};
