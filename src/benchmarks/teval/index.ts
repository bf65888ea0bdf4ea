import type { Benchmark } from '../../spec/index.js';
import { loadTevalRecordSchema, tevalReader } from './reader.js';
import type { TevalCase } from './teval-case.js';
import { loadTevalCases } from './teval-cases.js';
import { oracleReply } from './teval-oracle.js';
import { playTevalEpisode, proveTevalCase, rescoreTevalEpisode, tevalReference } from './teval-play.js';
import type { TevalRecord } from './teval-record.js';
import { tevalReferencePlayer } from './teval-reference.js';

// The full benchmark checks every record with the schema when the compiled parser is not sure.
await loadTevalRecordSchema();

/**
 * T-Eval (Chen et al., 2023): tool use decomposed into six abilities (INSTRUCT, PLAN, REASON, RETRIEVE,
 * UNDERSTAND, REVIEW), each scored on single-step prompts in JSON and in string format.
 */
export const tevalBenchmark: Benchmark<TevalCase, TevalRecord> = {
  ...tevalReader,
  agents: [
    {
      name: 'oracle',
      description: "answers every item with its ground truth, in the item's format",
      create: (item) => ({ name: 'teval-oracle', respond: async () => ({ type: 'text', text: oracleReply(item) }) }),
    },
    {
      name: 'recorded',
      description:
        "replays the reply recorded in a T-Eval results file (its samples' `prediction`), to re-score a harness's output",
      create: (item) => ({
        name: 'teval-recorded',
        respond: async () => {
          if (item.recorded === undefined) throw new Error(`${item.id} has no recorded prediction in its data file`);
          return { type: 'text', text: item.recorded };
        },
      }),
    },
  ],
  needsEmbedder: () => true,
  loadCases: loadTevalCases,
  play: playTevalEpisode,
  rescore: rescoreTevalEpisode,
  prove: proveTevalCase,
  reference: tevalReference,
  referencePlayer: tevalReferencePlayer,
};

export * from './teval-case.js';
export { oracleReply, wrongReply } from './teval-oracle.js';
export { protocolOf } from './teval-protocol.js';
