/** The zod schema of the ToolScan episode record (`record.ts`): it checks a record and names the wrong field. */
import { z } from 'zod';
import { parseTrajectory } from '../../engine/trajectory-schema.js';
import { OUTPUT_FORMATS } from './options.js';
import { TOOLSCAN_RECORD_VERSION, type ToolscanRecord } from './record.js';

const patternScores = z.object({
  IAC: z.number(),
  RAC: z.number().nullable(),
  IAV: z.number().nullable(),
  IFE: z.number().nullable(),
  IAT: z.number().nullable(),
  IAN: z.number().nullable(),
  IFN: z.number().nullable(),
});

export const toolscanRecordSchema = z.object({
  formatVersion: z.literal(TOOLSCAN_RECORD_VERSION),
  queryId: z.string(),
  environment: z.string(),
  settings: z.object({
    feedback: z.boolean(),
    output: z.enum(OUTPUT_FORMATS),
    steps: z.number().int().positive(),
    reference: z.boolean().optional(),
  }),
  budgetExhausted: z.boolean(),
  callsNotRun: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        arguments: z.union([z.record(z.string(), z.unknown()), z.string()]),
      }),
    )
    .optional(),
  trajectory: z
    .object({ formatVersion: z.literal(1), messages: z.array(z.unknown()), traces: z.array(z.unknown()) })
    .passthrough(),
  score: z
    .object({
      success: z.boolean(),
      finished: z.boolean(),
      calls: z.number().int().nonnegative(),
      callPrecision: z.number().nullable().optional(),
      scores: patternScores,
      gold: z.object({ chosen: z.number().int().nonnegative(), fits: z.array(z.unknown()) }).passthrough(),
      marks: z.array(z.object({ callId: z.string(), api: z.string(), patterns: z.array(z.string()) }).passthrough()),
    })
    .passthrough(),
});

/** Validates a stored record; the error names the first bad field. */
export function parseToolscanRecord(value: unknown): ToolscanRecord {
  const parsed = toolscanRecordSchema.safeParse(value);
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
