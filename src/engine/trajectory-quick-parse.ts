import type { Trajectory } from '../spec/index.js';
import { NOT_SURE } from './compiled-parser-helpers.generated.js';
import { parseTrajectoryFields } from './trajectory-parser.generated.js';

/**
 * `{ ...record, trajectory: parseTrajectory(record.trajectory) }` without zod, for a record whose schema
 * passes its trajectory through to `trajectorySchema` (the sandbox's and ToolScan's do): `fields` is what
 * the record's compiled parser returned, and the trajectory's compiled parser
 * (`trajectory-parser.generated.ts`) checks its trajectory. Undefined when either is not sure
 * (`NOT_SURE`): then the schemas decide, and name the field that is wrong.
 */
export function withQuicklyParsedTrajectory<R extends { readonly trajectory: Trajectory }>(
  fields: unknown,
): R | undefined {
  if (fields === NOT_SURE) return undefined;
  const record = fields as Omit<R, 'trajectory'> & { readonly trajectory: unknown };
  const trajectory: unknown = parseTrajectoryFields(record.trajectory);
  if (trajectory === NOT_SURE) return undefined;
  return { ...record, trajectory } as unknown as R;
}
