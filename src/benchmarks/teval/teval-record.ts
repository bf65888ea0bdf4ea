/**
 * The stored record of a T-Eval episode: prompt, reply, what was parsed and every sub-score. Its zod
 * schema is `record-schema.ts`, so that `show` reads a well-formed record without zod.
 */
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
