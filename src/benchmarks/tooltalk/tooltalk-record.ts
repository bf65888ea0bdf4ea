/**
 * The stored record of a ToolTalk episode: per assistant turn, the predicted calls with their `match`
 * and `incorrect action` flags beside the turn's ground truth with its `match` flags (what the episode
 * view shows side by side), the reply, whether the call cap was hit, and the turn's trajectory. Its zod
 * schema is `tooltalk-record-schema.ts`, so that `show` reads a well-formed record without zod.
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
}
