import type { BenchmarkReader } from '../../spec/index.js';
import { sandboxAggregator } from './aggregator.js';
import type { SandboxCase } from './cases.js';
import type { SandboxEpisodeRecord } from './record.js';
import { parseSandboxRecordQuickly } from './record-quick-parse.js';
import { explainSandboxRecord } from './score.js';

/** The record schema's parse (record.ts, with zod: ~80 ms of start-up), once {@link loadSandboxRecordSchema} ran. */
let parseWithSchema: ((value: unknown) => SandboxEpisodeRecord) | undefined;

/** Imports the record's zod schema (once); the whole benchmark does so as it loads. */
export async function loadSandboxRecordSchema(): Promise<void> {
  parseWithSchema ??= (await import('./record.js')).parseSandboxRecord;
}

/**
 * A stored record, checked: by the parser zod's compiler made of the record's schema when it is sure
 * (no zod loaded), else by the schema itself, which names the field that is wrong.
 */
function parseSandboxRecordLazily(value: unknown): SandboxEpisodeRecord {
  const quick = parseSandboxRecordQuickly(value);
  if (quick) return quick;
  if (!parseWithSchema) {
    throw new Error('the sandbox record schema is not loaded: await loadRecordSchema(record) before parseRecord');
  }
  return parseWithSchema(value);
}

/**
 * What reading stored sandbox episodes needs (reports, `show`): the declarations, the aggregation and
 * the record. Its own module, so that the command line can report a run without importing the domains,
 * tools and protocol that playing one needs; `benchmark.ts` spreads it into the full benchmark.
 */
export const sandboxReader: BenchmarkReader<SandboxCase, SandboxEpisodeRecord> = {
  ...sandboxAggregator,
  recordVersion: 1,
  parseRecord: parseSandboxRecordLazily,
  loadRecordSchema: async (value) => {
    if (parseSandboxRecordQuickly(value) === undefined) await loadSandboxRecordSchema();
  },
  trajectories: (record) => [record.trajectory],
  explain: explainSandboxRecord,
};
