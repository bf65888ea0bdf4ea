/**
 * Prompt-mode replies that try a call in a broken format (ToolScan's IFE). The prompt-mode parser reads
 * well-formed calls (a JSON call object, or `Action:` / `Action Input:` lines) and returns everything
 * else as text, which ToolScan would take as the final answer. In ToolScan's prompt modes a reply that
 * plainly tries a call is instead an invalid-format call: it gets the format feedback and the episode
 * goes on, as the paper's feedback mechanism does with a reply its parser cannot read. Recognised:
 *
 * - `Action:` written any other way than the two requested lines, such as the one-line
 *   `Action: X with Action Input: {...}`;
 * - a Python-style call `name(arg="x")` of a tool, or of any snake_case name at the start of a line;
 * - JSON (a line that opens with `{` or `[{`, or a fenced block) that is not a readable call, such as
 *   unclosed JSON (a bare list of values, `["a", "b"]`, is an answer);
 * - a call in prose: the reply names one of the environment's APIs (not `finish`).
 *
 * Such a reply becomes one call whose arguments are the raw reply text: the executor rejects it as
 * arguments that do not parse, and the scorer counts it as IFE only (the format is checked first).
 */
import type { ToolCall } from '../../spec/index.js';

const ACTION = /^[ \t]*Action[ \t]*:[ \t]*[`"']?([A-Za-z_][\w.-]*)/im;
const PYTHON_CALL = /\b([A-Za-z_]\w*)\s*\(/g;
const SNAKE_CALL_AT_LINE_START = /^[ \t]*`?([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\s*\(/m;
const JSON_START = /^[ \t]*(?:\{|\[\s*\{)|```/m;
const NAME_FIELD = /"name"\s*:\s*"([^"\\]+)"/;

/** The name a broken call is given when the reply names no tool. */
export const UNNAMED_CALL = 'unparsed_call';

/** The tool a broken reply seems to call, or undefined when the reply is not a call attempt. */
export function brokenCallName(text: string, apiNames: readonly string[]): string | undefined {
  if (text.trim() === '') return undefined;
  const known = new Set(apiNames);
  const action = ACTION.exec(text);
  if (action) return action[1];
  for (const match of text.matchAll(PYTHON_CALL)) {
    const name = match[1] ?? '';
    if (known.has(name) || name === 'finish') return name;
  }
  const snake = SNAKE_CALL_AT_LINE_START.exec(text);
  if (snake) return snake[1];
  if (JSON_START.test(text)) return NAME_FIELD.exec(text)?.[1] ?? mentioned(text, apiNames) ?? UNNAMED_CALL;
  return mentioned(text, apiNames);
}

function mentioned(text: string, apiNames: readonly string[]): string | undefined {
  const words = new Set(text.match(/[A-Za-z_]\w*/g) ?? []);
  return apiNames.find((name) => words.has(name));
}

/** A broken reply as the call the executor will reject for its format. */
export function brokenCall(text: string, apiNames: readonly string[], id: string): ToolCall | undefined {
  const name = brokenCallName(text, apiNames);
  // The raw text is the arguments; a reply that happens to be a JSON object would parse, so wrap it.
  return name === undefined ? undefined : { id, name, arguments: rawArguments(text) };
}

function rawArguments(text: string): string {
  const trimmed = text.trim();
  try {
    const value: unknown = JSON.parse(trimmed);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return `${trimmed} (not a call)`;
  } catch {
    // not JSON: the raw text as it is
  }
  return trimmed;
}

/** A call the prompt-mode parser read whose name is not a plain identifier (`Action: f(x=1)`). */
export function isMalformedName(name: string): boolean {
  return !/^[A-Za-z_][\w.-]*$/.test(name);
}

/** Arguments that are raw text and not a JSON object: the call's format is broken. */
export function hasUnparsableArguments(args: ToolCall['arguments']): boolean {
  if (typeof args !== 'string') return false;
  const text = args.trim();
  if (text === '') return false;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value !== 'object' || value === null || Array.isArray(value);
  } catch {
    return true;
  }
}
