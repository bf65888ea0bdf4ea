import { withQuicklyParsedTrajectory } from '../../engine/trajectory-quick-parse.js';
import type { SandboxEpisodeRecord } from './record.js';
import { parseRecordFields } from './record-parser.generated.js';

/**
 * `parseSandboxRecord` (record.ts) without importing zod: the same record, from the parsers zod's compiler
 * makes of the same schemas (`record-parser.generated.ts`, `engine/trajectory-parser.generated.ts`), or
 * undefined when those are not sure it fits. Then the schema decides, and names the field that is wrong:
 * `show` loads zod only for such a record.
 */
export function parseSandboxRecordQuickly(value: unknown): SandboxEpisodeRecord | undefined {
  return withQuicklyParsedTrajectory<SandboxEpisodeRecord>(parseRecordFields(value));
}
