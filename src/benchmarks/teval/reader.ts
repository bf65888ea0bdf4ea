import type { BenchmarkReader } from '../../spec/index.js';
import { quickThenSchemaParse, sureOrUndefined } from '../quick-parse.js';
import { tevalAggregator } from './aggregator.js';
import { parseTevalRecordFields } from './record-parser.generated.js';
import type { TevalCase } from './teval-case.js';
import { explainTevalRecord } from './teval-explain.js';
import { TEVAL_RECORD_VERSION, type TevalRecord } from './teval-record.js';

/** The record from the parser zod's compiler made of its schema, or undefined when that is not sure. */
function parseTevalRecordQuickly(value: unknown): TevalRecord | undefined {
  return sureOrUndefined<TevalRecord>(parseTevalRecordFields(value));
}

/** Stored records, checked by the compiled parser when it is sure, else by the schema (zod, imported then). */
const recordParse = quickThenSchemaParse<TevalRecord>({
  name: 'T-Eval',
  quick: parseTevalRecordQuickly,
  loadSchema: async () => (await import('./record-schema.js')).parseTevalRecord,
});

/** Imports the record's zod schema (once); the whole benchmark does so as it loads. */
export const loadTevalRecordSchema = recordParse.loadSchema;

/**
 * What reading stored T-Eval episodes needs (reports, `show`): the declarations, the aggregation and
 * the record. Its own module, so that the command line shows an episode without importing the
 * evaluators, the Python-literal parser, the data set loader and the embedders that playing one needs,
 * nor zod for a well-formed record; `index.ts` spreads it into the full benchmark.
 */
export const tevalReader: BenchmarkReader<TevalCase, TevalRecord> = {
  ...tevalAggregator,
  recordVersion: TEVAL_RECORD_VERSION,
  parseRecord: recordParse.parseRecord,
  loadRecordSchema: recordParse.loadRecordSchema,
  // T-Eval items are single prompts answered once: an episode has no tool-call trajectory.
  trajectories: () => [],
  explain: (record) => explainTevalRecord(record),
};
