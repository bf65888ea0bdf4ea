import type { BenchmarkReader } from '../../spec/index.js';
import { aggregateSandbox } from './aggregate.js';
import type { SandboxCase } from './cases.js';
import { SANDBOX_OPTIONS } from './options.js';
import { parseSandboxRecord, type SandboxEpisodeRecord } from './record.js';
import { explainSandboxRecord, SANDBOX_METRICS } from './score.js';

/**
 * What reading stored sandbox episodes needs (reports, `show`): the declarations, the aggregation and
 * the record. Its own module, so that the command line can report a run without importing the domains,
 * tools and protocol that playing one needs; `benchmark.ts` spreads it into the full benchmark.
 */
export const sandboxReader: BenchmarkReader<SandboxCase, SandboxEpisodeRecord> = {
  id: 'sandbox',
  title: 'ToolSandbox',
  description: 'ToolSandbox: stateful, conversational tool use scored by milestones and minefields',
  recordVersion: 1,
  metrics: SANDBOX_METRICS,
  headline: 'score',
  labels: [
    { id: 'categories', title: 'Category' },
    { id: 'augmentation', title: 'Tool augmentation' },
  ],
  options: SANDBOX_OPTIONS,
  aggregate: aggregateSandbox,
  parseRecord: parseSandboxRecord,
  trajectories: (record) => [record.trajectory],
  explain: explainSandboxRecord,
};
