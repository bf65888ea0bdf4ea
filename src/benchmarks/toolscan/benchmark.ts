/**
 * ToolScan (arXiv 2411.13547) on toolgauge: single-goal queries over five offline environments, a
 * feedback mechanism that rejects malformed calls before they run, seven error patterns scored against
 * several gold trajectories, success by the expected answer, and the paper's ablations as run options.
 */
import { TOOLSCAN_ENVIRONMENTS } from '../../domains/toolscan/index.js';
import type { Benchmark, MetricDefinition } from '../../spec/index.js';
import { aggregateToolscan } from './aggregate.js';
import { queryFileJsonSchema } from './cases.js';
import { explainToolscanRecord } from './explain.js';
import { loadToolscanQueries, type ToolscanCase } from './load-cases.js';
import { querySetFrom, settingsFrom, TOOLSCAN_OPTIONS } from './options.js';
import { oracleAgent, toolscanReference, unhelpfulAgent } from './oracle.js';
import { finishTool, playToolscanEpisode } from './play.js';
import { proveQuery } from './prove.js';
import { parseToolscanRecord, TOOLSCAN_RECORD_VERSION, type ToolscanRecord } from './record.js';
import { PATTERNS } from './score.js';

const PATTERN_TITLES: Record<(typeof PATTERNS)[number], string> = {
  IAC: 'Insufficient API calls',
  RAC: 'Repeated API calls',
  IAV: 'Incorrect argument values',
  IFE: 'Invalid format errors',
  IAT: 'Incorrect argument types',
  IAN: 'Incorrect argument names',
  IFN: 'Incorrect function names',
};

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
    id: 'calls',
    title: 'API calls',
    description: 'API calls the agent made (not finish).',
    direction: 'lower',
    kind: 'count',
  },
  { id: 'steps', title: 'Steps', description: 'Agent turns taken.', direction: 'lower', kind: 'count' },
];

export const toolscanBenchmark: Benchmark<ToolscanCase, ToolscanRecord> = {
  id: 'toolscan',
  title: 'ToolScan',
  description:
    'Single-goal queries over five offline API environments; seven error patterns (IFN, IAN, IAT, IFE, RAC, IAC, IAV) and success.',
  recordVersion: TOOLSCAN_RECORD_VERSION,
  metrics: METRICS,
  headline: 'success',
  labels: [
    { id: 'environment', title: 'Environment' },
    { id: 'augmentation', title: 'Augmentation' },
    { id: 'set', title: 'Query set' },
  ],
  options: TOOLSCAN_OPTIONS,
  agents: [
    {
      name: 'oracle',
      description: 'Plays the first gold trajectory, then finishes with the expected answer.',
      create: (item) => oracleAgent(item.query),
    },
    { name: 'unhelpful', description: 'Answers at once without calling any API.', create: () => unhelpfulAgent },
  ],

  // The first gold trajectory's calls, one request each, and the final answer.
  expectedLength: (item) => (item.query.trajectories[0]?.length ?? 0) + 1,

  async loadCases(request) {
    return loadToolscanQueries(request.source, querySetFrom(request.options));
  },

  play: playToolscanEpisode,

  aggregate: aggregateToolscan,
  parseRecord: parseToolscanRecord,
  trajectories: (record) => [record.trajectory],
  explain: explainToolscanRecord,
  tools: () => [...TOOLSCAN_ENVIRONMENTS.flatMap((environment) => environment.tools), finishTool],
  caseFileSchema: queryFileJsonSchema,

  async prove(item, context) {
    return proveQuery(item, settingsFrom(context.options));
  },

  reference: toolscanReference,
};
