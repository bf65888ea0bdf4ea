/**
 * The stored record of a ToolTalk episode: per assistant turn, the predicted calls with their `match`
 * and `incorrect action` flags beside the turn's ground truth with its `match` flags (what the episode
 * view shows side by side), the reply, whether the call cap was hit, and the turn's trajectory. Its zod
 * schema is `record-schema.ts`, so that `show` reads a well-formed record without zod.
 */
import type { TerminationReason, Trajectory } from '../../spec/index.js';
import type { ApiCallRecord } from './call-executor.js';
import type { ConversationMetrics, ErrorTypeCounts } from './conversation-evaluation.js';

export const TOOLTALK_RECORD_VERSION = 1;

export interface FlaggedPrediction extends ApiCallRecord {
  readonly match: boolean;
  readonly incorrectAction: boolean;
}

export interface FlaggedGroundTruth extends ApiCallRecord {
  readonly match: boolean;
}

export interface ToolTalkTurnRecord {
  readonly turnIndex: number;
  readonly predictions: readonly FlaggedPrediction[];
  readonly groundTruth: readonly FlaggedGroundTruth[];
  readonly reply: string | null;
  readonly callCapHit: boolean;
  readonly termination: TerminationReason;
  /** Absent for turns that were not played (an episode that failed part-way). */
  readonly trajectory?: Trajectory;
}

/**
 * For an episode of the `recorded` agent: the reference output file it replayed, the reference's own
 * metrics written there, and where toolgauge's differ from them.
 */
export interface ReferenceMetricsRecord {
  readonly file: string;
  /** The file's `metrics` as written; null when it has none (written with `--modes predict`). */
  readonly metrics: Readonly<Record<string, number | boolean>> | null;
  /** The metrics on which toolgauge's differ (`precision: toolgauge 0.5, reference 1`); null without metrics. */
  readonly differences: readonly string[] | null;
}

export interface ToolTalkRecord {
  readonly formatVersion: typeof TOOLTALK_RECORD_VERSION;
  readonly caseId: string;
  readonly mode: 'default' | 'reference-compatible';
  readonly toolSet: string;
  readonly documentation: boolean;
  readonly maxCallsPerTurn: number;
  /** The embedder the free-text comparisons used (null when none was needed). */
  readonly embedder: string | null;
  readonly turns: readonly ToolTalkTurnRecord[];
  readonly metrics: ConversationMetrics | null;
  readonly errorTypes: ErrorTypeCounts | null;
  /** Present when the episode replayed a reference output file (`--agent recorded`). */
  readonly reference?: ReferenceMetricsRecord;
}
