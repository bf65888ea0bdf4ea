/**
 * ToolTalk (Farn & Shin, 2023) on toolgauge: replayed conversations over 28 tools in 7 plugins, scored
 * by tool-call precision, recall, incorrect-action rate and conversation success. Cases are the built-in
 * conversations under `data/tooltalk/` (written for this project) or the original data (`--data` pointing
 * at a ToolTalk checkout's `data/`, or `toolgauge data pull tooltalk`).
 */
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { TOOLTALK_TOOLS } from '../../domains/tooltalk/index.js';
import { conversationFor } from '../../models/index.js';
import type { Benchmark, EpisodeInput, EpisodeResult, RecordPartPath, RescoreInput } from '../../spec/index.js';
import { isInfrastructureError } from '../../spec/index.js';
import { conversationFileSchema } from './conversation-file.js';
import { loadToolTalkFolder } from './load-conversations.js';
import { oracleAgent } from './oracle-agent.js';
import { proveConversation } from './prove-conversation.js';
import { loadToolTalkRecordSchema, tooltalkReader } from './reader.js';
import { recordedAgent, recordedReferenceOf, referenceComparison } from './recorded-predictions.js';
import { callsChangedByMode, storedTurns } from './rescore-turns.js';
import { scoreReplay } from './score-replay.js';
import { offeredTools } from './tool-offer.js';
import type { ToolTalkCase } from './tooltalk-case.js';
import { metricValues } from './tooltalk-metrics.js';
import { toolTalkSettings } from './tooltalk-options.js';
import { type ReferenceMetricsRecord, TOOLTALK_RECORD_VERSION, type ToolTalkRecord } from './tooltalk-record.js';
import { type ReplayedTurn, replayConversation, systemPrompt } from './turn-replay.js';

export type { ToolTalkCase } from './tooltalk-case.js';
export type { ToolTalkRecord } from './tooltalk-record.js';

// The full benchmark checks every record with the schema when the compiled parser is not sure.
await loadToolTalkRecordSchema();

/** The built-in conversations, in the original layout. */
export const BUILTIN_TOOLTALK_FOLDER = fileURLToPath(new URL('../../../data/tooltalk/', import.meta.url));

async function play(input: EpisodeInput<ToolTalkCase>): Promise<EpisodeResult<ToolTalkRecord>> {
  const settings = toolTalkSettings(input.options);
  const { conversation, databases } = input.case;
  const replay = await replayConversation(input.case.id, conversation, databases, input.agent, {
    mode: settings.mode,
    tools: offeredTools(conversation, settings.toolSet, settings.documentation),
    maxCallsPerTurn: settings.maxCallsPerTurn,
    signal: input.signal,
  });
  const base = recordSettings(input.case, settings);
  const unscored = (error: string): EpisodeResult<ToolTalkRecord> => ({
    status: 'failed',
    error,
    metrics: {},
    labels: input.case.labels,
    sharedParts: turnWorlds(replay.turns.length),
    record: {
      ...base,
      embedder: null,
      turns: replay.turns.map((turn) => ({
        turnIndex: turn.turnIndex,
        predictions: turn.predictions.map((call) => ({ ...call, match: false, incorrectAction: false })),
        groundTruth: [],
        reply: turn.reply,
        callCapHit: turn.callCapHit,
        termination: turn.termination,
        trajectory: turn.trajectory,
      })),
      metrics: null,
      errorTypes: null,
    },
  });
  if (replay.infrastructureFailure) return unscored(replay.infrastructureFailure);

  return scoredConversation(input, settings, replay.turns, unscored, recordedReferenceOf(input.agent));
}

/**
 * Scores replayed turns (played now, or read back from a stored record by `rescore`) into the episode's
 * metrics and record; turns replayed from a reference output file are compared with the metrics the
 * reference wrote there.
 */
async function scoredConversation(
  input: Pick<EpisodeInput<ToolTalkCase>, 'case' | 'services'>,
  settings: ReturnType<typeof toolTalkSettings>,
  turns: readonly ReplayedTurn[],
  unscored: (error: string) => EpisodeResult<ToolTalkRecord>,
  reference?: Pick<ReferenceMetricsRecord, 'file' | 'metrics'>,
): Promise<EpisodeResult<ToolTalkRecord>> {
  const { conversation } = input.case;
  let scored: Awaited<ReturnType<typeof scoreReplay>>;
  try {
    scored = await scoreReplay(conversation, turns, settings.mode, () => input.services.embedder());
  } catch (error) {
    if (isInfrastructureError(error)) return unscored(error.message);
    throw error;
  }
  const cappedTurns = turns.filter((turn) => turn.callCapHit).length;
  const compared = reference ? referenceComparison(reference, scored.evaluation.metrics) : undefined;
  const record: ToolTalkRecord = {
    ...recordSettings(input.case, settings),
    embedder: scored.embedderId,
    turns: scored.turns.map((turnCalls, position) => {
      const played = turns.find((turn) => turn.turnIndex === turnCalls.turnIndex);
      const flags = scored.evaluation.turns[position];
      return {
        turnIndex: turnCalls.turnIndex,
        predictions: turnCalls.predictions.map((call, index) => ({
          ...call,
          match: flags?.predictions[index]?.match ?? false,
          incorrectAction: flags?.predictions[index]?.badAction ?? false,
        })),
        groundTruth: turnCalls.groundTruth.map((call, index) => ({
          ...call,
          match: flags?.groundTruth[index] ?? false,
        })),
        reply: played?.reply ?? null,
        callCapHit: played?.callCapHit ?? false,
        termination: played?.termination ?? { type: 'user-ended' },
        ...(played ? { trajectory: played.trajectory } : {}),
      };
    }),
    metrics: scored.evaluation.metrics,
    errorTypes: scored.errorTypes,
    ...(compared ? { reference: compared } : {}),
  };
  return {
    status: 'scored',
    metrics: metricValues(scored, cappedTurns, compared),
    labels: input.case.labels,
    record,
    sharedParts: turnWorlds(record.turns.length),
  };
}

/** The settings a record states. */
function recordSettings(item: ToolTalkCase, settings: ReturnType<typeof toolTalkSettings>) {
  return {
    formatVersion: TOOLTALK_RECORD_VERSION,
    caseId: item.id,
    mode: settings.mode,
    toolSet: settings.toolSet,
    documentation: settings.documentation,
    maxCallsPerTurn: settings.maxCallsPerTurn,
  } as const;
}

/**
 * The benchmark's `rescore`: the stored turns scored again under the options' mode. The mode also
 * decides how calls run (Python's argument handling in `reference-compatible`), so each turn's calls are
 * run again under it first: if any would have answered the agent differently, the stored trajectory is
 * not the one a run in that mode would have played, and the episode is left failed for `run --resume`
 * to play.
 */
async function rescore(input: RescoreInput<ToolTalkCase, ToolTalkRecord>): Promise<EpisodeResult<ToolTalkRecord>> {
  const settings = toolTalkSettings(input.options);
  const turns = storedTurns(input.record);
  const unscored = (error: string): EpisodeResult<ToolTalkRecord> => ({
    status: 'failed',
    error,
    metrics: {},
    labels: input.case.labels,
    record: { ...input.record, ...recordSettings(input.case, settings) },
    sharedParts: turnWorlds(input.record.turns.length),
  });
  if (settings.mode !== input.record.mode) {
    const changed = await callsChangedByMode(input.case, turns, settings.mode);
    if (changed) return unscored(`not rescored: under --tooltalk-mode ${settings.mode} ${changed}; play it again`);
  }
  const { reference } = input.record;
  return scoredConversation(
    input,
    settings,
    turns,
    unscored,
    reference ? { file: reference.file, metrics: reference.metrics } : undefined,
  );
}

/**
 * The world each turn's replay starts in (the databases after the conversation's earlier calls): the
 * same for every trial and agent, so the store keeps each once (a turn without a trajectory is skipped).
 */
function turnWorlds(turns: number): RecordPartPath[] {
  return Array.from({ length: turns }, (_, turn) => ['turns', turn, 'trajectory', 'initialWorld']);
}

export const tooltalkBenchmark: Benchmark<ToolTalkCase, ToolTalkRecord> = {
  // Declarations, aggregation and record: also served alone to readers of stored runs (reader.ts).
  ...tooltalkReader,
  agents: [
    {
      name: 'oracle',
      description: 'Plays the ground-truth calls and texts of every turn.',
      create: (benchmarkCase) => oracleAgent(benchmarkCase.conversation),
    },
    {
      name: 'recorded',
      description:
        "replays the predictions in a folder the reference's evaluate_openai.py wrote (--tooltalk-recorded), to score them and compare with the reference's own metrics",
      create: recordedAgent,
    },
  ],
  needsEmbedder: () => true,

  // Every assistant turn is replayed: one request for it, and one more per call it made.
  expectedLength: (item) =>
    item.conversation.conversation
      .filter((turn) => turn.role === 'assistant')
      .reduce((total, turn) => total + 1 + (turn.apis?.length ?? 0), 0),
  async loadCases(request) {
    toolTalkSettings(request.options);
    return request.source
      ? loadToolTalkFolder(request.source)
      : loadToolTalkFolder(BUILTIN_TOOLTALK_FOLDER, 'built-in');
  },
  play,
  rescore,
  tools: () => TOOLTALK_TOOLS.map((entry) => entry.tool),
  caseFileSchema: () => z.toJSONSchema(conversationFileSchema, { target: 'draft-2020-12', io: 'input' }),
  prove(benchmarkCase, context) {
    return proveConversation(benchmarkCase, toolTalkSettings(context.options), context.services);
  },
  reference(benchmarkCase, options) {
    const settings = toolTalkSettings(options);
    const { conversation } = benchmarkCase;
    const firstAssistant = conversation.conversation.findIndex((turn) => turn.role === 'assistant');
    const prefixTurns = conversation.conversation.slice(0, Math.max(0, firstAssistant));
    return {
      prefix: conversationFor('agent', [
        {
          index: 0,
          type: 'text',
          sender: 'system',
          recipient: 'agent',
          visibleTo: ['system', 'agent'],
          text: systemPrompt(conversation),
        },
        ...prefixTurns.map((turn, position) => ({
          index: position + 1,
          type: 'text' as const,
          sender: 'user' as const,
          recipient: 'agent' as const,
          visibleTo: ['user', 'agent'] as const,
          text: turn.text,
        })),
      ]),
      tools: offeredTools(conversation, settings.toolSet, settings.documentation),
    };
  },
};
