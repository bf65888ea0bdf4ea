import type { BenchmarkReader } from '../../spec/index.js';
import { sandboxAggregator } from './aggregator.js';
import type { SandboxCase } from './cases.js';
import { parseSandboxRecord, type SandboxEpisodeRecord } from './record.js';
import { explainSandboxRecord } from './score.js';

/**
 * What reading stored sandbox episodes needs (reports, `show`): the declarations, the aggregation and
 * the record. Its own module, so that the command line can report a run without importing the domains,
 * tools and protocol that playing one needs; `benchmark.ts` spreads it into the full benchmark.
 */
export const sandboxReader: BenchmarkReader<SandboxCase, SandboxEpisodeRecord> = {
  ...sandboxAggregator,
  recordVersion: 1,
  parseRecord: parseSandboxRecord,
  trajectories: (record) => [record.trajectory],
  explain: explainSandboxRecord,
};
