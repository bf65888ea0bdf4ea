import { z } from 'zod';
import { describeZodError } from '../../engine/index.js';
import type { Turn } from '../../spec/index.js';

/** The record of one item: the agent's single reply (none when it failed). No trajectory: there is no world. */
export interface ExampleRecord {
  readonly formatVersion: 1;
  readonly caseId: string;
  readonly agent: string;
  readonly reply: Turn | null;
  readonly error?: string;
}

const call = z.object({
  id: z.string(),
  name: z.string(),
  arguments: z.union([z.record(z.string(), z.unknown()), z.string()]),
});
const recordSchema = z.object({
  formatVersion: z.literal(1),
  caseId: z.string(),
  agent: z.string(),
  reply: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('text'), text: z.string() }),
      z.object({ type: z.literal('tool-calls'), calls: z.array(call) }),
    ])
    .nullable(),
  error: z.string().optional(),
});

export function parseExampleRecord(value: unknown): ExampleRecord {
  const parsed = recordSchema.safeParse(value);
  if (!parsed.success) throw new Error(describeZodError(parsed.error, 'record'));
  return parsed.data as ExampleRecord;
}
