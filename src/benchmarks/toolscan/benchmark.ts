/**
 * ToolScan (arXiv 2411.13547) on toolgauge: single-goal queries over five offline environments, a
 * feedback mechanism that rejects malformed calls before they run, seven error patterns scored against
 * several gold trajectories, success by the expected answer, and the paper's ablations as run options.
 */
import { TOOLSCAN_ENVIRONMENTS } from '../../domains/toolscan/index.js';
import type { Benchmark } from '../../spec/index.js';
import { queryFileJsonSchema } from './cases.js';
import { loadToolscanQueries, type ToolscanCase } from './load-cases.js';
import { querySetFrom, settingsFrom } from './options.js';
import { oracleAgent, sprayAgent, toolscanReference, unhelpfulAgent } from './oracle.js';
import { finishTool, playToolscanEpisode, rescoreToolscanEpisode } from './play.js';
import { proveQuery } from './prove.js';
import { loadToolscanRecordSchema, toolscanReader } from './reader.js';
import type { ToolscanRecord } from './record.js';

// The full benchmark checks every record with the schema when the compiled parsers are not sure.
await loadToolscanRecordSchema();

export const toolscanBenchmark: Benchmark<ToolscanCase, ToolscanRecord> = {
  // The declarations, aggregation and record: what reading stored episodes needs (reader.ts).
  ...toolscanReader,
  agents: [
    {
      name: 'oracle',
      description: 'Plays the first gold trajectory, then finishes with the expected answer.',
      create: (item) => oracleAgent(item.query),
    },
    { name: 'unhelpful', description: 'Answers at once without calling any API.', create: () => unhelpfulAgent },
    {
      name: 'spray',
      description: 'Calls every API of the environment once with dummy arguments, then answers "unknown" (a floor).',
      create: (item) => sprayAgent(item.environment),
    },
  ],

  // The first gold trajectory's calls, one request each, and the final answer.
  expectedLength: (item) => (item.query.trajectories[0]?.length ?? 0) + 1,

  async loadCases(request) {
    return loadToolscanQueries(request.source, querySetFrom(request.options));
  },

  play: playToolscanEpisode,
  rescore: rescoreToolscanEpisode,

  tools: () => [...TOOLSCAN_ENVIRONMENTS.flatMap((environment) => environment.tools), finishTool],
  caseFileSchema: queryFileJsonSchema,

  async prove(item, context) {
    return proveQuery(item, settingsFrom(context.options));
  },

  reference: toolscanReference,
};
