import { z } from 'zod';
import type { Trajectory } from '../spec/index.js';
import { TRAJECTORY_FORMAT_VERSION } from '../spec/trajectory.js';

const role = z.enum(['system', 'user', 'agent', 'executor']);

const message = z.looseObject({
  index: z.number().int().nonnegative(),
  type: z.enum(['text', 'tool-call', 'tool-result']),
  sender: role,
  recipient: role,
  visibleTo: z.array(role),
});

const termination = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('user-ended') }),
  z.looseObject({ type: z.literal('max-messages'), limit: z.number() }),
  z.looseObject({ type: z.literal('agent-failure'), message: z.string() }),
  z.looseObject({ type: z.literal('infrastructure-failure'), message: z.string() }),
]);

/**
 * A stored trajectory, checked where it is read back (it is untrusted JSON): the fields every viewer
 * and scorer relies on are checked; the contents of messages, diffs and traces are passed through.
 */
export const trajectorySchema = z.looseObject({
  formatVersion: z.literal(TRAJECTORY_FORMAT_VERSION),
  episodeId: z.string(),
  agent: z.string(),
  user: z.string(),
  seed: z.string(),
  clock: z.object({ now: z.number(), timeZone: z.string() }),
  initialWorld: z.looseObject({ tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))) }),
  messages: z.array(message),
  firstEpisodeMessage: z.number().int().nonnegative(),
  worldChanges: z.array(z.looseObject({ messageIndex: z.number().int(), diff: z.record(z.string(), z.unknown()) })),
  traces: z.array(z.looseObject({ callId: z.string(), callMessageIndex: z.number(), resultMessageIndex: z.number() })),
  diagnostics: z.looseObject({ counts: z.record(z.string(), z.number()), findings: z.array(z.unknown()) }),
  termination,
  timing: z.looseObject({ startedAt: z.string(), endedAt: z.string(), durationMs: z.number() }),
});

/** A trajectory read from storage: checked, or an error naming the first bad field. */
export function parseTrajectory(value: unknown, where = 'trajectory'): Trajectory {
  const parsed = trajectorySchema.safeParse(value);
  if (!parsed.success) throw new Error(describeZodError(parsed.error, where));
  return parsed.data as unknown as Trajectory;
}

/** The first issue of a zod error as `where.field.path: message`. */
export function describeZodError(error: z.ZodError, where: string): string {
  const issue = error.issues[0];
  const path = issue?.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('') ?? '';
  return `${where}${path}: ${issue?.message ?? 'invalid'}`;
}
