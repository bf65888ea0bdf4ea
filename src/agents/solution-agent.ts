import type { Agent, Message, ToolCall, Turn, TurnRequest } from '../spec/index.js';
import type { ToolSet } from '../tools/index.js';

const RESULT_PLACEHOLDER = /^\{\{\s*result:(\d+)((?:\.[A-Za-z0-9_]+)*)\s*\}\}$/;

/**
 * Plays a scenario's solution, one turn per request. An argument written `{{result:N.path}}` is
 * replaced by that field of the result of the solution's N-th call (counting from 0), so a solution can
 * use an id a tool created during the episode. After its last turn it only says `closing`.
 */
export class SolutionAgent implements Agent {
  private next = 0;

  constructor(
    private readonly turns: readonly Turn[],
    readonly name: string,
    /** Rewrites a call for the tools the agent sees (e.g. to scrambled names); default: unchanged. */
    private readonly presentCall: (call: ToolCall) => ToolCall = (call) => call,
    private readonly closing = 'Is there anything else I can do for you?',
  ) {}

  async respond(request: TurnRequest): Promise<Turn> {
    const turn = this.turns[this.next];
    this.next += 1;
    if (!turn) return { type: 'text', text: this.closing };
    if (turn.type === 'text') return turn;
    return {
      type: 'tool-calls',
      calls: turn.calls.map((call) => this.presentCall(fillResults(call, request.messages))),
    };
  }
}

function fillResults(call: ToolCall, messages: readonly Message[]): ToolCall {
  if (typeof call.arguments === 'string') return call;
  const args = Object.fromEntries(
    Object.entries(call.arguments).map(([name, value]) => {
      const match = typeof value === 'string' ? RESULT_PLACEHOLDER.exec(value) : null;
      if (!match) return [name, value];
      const result = messages.find(
        (message) => message.type === 'tool-result' && message.callId === `gold-${match[1]}`,
      );
      let filled: unknown =
        result?.type === 'tool-result' && result.outcome.type === 'result' ? result.outcome.value : undefined;
      for (const part of (match[2] ?? '').split('.').filter(Boolean)) {
        filled = filled && typeof filled === 'object' ? (filled as Record<string, unknown>)[part] : undefined;
      }
      return [name, filled ?? value];
    }),
  );
  return { ...call, arguments: args };
}

/**
 * Rewrites calls written with real tool and argument names into the names a tool set shows (scrambled
 * tool or argument names); names the set does not offer are left as written.
 */
export function presentCallsFor(tools: ToolSet): (call: ToolCall) => ToolCall {
  const viewOf = new Map(tools.views.map((view) => [view.tool.name, view]));
  return (call) => {
    const view = viewOf.get(call.name);
    if (!view) return call;
    const shownArgument = new Map([...(view.argumentNames ?? [])].map(([shown, real]) => [real, shown]));
    const args =
      typeof call.arguments === 'string'
        ? call.arguments
        : Object.fromEntries(
            Object.entries(call.arguments).map(([name, value]) => [shownArgument.get(name) ?? name, value]),
          );
    return { ...call, name: view.schema.name, arguments: args };
  };
}
