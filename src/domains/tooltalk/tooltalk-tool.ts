/**
 * What every ToolTalk tool shares: its plugin ("suite"), whether it needs a login, the session the
 * executor injects, the per-tool id generators, the conversation's "now", and failures with the
 * reference's exact texts.
 */
import type { z } from 'zod';
import type { Row, ToolErrorKind } from '../../spec/index.js';
import {
  defineTool,
  fail,
  type Tool,
  type ToolContext,
  type ToolDefinition,
  type ToolParameters,
  type WorldTransaction,
} from '../../tools/index.js';
import { type IdShape, nthToolId } from './python-random.js';
import { type NaiveDateTime, PythonValueError, strptime } from './python-time.js';
import { TABLES } from './tooltalk-tables.js';

export const SUITES = ['AccountTools', 'Alarm', 'Calendar', 'Email', 'Messages', 'Reminder', 'Weather'] as const;
export type SuiteName = (typeof SUITES)[number];

/** A ToolTalk tool: the engine tool plus what the ToolTalk executor and scorer need to know. */
export interface ToolTalkTool {
  readonly tool: Tool;
  readonly suite: SuiteName;
  /** The executor injects the session token into calls of these and refuses them without a login. */
  readonly requiresAuth: boolean;
}

export function defineToolTalkTool<Parameters extends ToolParameters>(
  suite: SuiteName,
  requiresAuth: boolean,
  definition: Omit<ToolDefinition<Parameters>, 'domain'>,
): ToolTalkTool {
  return { tool: defineTool({ ...definition, domain: `tooltalk-${suite.toLowerCase()}` }), suite, requiresAuth };
}

export type Args<Parameters extends z.ZodObject<z.ZodRawShape>> = z.output<Parameters>;

/** Fails the call with the reference's text (the kind is toolgauge's, for its own reports). */
export function failWith(kind: ToolErrorKind, text: string): never {
  throw fail(kind, text);
}

/** The session token the executor holds, or null when nobody is logged in. */
export function sessionToken(world: Pick<WorldTransaction, 'find'>): string | null {
  const token = world.find(TABLES.session, 'current')?.token;
  return typeof token === 'string' ? token : null;
}

export function setSessionToken(world: WorldTransaction, token: string | null): void {
  world.update(TABLES.session, 'current', { token });
}

/** The account the injected session token belongs to (the reference's `check_session_token`). */
export function loggedInAccount(world: WorldTransaction): Row {
  const token = sessionToken(world);
  const account = token === null ? undefined : world.rows(TABLES.accounts).find((row) => row.session_token === token);
  if (!account) failWith('permission', 'Invalid session_token.');
  return account;
}

export function usernameOf(account: Row): string {
  return String(account.username);
}

/** The next id of a tool's own generator (each tool seeds its own with 489 when a turn starts). */
export function nextToolId(world: WorldTransaction, tool: string, shape: IdShape): string {
  const draws = Number(world.find(TABLES.idDraws, tool)?.draws ?? 0);
  if (draws === 0) world.insert(TABLES.idDraws, { tool, draws: 1 });
  else world.update(TABLES.idDraws, tool, { draws: draws + 1 });
  return nthToolId(shape, draws);
}

/** Parses a date or time like Python's `strptime`, failing with Python's text. */
export function parseTime(text: string, format: Parameters<typeof strptime>[1]): NaiveDateTime {
  try {
    return strptime(text, format);
  } catch (error) {
    if (error instanceof PythonValueError) failWith('invalid-value', error.message);
    throw error;
  }
}

/** The conversation's "now" (its metadata timestamp), as a naive date-time. */
export function conversationNow(context: ToolContext): NaiveDateTime {
  const parts = context.clock.parts();
  return strptime(
    `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`,
    '%Y-%m-%d %H:%M:%S',
  );
}

/** Whether a per-user database has an entry for the user (even an empty one). */
export function hasOwner(world: Pick<WorldTransaction, 'find'>, database: string, username: string): boolean {
  return world.find(TABLES.owners, `${database}/${username}`) !== undefined;
}

export function ensureOwner(world: WorldTransaction, database: string, username: string): void {
  if (!hasOwner(world, database, username)) {
    world.insert(TABLES.owners, { key: `${database}/${username}`, database, username });
  }
}

const EMAIL = /^[\w\-.]+@[\w\-.]+$/u;
const PHONE = /^\d{3}-\d{3}-\d{4}$/;
export const isEmailAddress = (text: string): boolean => EMAIL.test(text);
export const isPhoneNumber = (text: string): boolean => PHONE.test(text);

/** Parses a list column stored as JSON text. */
export function listColumn(value: unknown): string[] | null {
  return typeof value === 'string' ? (JSON.parse(value) as string[]) : null;
}
