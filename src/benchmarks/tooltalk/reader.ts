import type { BenchmarkReader, Trajectory } from '../../spec/index.js';
import { quickThenSchemaParse, sureOrUndefined } from '../quick-parse.js';
import { tooltalkAggregator } from './aggregator.js';
import { explainToolTalkEpisode } from './explain-episode.js';
import { parseToolTalkRecordFields } from './record-parser.generated.js';
import type { ToolTalkCase } from './tooltalk-case.js';
import { TOOLTALK_RECORD_VERSION, type ToolTalkRecord } from './tooltalk-record.js';

/** The record from the parser zod's compiler made of its schema, or undefined when that is not sure. */
export function parseToolTalkRecordQuickly(value: unknown): ToolTalkRecord | undefined {
  return sureOrUndefined<ToolTalkRecord>(parseToolTalkRecordFields(value));
}

/** Stored records, checked by the compiled parser when it is sure, else by the schema (zod, imported then). */
const recordParse = quickThenSchemaParse<ToolTalkRecord>({
  name: 'ToolTalk',
  quick: parseToolTalkRecordQuickly,
  loadSchema: async () => (await import('./record-schema.js')).parseToolTalkRecord,
});

/** Imports the record's zod schema (once); the whole benchmark does so as it loads. */
export const loadToolTalkRecordSchema = recordParse.loadSchema;

/**
 * What reading stored ToolTalk episodes needs (reports, `show`): the declarations, the aggregation and
 * the record. Its own module, so that the command line shows an episode without importing the tool
 * catalogue, domains, replay protocol and scoring that playing one needs, nor zod for a well-formed
 * record; `index.ts` spreads it into the full benchmark.
 */
export const tooltalkReader: BenchmarkReader<ToolTalkCase, ToolTalkRecord> = {
  ...tooltalkAggregator,
  recordVersion: TOOLTALK_RECORD_VERSION,
  parseRecord: recordParse.parseRecord,
  loadRecordSchema: recordParse.loadRecordSchema,
  trajectories(record): readonly Trajectory[] {
    return record.turns.flatMap((turn) => (turn.trajectory ? [turn.trajectory] : []));
  },
  explain: explainToolTalkEpisode,
};
