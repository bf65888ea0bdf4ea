/** The zod schema of the ToolTalk episode record (`tooltalk-record.ts`): it checks a record and names the wrong field. */
import { z } from 'zod';
import { TOOLTALK_RECORD_VERSION, type ToolTalkRecord } from './tooltalk-record.js';

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

export const tooltalkRecordSchema = z.object({
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
  reference: z
    .object({
      file: z.string(),
      metrics: z.record(z.string(), z.union([z.number(), z.boolean()])).nullable(),
      differences: z.array(z.string()).nullable(),
    })
    .optional(),
});

/** Checks a stored record; the error names the first bad field. */
export function parseToolTalkRecord(value: unknown): ToolTalkRecord {
  const parsed = tooltalkRecordSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.map(String).join('.') || '(record)';
    throw new Error(`ToolTalk record: ${field}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data as unknown as ToolTalkRecord;
}
