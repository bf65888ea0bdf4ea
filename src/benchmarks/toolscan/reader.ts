import type { BenchmarkReader } from '../../spec/index.js';
import { toolscanAggregator } from './aggregator.js';
import { explainToolscanRecord } from './explain.js';
import type { ToolscanCase } from './load-cases.js';
import { parseToolscanRecord, TOOLSCAN_RECORD_VERSION, type ToolscanRecord } from './record.js';

/**
 * What reading stored ToolScan episodes needs (reports, `show`): the declarations, the aggregation and
 * the record (its zod schema). Its own module, so that the command line shows an episode without the
 * environments, tools, scorer and protocol that playing one needs; `benchmark.ts` spreads it into the
 * full benchmark.
 */
export const toolscanReader: BenchmarkReader<ToolscanCase, ToolscanRecord> = {
  ...toolscanAggregator,
  recordVersion: TOOLSCAN_RECORD_VERSION,
  parseRecord: parseToolscanRecord,
  trajectories: (record) => [record.trajectory],
  explain: explainToolscanRecord,
};
