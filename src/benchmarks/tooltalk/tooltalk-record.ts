/**
 * The stored record of a ToolTalk episode: per assistant turn, the predicted calls with their `match`
 * and `incorrect action` flags beside the turn's ground truth with its `match` flags (what the episode
 * view shows side by side), the reply, whether the call cap was hit, and the turn's trajectory.
 */
import { z } from 'zod';
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

const apiCall = z.object({
  request: z.object({ api_name: z.string(), parameters: z.record(z.string(), z.unknown()).nullable() }),
  response: z.unknown(),
  exception: z.string().nullable(),
});

const termination = z.union([
  z.object({ type: z.literal('user-ended') }),
  z.object({ type: z.literal('max-messages'), limit: z.number() }),
  z.object({ type: z.literal('agent-failure'), message: z.string() }),
  z.object({ type: z.literal('infrastructure-failure'), message: z.string(), role: z.string().optional() }),
]);

const trajectory = z
  .object({
    formatVersion: z.literal(1),
    episodeId: z.string(),
    messages: z.array(z.unknown()),
    traces: z.array(z.unknown()),
  })
  .passthrough();

const recordSchema = z.object({
  formatVersion: z.literal(TOOLTALK_RECORD_VERSION),
  caseId: z.string(),
  mode: z.enum(['default', 'reference-compatible']),
  toolSet: z.string(),
  documentation: z.boolean(),
  maxCallsPerTurn: z.number(),
  embedder: z.string().nullable(),
  turns: z.array(
    z.object({
      turnIndex: z.number().int(),
      predictions: z.array(apiCall.extend({ match: z.boolean(), incorrectAction: z.boolean() })),
      groundTruth: z.array(apiCall.extend({ match: z.boolean() })),
      reply: z.string().nullable(),
      callCapHit: z.boolean(),
      termination,
      trajectory: trajectory.optional(),
    }),
  ),
  metrics: z.record(z.string(), z.union([z.number(), z.boolean()])).nullable(),
  errorTypes: z.object({ overTrigger: z.number(), badPlanning: z.number(), badCall: z.number() }).nullable(),
});

/** Checks a stored record; the error names the first bad field. */
export function parseToolTalkRecord(value: unknown): ToolTalkRecord {
  const parsed = recordSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.map(String).join('.') || '(record)';
    throw new Error(`ToolTalk record: ${field}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data as unknown as ToolTalkRecord;
}
