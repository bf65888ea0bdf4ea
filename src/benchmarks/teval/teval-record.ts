/** The stored record of a T-Eval episode: prompt, reply, what was parsed and every sub-score. */
import { z } from 'zod';
import type { TevalPromptMessage } from './teval-case.js';

export const TEVAL_RECORD_VERSION = 1;

export interface TevalRecord {
  readonly formatVersion: typeof TEVAL_RECORD_VERSION;
  readonly caseId: string;
  readonly subset: string;
  readonly format: string;
  readonly protocol: string;
  readonly quirks: string;
  /** The embedder similarities were computed with (`use-lite`, `lexical`…). */
  readonly embedder: string;
  readonly prompt: readonly TevalPromptMessage[];
  readonly reply: string;
  readonly cleaned: string;
  readonly parse: unknown;
  readonly scores: Readonly<Record<string, number | null>>;
  readonly error?: string;
}

const recordSchema = z.object({
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
  const parsed = recordSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `not a T-Eval episode record: ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data as TevalRecord;
}
