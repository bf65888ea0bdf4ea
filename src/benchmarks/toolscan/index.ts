/**
 * ToolScan (arXiv 2411.13547) on toolgauge: single-goal queries over five offline environments, a
 * feedback mechanism that rejects malformed calls before they run, seven error patterns scored against
 * several gold trajectories, success by the expected answer, and the paper's ablations as run options.
 */
import { TOOLSCAN_ENVIRONMENTS } from '../../domains/toolscan/index.js';
import type { Benchmark, EpisodeResult, MetricDefinition, ReferenceCase } from '../../spec/index.js';
import { queryFileJsonSchema } from './query-file.js';
import { loadToolscanQueries, type ToolscanCase } from './query-loader.js';
import { oracleAgent, unhelpfulAgent } from './toolscan-agents.js';
import { aggregateToolscan } from './toolscan-aggregate.js';
import { explainToolscanRecord } from './toolscan-explain.js';
import { querySetFrom, settingsFrom, TOOLSCAN_OPTIONS } from './toolscan-options.js';
import { agentToolSet, finishTool, playQuery, systemPrompt } from './toolscan-protocol.js';
import { proveQuery } from './toolscan-prove.js';
import { parseToolscanRecord, TOOLSCAN_RECORD_VERSION, type ToolscanRecord } from './toolscan-record.js';
import { PATTERNS, scoreEpisode } from './toolscan-score.js';

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

  async loadCases(request) {
    return loadToolscanQueries(request.source, querySetFrom(request.options));
  },

  async play(input): Promise<EpisodeResult<ToolscanRecord>> {
    const settings = settingsFrom(input.options);
    const played = await playQuery(input.case, input.agent, settings, {
      trial: input.trial,
      signal: input.signal,
      ...(input.limits.maxMessages === undefined ? {} : { maxMessages: input.limits.maxMessages }),
    });
    const { trajectory } = played;
    const score = scoreEpisode(trajectory, input.case.query, input.case.environment);
    const record: ToolscanRecord = {
      formatVersion: TOOLSCAN_RECORD_VERSION,
      queryId: input.case.id,
      environment: input.case.environment,
      settings,
      budgetExhausted: played.budgetExhausted,
      trajectory,
      score,
    };
    if (trajectory.termination.type === 'infrastructure-failure') {
      return {
        status: 'failed',
        error: trajectory.termination.message,
        metrics: {},
        labels: input.case.labels,
        record,
      };
    }
    const steps = new Set(
      trajectory.messages
        .filter((message) => message.sender === 'agent' && !message.seeded)
        .map((message) => (message.type === 'tool-call' ? `b${message.batch}` : `m${message.index}`)),
    ).size;
    return {
      status: 'scored',
      metrics: { success: score.success ? 1 : 0, ...score.scores, calls: score.calls, steps },
      labels: input.case.labels,
      record,
    };
  },

  aggregate: aggregateToolscan,
  parseRecord: parseToolscanRecord,
  trajectories: (record) => [record.trajectory],
  explain: explainToolscanRecord,
  tools: () => [...TOOLSCAN_ENVIRONMENTS.flatMap((environment) => environment.tools), finishTool],
  caseFileSchema: queryFileJsonSchema,

  async prove(item, context) {
    return proveQuery(item, settingsFrom(context.options));
  },

  reference(item, options): ReferenceCase {
    const settings = settingsFrom(options);
    return {
      prefix: [
        { role: 'system', text: systemPrompt(settings) },
        { role: 'user', text: item.query.goal },
      ],
      tools: agentToolSet(item.environment).schemas(),
    };
  },
};

export default toolscanBenchmark;
export { answerMatches, normaliseText } from './answer-check.js';
export { apiNameSimilarity } from './api-similarity.js';
export { queryFileJsonSchema } from './query-file.js';
export { loadToolscanQueries, type ToolscanCase } from './query-loader.js';
export { oracleAgent, unhelpfulAgent } from './toolscan-agents.js';
export { playQuery } from './toolscan-protocol.js';
export { scoreEpisode } from './toolscan-score.js';
