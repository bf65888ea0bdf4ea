import type { BenchmarkReader } from '../../spec/index.js';
import { tevalAggregator } from './aggregator.js';
import type { TevalCase } from './teval-case.js';
import { explainTevalRecord } from './teval-explain.js';
import { parseTevalRecord, TEVAL_RECORD_VERSION, type TevalRecord } from './teval-record.js';

/**
 * What reading stored T-Eval episodes needs (reports, `show`): the declarations, the aggregation and
 * the record. Its own module, so that the command line shows an episode without importing the
 * evaluators, the Python-literal parser, the data set loader and the embedders that playing one needs;
 * `index.ts` spreads it into the full benchmark.
 */
export const tevalReader: BenchmarkReader<TevalCase, TevalRecord> = {
  ...tevalAggregator,
  recordVersion: TEVAL_RECORD_VERSION,
  parseRecord: parseTevalRecord,
  // T-Eval items are single prompts answered once: an episode has no tool-call trajectory.
  trajectories: () => [],
  explain: (record) => explainTevalRecord(record),
};
