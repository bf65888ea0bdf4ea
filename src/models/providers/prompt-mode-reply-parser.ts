import type { ToolCall } from '../../spec/index.js';

/** A tool call read out of a prompt-mode reply (the adapter gives it an id). */
export interface ParsedToolCall {
  readonly name: string;
  /** An object when the model's JSON parsed to one; otherwise the raw text it wrote. */
  readonly arguments: ToolCall['arguments'];
}

/** A prompt-mode reply split into what it says to the user and the tool calls it makes. */
export interface ParsedReply {
  readonly text: string;
  readonly calls: readonly ParsedToolCall[];
}

const ACTION_LINE = /^[ \t]*Action[ \t]*:[ \t]*(.*)$/gim;
const ACTION_INPUT_LINE = /^[ \t]*Action[ \t]+Input[ \t]*:[ \t]?/i;
/** Lines that end an `Action Input:` block: the next action, or a hallucinated observation or answer. */
const BLOCK_END = /^[ \t]*(Action|Observation|Thought|Final Answer)[ \t]*:/i;
const FENCED_BLOCK = /```[ \t]*(?:json|JSON)?[ \t]*\n?([\s\S]*?)```/g;
const NAME_FIELD = /"name"\s*:\s*"([^"\\]+)"/;
const FINAL_ANSWER = /^[ \t]*Final Answer[ \t]*:[ \t]*/im;

/**
 * Reads tool calls out of the text of a model that has no native tool calling. It understands
 *
 * - a JSON object `{"name": …, "arguments": {…}}` (`parameters` is accepted for `arguments`), or a
 *   JSON list of them for parallel calls, alone or in a fenced code block (```json … ```);
 * - `Action: <name>` followed by `Action Input: <JSON>` (several pairs for several calls).
 *
 * A reply that plainly tries to call a tool but whose JSON does not parse still becomes a call, with
 * the raw text as its arguments, so the executor tells the model its arguments did not parse. A reply
 * with no call is text for the user (after `Final Answer:` when the model uses that convention).
 * `toolNames` lets a bare `{"name": "<a tool>"}` count as a call.
 */
export function parsePromptModeReply(reply: string, toolNames: readonly string[] = []): ParsedReply {
  return parseActionLines(reply) ?? parseJsonCalls(reply, toolNames) ?? { text: finalAnswerOf(reply), calls: [] };
}

function parseActionLines(reply: string): ParsedReply | undefined {
  const actions = [...reply.matchAll(ACTION_LINE)];
  if (actions.length === 0) return undefined;
  const calls: ParsedToolCall[] = [];
  for (const action of actions) {
    const name = stripQuotes(action[1] ?? '');
    if (!isActionName(name)) continue;
    const after = reply.slice((action.index ?? 0) + action[0].length).split('\n');
    after.shift(); // the rest of the Action line itself
    calls.push({ name, arguments: actionInput(after) });
  }
  if (calls.length === 0) return undefined;
  return { text: reply.slice(0, actions[0]?.index ?? 0).trim(), calls };
}

/** The text of the `Action Input:` block under an `Action:` line, read as arguments. */
function actionInput(lines: readonly string[]): ToolCall['arguments'] {
  let index = 0;
  while (index < lines.length && (lines[index] ?? '').trim() === '') index += 1;
  const first = lines[index];
  if (first === undefined || !ACTION_INPUT_LINE.test(first)) return {};
  const block = [first.replace(ACTION_INPUT_LINE, '')];
  for (const line of lines.slice(index + 1)) {
    if (BLOCK_END.test(line)) break;
    block.push(line);
  }
  const text = unfence(block.join('\n').trim());
  return text === '' ? {} : argumentsFromText(text);
}

function parseJsonCalls(reply: string, toolNames: readonly string[]): ParsedReply | undefined {
  const candidates = jsonCandidates(reply);
  const calls: ParsedToolCall[] = [];
  let text = reply;
  for (const candidate of candidates) {
    const found = callsIn(candidate.json, toolNames);
    if (found.length === 0) continue;
    calls.push(...found);
    text = text.replace(candidate.source, '');
  }
  if (calls.length === 0) return undefined;
  return { text: text.trim(), calls };
}

/** Where a JSON call may be: fenced blocks, else the JSON value opening the first line that starts with `{` or `[`. */
function jsonCandidates(reply: string): { source: string; json: string }[] {
  const fenced = [...reply.matchAll(FENCED_BLOCK)]
    .map((match) => ({ source: match[0], json: (match[1] ?? '').trim() }))
    .filter((candidate) => /^[{[]/.test(candidate.json));
  if (fenced.length > 0) return fenced;
  const start = reply.search(/^[ \t]*[{[]/m);
  if (start < 0) return [];
  const tail = reply.slice(start).trim();
  const json = balancedPrefix(tail) ?? tail;
  return [{ source: json, json }];
}

/**
 * The JSON value at the start of `text` up to its matching closing bracket (strings and escapes
 * respected), so prose after a call is not taken for part of it; undefined when it never closes.
 */
function balancedPrefix(text: string): string | undefined {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) return text.slice(0, index + 1);
    }
  }
  return undefined;
}

/** The calls a JSON text holds; a text that does not parse but names a tool is one call with raw arguments. */
function callsIn(json: string, toolNames: readonly string[]): ParsedToolCall[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    const name = NAME_FIELD.exec(json)?.[1];
    return name ? [{ name, arguments: json }] : [];
  }
  const items = Array.isArray(value) ? value : [value];
  if (items.length === 0 || !items.every((item) => looksLikeCall(item, toolNames))) return [];
  return items.map((item) => {
    const call = item as { name: string; arguments?: unknown; parameters?: unknown };
    return { name: call.name, arguments: argumentsFromValue(call.arguments ?? call.parameters ?? {}) };
  });
}

function looksLikeCall(value: unknown, toolNames: readonly string[]): boolean {
  if (!isPlainObject(value) || typeof value.name !== 'string' || value.name === '') return false;
  return 'arguments' in value || 'parameters' in value || toolNames.includes(value.name);
}

/** Arguments written as JSON text: an object when it parses to one, the raw text otherwise. */
function argumentsFromText(text: string): ToolCall['arguments'] {
  try {
    const value: unknown = JSON.parse(text);
    return isPlainObject(value) ? value : text;
  } catch {
    return text;
  }
}

/** Arguments found inside a parsed call: an object as is, a JSON string read again, anything else as text. */
function argumentsFromValue(value: unknown): ToolCall['arguments'] {
  if (isPlainObject(value)) return value;
  if (typeof value === 'string') return argumentsFromText(value);
  return JSON.stringify(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unfence(text: string): string {
  const fenced = /^```[ \t]*(?:json|JSON)?[ \t]*\n?([\s\S]*?)\n?```$/.exec(text);
  return fenced ? (fenced[1] ?? '').trim() : text;
}

/** A tool name is one word; `Action: None` (or prose after "Action:") is no call. */
function isActionName(name: string): boolean {
  return name !== '' && !/\s/.test(name) && !['none', 'n/a', 'null'].includes(name.toLowerCase());
}

function stripQuotes(name: string): string {
  return name.trim().replace(/^[`"']+|[`"']+$/g, '');
}

function finalAnswerOf(reply: string): string {
  const match = FINAL_ANSWER.exec(reply);
  return (match ? reply.slice(match.index + match[0].length) : reply).trim();
}
