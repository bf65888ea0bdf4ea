/** The zod schema of the T-Eval episode record (`teval-record.ts`): it checks a record and names the wrong field. */
import { z } from 'zod';
import { TEVAL_RECORD_VERSION, type TevalRecord } from './teval-record.js';

export const tevalRecordSchema = z.object({
  formatVersion: z.literal(TEVAL_RECORD_VERSION),
  caseId: z.string(),
  subset: z.string(),
  format: z.string(),
  protocol: z.string(),
  quirks: z.string(),
  embedder: z.string(),
  prompt: z.array(z.object({ role: z.enum(['system', 'user', 'assistant', 'function']), content: z.string() })),
  reply: z.string(),
  cleaned: z.string(),
  parse: z.unknown(),
  scores: z.record(z.string(), z.number().nullable()),
  error: z.string().optional(),
});

export function parseTevalRecord(value: unknown): TevalRecord {
  const parsed = tevalRecordSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `not a T-Eval episode record: ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data as TevalRecord;
}
