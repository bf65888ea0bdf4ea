import { NOT_SURE } from '../../engine/compiled-parser-helpers.generated.js';
import { parseTrajectoryFields } from '../../engine/trajectory-parser.generated.js';
import type { Trajectory } from '../../spec/index.js';
import type { SandboxEpisodeRecord } from './record.js';
import { parseRecordFields } from './record-parser.generated.js';

/**
 * `parseSandboxRecord` (record.ts) without importing zod: the same record, from the parsers zod's compiler
 * makes of the same schemas (`record-parser.generated.ts`, `engine/trajectory-parser.generated.ts`), or
 * undefined when those are not sure it fits. Then the schema decides, and names the field that is wrong:
 * `show` loads zod only for such a record.
 */
export function parseSandboxRecordQuickly(value: unknown): SandboxEpisodeRecord | undefined {
  const fields: unknown = parseRecordFields(value);
  if (fields === NOT_SURE) return undefined;
  const record = fields as Omit<SandboxEpisodeRecord, 'trajectory'> & { readonly trajectory: unknown };
  const trajectory: unknown = parseTrajectoryFields(record.trajectory);
  if (trajectory === NOT_SURE) return undefined;
  return { ...record, trajectory: trajectory as Trajectory };
}
