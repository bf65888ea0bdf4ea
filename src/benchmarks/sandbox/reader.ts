import type { BenchmarkReader } from '../../spec/index.js';
import { quickThenSchemaParse } from '../quick-parse.js';
import { sandboxAggregator } from './aggregator.js';
import type { SandboxCase } from './cases.js';
import type { SandboxEpisodeRecord } from './record.js';
import { parseSandboxRecordQuickly } from './record-quick-parse.js';
import { explainSandboxRecord } from './score.js';

/**
 * Stored records, checked by the parsers zod's compiler made of the record's schema when they are sure
 * (no zod loaded), else by the schema itself (record.ts, with zod: ~80 ms of start-up, imported then),
 * which names the field that is wrong.
 */
const recordParse = quickThenSchemaParse<SandboxEpisodeRecord>({
  name: 'sandbox',
  quick: parseSandboxRecordQuickly,
  loadSchema: async () => (await import('./record.js')).parseSandboxRecord,
});

/** Imports the record's zod schema (once); the whole benchmark does so as it loads. */
export const loadSandboxRecordSchema = recordParse.loadSchema;

/**
 * What reading stored sandbox episodes needs (reports, `show`): the declarations, the aggregation and
 * the record. Its own module, so that the command line can report a run without importing the domains,
 * tools and protocol that playing one needs; `benchmark.ts` spreads it into the full benchmark.
 */
export const sandboxReader: BenchmarkReader<SandboxCase, SandboxEpisodeRecord> = {
  ...sandboxAggregator,
  recordVersion: 1,
  parseRecord: recordParse.parseRecord,
  loadRecordSchema: recordParse.loadRecordSchema,
  trajectories: (record) => [record.trajectory],
  explain: explainSandboxRecord,
};
