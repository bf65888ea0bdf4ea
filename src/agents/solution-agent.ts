import type { Agent, Message, ToolCall, Turn, TurnRequest } from '../spec/index.js';
import type { ToolSet } from '../tools/tool-set.js';

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
    const turnNumber = this.next;
    this.next += 1;
    return goldTurn(this.turns, turnNumber, {
      closing: this.closing,
      resultOf: (goldCall) => resultOnBus(request.messages, `gold-${goldCall}`),
      present: (call) => this.presentCall(call),
    });
  }
}

/**
 * Turn `turnNumber` of a gold solution, ready to play: its calls with result placeholders filled by
 * `resultOf` and rewritten by `present` (shown names, wire ids); past the end, `closing`. The one replay
 * of gold solutions: the oracle agent of runs and proofs, and the reference server's agent, use it.
 */
export function goldTurn(
  gold: readonly Turn[],
  turnNumber: number,
  how: {
    readonly closing: string;
    readonly resultOf: (goldCall: number) => unknown;
    readonly present?: (call: ToolCall, position: number) => ToolCall;
  },
): Turn {
  const turn = gold[turnNumber];
  if (!turn) return { type: 'text', text: how.closing };
  if (turn.type === 'text') return fillTextPlaceholders(turn, how.resultOf);
  const present = how.present ?? ((call: ToolCall) => call);
  return {
    type: 'tool-calls',
    calls: turn.calls.map((call, position) => present(fillResultPlaceholders(call, how.resultOf), position)),
  };
}

const INLINE_RESULT_PLACEHOLDER = /\{\{\s*result:(\d+)((?:\.[A-Za-z0-9_]+)*)\s*\}\}/g;

/**
 * A gold text with every `{{result:N.path}}` in it replaced by that field of the N-th call's result, as
 * text (an answer that reports a value the episode's tools returned, e.g. a temperature); a placeholder
 * that cannot be filled stays as written.
 */
function fillTextPlaceholders<T extends { type: 'text'; text: string }>(
  turn: T,
  resultOf: (goldCall: number) => unknown,
): T {
  if (!turn.text.includes('{{')) return turn;
  const text = turn.text.replace(INLINE_RESULT_PLACEHOLDER, (whole, index: string, path: string) => {
    const value = fieldAt(resultOf(Number(index)), path);
    return value === undefined || value === null || typeof value === 'object' ? whole : String(value);
  });
  return { ...turn, text };
}

function fieldAt(value: unknown, path: string): unknown {
  let at = value;
  for (const part of path.split('.').filter(Boolean)) {
    at = at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined;
  }
  return at;
}

/** The value of the successful tool result answering call `callId` on the bus, if any. */
function resultOnBus(messages: readonly Message[], callId: string): unknown {
  const result = messages.find((message) => message.type === 'tool-result' && message.callId === callId);
  return result?.type === 'tool-result' && result.outcome.type === 'result' ? result.outcome.value : undefined;
}

/**
 * A gold call with every argument written `{{result:N.path}}` (at any depth) replaced by that field of the
 * result of the gold solution's N-th call, as `resultOf(N)` gives it; a placeholder that cannot be filled
 * stays as written. The one implementation of result placeholders: the oracle agents of runs and the
 * reference server both fill them here.
 */
export function fillResultPlaceholders(call: ToolCall, resultOf: (goldCall: number) => unknown): ToolCall {
  if (typeof call.arguments === 'string') return call;
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const match = RESULT_PLACEHOLDER.exec(value);
      if (!match) return value;
      let filled = resultOf(Number(match[1]));
      for (const part of (match[2] ?? '').split('.').filter(Boolean)) {
        filled = filled && typeof filled === 'object' ? (filled as Record<string, unknown>)[part] : undefined;
      }
      return filled ?? value;
    }
    if (Array.isArray(value)) return value.map(fill);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fill(inner)]));
    }
    return value;
  };
  return { ...call, arguments: fill(call.arguments) as Record<string, unknown> };
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
