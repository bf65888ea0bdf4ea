import type { BenchmarkReader, Trajectory } from '../../spec/index.js';
import { tooltalkAggregator } from './aggregator.js';
import { explainToolTalkEpisode } from './explain-episode.js';
import type { ToolTalkCase } from './tooltalk-case.js';
import { parseToolTalkRecord, TOOLTALK_RECORD_VERSION, type ToolTalkRecord } from './tooltalk-record.js';

/**
 * What reading stored ToolTalk episodes needs (reports, `show`): the declarations, the aggregation and
 * the record (its zod schema). Its own module, so that the command line shows an episode without
 * importing the tool catalogue, domains, replay protocol and scoring that playing one needs; `index.ts`
 * spreads it into the full benchmark.
 */
export const tooltalkReader: BenchmarkReader<ToolTalkCase, ToolTalkRecord> = {
  ...tooltalkAggregator,
  recordVersion: TOOLTALK_RECORD_VERSION,
  parseRecord: parseToolTalkRecord,
  trajectories(record): readonly Trajectory[] {
    return record.turns.flatMap((turn) => (turn.trajectory ? [turn.trajectory] : []));
  },
  explain: explainToolTalkEpisode,
};
