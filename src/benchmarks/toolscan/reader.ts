import { withQuicklyParsedTrajectory } from '../../engine/trajectory-quick-parse.js';
import type { BenchmarkReader } from '../../spec/index.js';
import { quickThenSchemaParse } from '../quick-parse.js';
import { toolscanAggregator } from './aggregator.js';
import { explainToolscanRecord } from './explain.js';
import type { ToolscanCase } from './load-cases.js';
import { TOOLSCAN_RECORD_VERSION, type ToolscanRecord } from './record.js';
import { parseToolscanRecordFields } from './record-parser.generated.js';

/**
 * `parseToolscanRecord` (record-schema.ts) without zod: the record from the parsers zod's compiler made of
 * its schema and of the trajectory's, or undefined when those are not sure it fits.
 */
export function parseToolscanRecordQuickly(value: unknown): ToolscanRecord | undefined {
  return withQuicklyParsedTrajectory<ToolscanRecord>(parseToolscanRecordFields(value));
}

/** Stored records, checked by the compiled parsers when they are sure, else by the schema (zod, imported then). */
const recordParse = quickThenSchemaParse<ToolscanRecord>({
  name: 'ToolScan',
  quick: parseToolscanRecordQuickly,
  loadSchema: async () => (await import('./record-schema.js')).parseToolscanRecord,
});

/** Imports the record's zod schema (once); the whole benchmark does so as it loads. */
export const loadToolscanRecordSchema = recordParse.loadSchema;

/**
 * What reading stored ToolScan episodes needs (reports, `show`): the declarations, the aggregation and
 * the record. Its own module, so that the command line shows an episode without the environments, tools,
 * scorer and protocol that playing one needs, nor zod for a well-formed record; `benchmark.ts` spreads it
 * into the full benchmark.
 */
export const toolscanReader: BenchmarkReader<ToolscanCase, ToolscanRecord> = {
  ...toolscanAggregator,
  recordVersion: TOOLSCAN_RECORD_VERSION,
  parseRecord: recordParse.parseRecord,
  loadRecordSchema: recordParse.loadRecordSchema,
  trajectories: (record) => [record.trajectory],
  explain: explainToolscanRecord,
};
