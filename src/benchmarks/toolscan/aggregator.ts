import type { BenchmarkAggregator, MetricDefinition } from '../../spec/index.js';
import { aggregateToolscan } from './aggregate.js';
import { TOOLSCAN_OPTIONS } from './options.js';
import { describeToolscanScoring } from './scoring-description.js';
import { PATTERN_TITLES, PATTERNS } from './vocabulary.js';

const METRICS: MetricDefinition[] = [
  {
    id: 'success',
    title: 'Success rate',
    description: 'The final answer equals the expected one.',
    direction: 'higher',
    kind: 'score',
  },
  ...PATTERNS.map(
    (pattern): MetricDefinition => ({
      id: pattern,
      title: `${pattern} (${PATTERN_TITLES[pattern]})`,
      description:
        pattern === 'IAC' || pattern === 'IAV'
          ? `1 − ${pattern} errors / gold calls considered, against the best-fitting gold trajectory.`
          : `Fraction of the episode's API calls without ${pattern}.`,
      direction: 'higher',
      kind: 'score',
    }),
  ),
  {
    id: 'call_precision',
    title: 'Call precision',
    description:
      "Share of the episode's API calls that are a call of the chosen gold trajectory (same API, matching arguments, each gold call once); not a paper metric.",
    direction: 'higher',
    kind: 'score',
  },
  {
    id: 'no_IFN',
    title: 'Without IFN',
    description:
      "Whether the episode made no call to an unknown function (1) or at least one (0): averaged, the share of queries without IFN, the unit of the paper's irrelevance ablation.",
    direction: 'higher',
    kind: 'score',
  },
  {
    id: 'calls',
    title: 'API calls',
    description: 'API calls the agent made (not finish).',
    direction: 'lower',
    kind: 'count',
  },
  { id: 'steps', title: 'Steps', description: 'Agent turns taken.', direction: 'lower', kind: 'count' },
];

/**
 * What reporting stored ToolScan episodes needs (`report`, `compare`): the declarations and the
 * aggregation. Its own module, without zod, the record or the environments' tools, so that the command
 * line reports a run without them; `reader.ts` spreads it into the reader.
 */
export const toolscanAggregator: BenchmarkAggregator = {
  id: 'toolscan',
  title: 'ToolScan',
  description:
    'Single-goal queries over five offline API environments; seven error patterns (IFN, IAN, IAT, IFE, RAC, IAC, IAV) and success.',
  metrics: METRICS,
  headline: 'success',
  labels: [
    { id: 'environment', title: 'Environment' },
    { id: 'augmentation', title: 'Augmentation' },
    { id: 'set', title: 'Query set' },
    { id: 'irrelevance', title: 'Irrelevance kind' },
  ],
  options: TOOLSCAN_OPTIONS,
  aggregate: aggregateToolscan,
  describeScoring: describeToolscanScoring,
};
