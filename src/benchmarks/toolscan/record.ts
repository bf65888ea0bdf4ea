/** The stored record of a ToolScan episode (version 1), validated when read back. */
import { z } from 'zod';
import { parseTrajectory } from '../../engine/trajectory-schema.js';
import type { Trajectory } from '../../spec/index.js';
import { OUTPUT_FORMATS, type ToolscanSettings } from './options.js';
import type { ToolscanScore } from './score.js';

export const TOOLSCAN_RECORD_VERSION = 1;

export interface ToolscanRecord {
  readonly formatVersion: typeof TOOLSCAN_RECORD_VERSION;
  readonly queryId: string;
  readonly environment: string;
  readonly settings: ToolscanSettings;
  /** The agent used up its step budget without answering. */
  readonly budgetExhausted: boolean;
  readonly trajectory: Trajectory;
  readonly score: ToolscanScore;
}

const patternScores = z.object({
  IAC: z.number(),
  RAC: z.number().nullable(),
  IAV: z.number().nullable(),
  IFE: z.number().nullable(),
  IAT: z.number().nullable(),
  IAN: z.number().nullable(),
  IFN: z.number().nullable(),
});

const recordSchema = z.object({
  formatVersion: z.literal(TOOLSCAN_RECORD_VERSION),
  queryId: z.string(),
  environment: z.string(),
  settings: z.object({ feedback: z.boolean(), output: z.enum(OUTPUT_FORMATS), steps: z.number().int().positive() }),
  budgetExhausted: z.boolean(),
  trajectory: z
    .object({ formatVersion: z.literal(1), messages: z.array(z.unknown()), traces: z.array(z.unknown()) })
    .passthrough(),
  score: z
    .object({
      success: z.boolean(),
      finished: z.boolean(),
      calls: z.number().int().nonnegative(),
      scores: patternScores,
      gold: z.object({ chosen: z.number().int().nonnegative(), fits: z.array(z.unknown()) }).passthrough(),
      marks: z.array(z.object({ callId: z.string(), api: z.string(), patterns: z.array(z.string()) }).passthrough()),
    })
    .passthrough(),
});

/** Validates a stored record; the error names the first bad field. */
export function parseToolscanRecord(value: unknown): ToolscanRecord {
  const parsed = recordSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.map(String).join('.') || '(root)';
    throw new Error(`toolscan record: ${field}: ${issue?.message ?? 'invalid'}`);
  }
  return {
    ...(parsed.data as unknown as ToolscanRecord),
    trajectory: parseTrajectory(parsed.data.trajectory, 'record.trajectory'),
  };
}
