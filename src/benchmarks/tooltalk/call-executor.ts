/**
 * Runs one ToolTalk call the way the reference executor does, on toolgauge's engine: an unknown tool,
 * a tool that needs a login when nobody is logged in, and a second login are refused first with the
 * reference's texts; the session token is injected into calls of tools that need a login (a token the
 * caller wrote is replaced); then the engine's executor checks the arguments and runs the tool. The
 * request is recorded as the reference records it: the caller's arguments plus the injected token.
 *
 * In `reference-compatible` mode the arguments are taken as the reference's Python tools take them, with
 * no type checks (`python-arguments.ts`): a value of another type runs where Python would run it, and
 * fails with Python's text where Python would fail.
 */

import { sessionToken, TABLES, TOOLTALK_TOOLS, TOOLTALK_TOOLS_BY_NAME } from '../../domains/tooltalk/index.js';
import { Executor } from '../../engine/index.js';
import type { ToolCall, ToolOutcome } from '../../spec/index.js';
import { type ToolClock, ToolSet } from '../../tools/index.js';
import type { WorldSnapshot } from '../../world/index.js';
import type { ComparisonMode } from './comparators.js';
import { pythonArguments, untagResponse, untagText } from './python-arguments.js';

/** A call and its result in the reference's shape (what the comparators read). */
export interface ApiCallRecord {
  readonly request: { readonly api_name: string; readonly parameters: Readonly<Record<string, unknown>> | null };
  readonly response: unknown;
  readonly exception: string | null;
}

export interface CallOutcome {
  readonly record: ApiCallRecord;
  /** What the caller is shown. */
  readonly outcome: ToolOutcome;
  readonly world: WorldSnapshot;
  /** The tool that ran, or null when the call was refused before running. */
  readonly toolName: string | null;
}

const ALL_TOOLS = new ToolSet(
  'agent',
  TOOLTALK_TOOLS.map((entry) => ({ schema: { ...entry.tool, parameters: entry.tool.parameters }, tool: entry.tool })),
);

const LOGIN_TOOLS = new Set(['UserLogin', 'RegisterUser']);

export class ToolTalkCallExecutor {
  private readonly executor: Executor;

  constructor(
    private readonly clock: ToolClock,
    private readonly mode: ComparisonMode = 'default',
  ) {
    this.executor = new Executor({ seed: 'tooltalk', clock, exhaustiveOrderLimit: 1, sampledOrders: 1 });
  }

  async execute(call: ToolCall, world: WorldSnapshot): Promise<CallOutcome> {
    const parsed = parseArguments(call.arguments);
    const refuse = (
      text: string,
      kind: 'unknown-tool' | 'unparsable-arguments' | 'permission' | 'invalid-arguments',
      request: Record<string, unknown> | null = parsed ?? null,
    ): CallOutcome => ({
      record: { request: { api_name: call.name, parameters: request }, response: null, exception: text },
      outcome: { type: 'error', error: { kind, message: text } },
      world,
      toolName: null,
    });
    if (parsed === undefined) return refuse('Failed to parse API call', 'unparsable-arguments');
    const entry = TOOLTALK_TOOLS_BY_NAME.get(call.name);
    if (!entry) return refuse(`API ${call.name} not found`, 'unknown-tool');

    const token = sessionToken(world);
    const parameters: Record<string, unknown> = { ...parsed };
    if (entry.requiresAuth) {
      if (token === null) return refuse('User is not logged in', 'permission');
      parameters.session_token = token;
    }
    if (LOGIN_TOOLS.has(call.name) && token !== null) {
      const current = world.rows(TABLES.accounts).find((row) => row.session_token === token);
      return refuse(
        `Only one user can be logged in at a time. Current user is ${String(current?.username)}.`,
        'permission',
      );
    }

    let toolArguments: Record<string, unknown> = { ...parameters };
    if (entry.requiresAuth) delete toolArguments.session_token;
    if (this.mode === 'reference-compatible') {
      const username = token === null ? null : world.rows(TABLES.accounts).find((row) => row.session_token === token);
      const python = pythonArguments(call.name, toolArguments, world, username ? String(username.username) : null);
      if (!python.ok) return refuse(python.exception, 'invalid-arguments', parameters);
      toolArguments = python.arguments;
    }
    const execution = await this.executor.execute({ ...call, arguments: toolArguments }, ALL_TOOLS, 'agent', world);
    const outcome: ToolOutcome =
      execution.outcome.type === 'result'
        ? { ...execution.outcome, value: untagResponse(execution.outcome.value) }
        : execution.outcome.type === 'error'
          ? {
              ...execution.outcome,
              error: { ...execution.outcome.error, message: untagText(execution.outcome.error.message) },
            }
          : execution.outcome;
    return {
      record: {
        request: { api_name: call.name, parameters },
        response: outcome.type === 'result' ? outcome.value : null,
        exception: outcome.type === 'error' ? outcome.error.message : null,
      },
      outcome,
      world: execution.worldAfter,
      toolName: execution.toolName,
    };
  }

  get toolClock(): ToolClock {
    return this.clock;
  }
}

function parseArguments(raw: ToolCall['arguments']): Record<string, unknown> | undefined {
  if (typeof raw !== 'string') return { ...raw };
  try {
    const value: unknown = JSON.parse(raw.trim() === '' ? '{}' : raw);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
