import { OBSERVATION_PREFIX, parsePromptModeReply, renderCalls, renderToolInstructions } from '../models/index.js';
import type { JsonSchema, ReferenceMessage, ReferenceRequest, ToolCall, ToolSchema, Turn } from '../spec/index.js';

/**
 * Prompt mode (`prompt:<model>`) sends no tools: it describes them in the system prompt, reads calls out
 * of the reply's text, and sends results back as `Observation (…)` user turns. The server reads such a
 * request back into the native form every benchmark's reference model answers (tools, calls, tool
 * results), and writes the answer's calls back as text. Nothing here depends on a benchmark.
 */
export interface PromptModeRequest {
  /** The request as a native tool-calling client would have sent it. */
  readonly native: ReferenceRequest;
  /** How the answer's calls are written: JSON objects, or `Action:` / `Action Input:` lines. */
  readonly callFormat: 'json' | 'action-lines';
}

const CATALOGUE_HEADING = '# Tools\n';
const INSTRUCTIONS_HEADING = '\n\n# How to call a tool\n';
const ARGUMENTS_LINE = '\nArguments (JSON Schema):\n';

/**
 * The native form of a prompt-mode request, `undefined` when the request is not one (it offers tools
 * natively, or its system prompt holds no tool instructions), or a reason when it looks like one but its
 * tool catalogue does not read back exactly.
 */
export function readPromptModeRequest(request: ReferenceRequest): PromptModeRequest | { reason: string } | undefined {
  if (request.tools.length > 0) return undefined;
  const systemIndex = request.messages.findIndex((message) => message.role === 'system');
  const system = request.messages[systemIndex];
  if (system?.role !== 'system' || !system.text.includes(INSTRUCTIONS_HEADING)) return undefined;
  const start = system.text.lastIndexOf(CATALOGUE_HEADING, system.text.lastIndexOf(INSTRUCTIONS_HEADING));
  if (start < 0) return { reason: 'the system prompt has prompt-mode call instructions but no "# Tools" catalogue' };
  const tools = catalogueTools(system.text.slice(start));
  if ('reason' in tools) return tools;
  const ownPrompt = system.text.slice(0, start).replace(/\n\n$/, '');
  const messages = request.messages.flatMap((message, index): ReferenceMessage[] => {
    if (index !== systemIndex) return [message];
    return ownPrompt ? [{ role: 'system', text: ownPrompt }] : [];
  });
  return {
    native: { ...request, tools: tools.tools, messages: nativeConversation(messages, tools.tools) },
    callFormat: asksForActionLines(ownPrompt) ? 'action-lines' : 'json',
  };
}

/** Catalogues read lately: an episode sends the same one with every request. */
const readCatalogues = new Map<string, { tools: ToolSchema[] } | { reason: string }>();
const REMEMBERED_CATALOGUES = 256;

function catalogueTools(instructions: string): { tools: ToolSchema[] } | { reason: string } {
  const known = readCatalogues.get(instructions);
  if (known) return known;
  const tools = readCatalogue(instructions);
  // Read back exactly, or not at all: a catalogue that renders differently is not toolgauge's.
  const read = !tools
    ? { reason: 'the prompt-mode tool catalogue in the system prompt does not read back into tools' }
    : instructions !== renderToolInstructions(tools, true) && instructions !== renderToolInstructions(tools, false)
      ? { reason: 'the prompt-mode tool catalogue in the system prompt is not the one toolgauge writes' }
      : { tools };
  if (readCatalogues.size >= REMEMBERED_CATALOGUES) readCatalogues.delete(readCatalogues.keys().next().value ?? '');
  readCatalogues.set(instructions, read);
  return read;
}

/** The answer as a prompt-mode client reads it: calls written as text in the format asked for. */
export function promptModeTurn(turn: Turn, callFormat: PromptModeRequest['callFormat']): Turn {
  if (turn.type !== 'tool-calls') return turn;
  return { type: 'text', text: callFormat === 'action-lines' ? actionLines(turn.calls) : renderCalls(turn.calls) };
}

/** A prompt whose own words (before toolgauge's instructions) ask for `Action:` / `Action Input:` lines. */
function asksForActionLines(prompt: string): boolean {
  return /^\s*Action:/m.test(prompt) && /^\s*Action Input:/m.test(prompt);
}

function actionLines(calls: readonly ToolCall[]): string {
  return calls
    .map(
      (call) =>
        `Action: ${call.name}\nAction Input: ${typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments)}`,
    )
    .join('\n');
}

/** The tools of a rendered catalogue (`### name`, description, `Arguments (JSON Schema):`, the schema). */
function readCatalogue(instructions: string): ToolSchema[] | undefined {
  const end = instructions.indexOf(INSTRUCTIONS_HEADING);
  const firstEntry = instructions.indexOf('\n\n### ');
  if (end < 0 || firstEntry < 0 || firstEntry > end) return [];
  const entries = instructions.slice(firstEntry + 2, end).split(/\n\n(?=### )/);
  const tools: ToolSchema[] = [];
  for (const entry of entries) {
    const nameEnd = entry.indexOf('\n');
    const argumentsAt = entry.lastIndexOf(ARGUMENTS_LINE);
    if (nameEnd < 0 || argumentsAt < nameEnd) return undefined;
    let parameters: unknown;
    try {
      parameters = JSON.parse(entry.slice(argumentsAt + ARGUMENTS_LINE.length));
    } catch {
      return undefined;
    }
    if (!parameters || typeof parameters !== 'object') return undefined;
    tools.push({
      name: entry.slice(4, nameEnd),
      description: entry.slice(nameEnd + 1, argumentsAt),
      parameters: parameters as JsonSchema,
    });
  }
  return tools;
}

const OBSERVATION = new RegExp(
  `^${OBSERVATION_PREFIX} \\(([^\\n]*?), call ([^\\n]*?), (?:result|the call failed)\\):\\n([\\s\\S]*)$`,
);
/** Where the next observation of a batch starts (results of one batch share one user turn). */
const NEXT_OBSERVATION = new RegExp(
  `\\n\\n(?=${OBSERVATION_PREFIX} \\([^\\n]*?, call [^\\n]*?, (?:result|the call failed)\\):\\n)`,
);

/**
 * The conversation in native form: calls written in an assistant's text become calls, and each
 * `Observation (…)` becomes a tool result. A call takes the id its observation names (the client made
 * it up), so results find their calls by id, as in a native conversation.
 */
function nativeConversation(messages: readonly ReferenceMessage[], tools: readonly ToolSchema[]): ReferenceMessage[] {
  const toolNames = tools.map((tool) => tool.name);
  let turn = 0;
  const read = messages.flatMap((message): ReferenceMessage[] => {
    if (message.role === 'assistant' && message.calls.length === 0) {
      const reply = parsePromptModeReply(message.text, toolNames);
      turn += 1;
      const calls = reply.calls.map((call, index) => ({
        id: `prompt-${turn}-${index}`,
        name: call.name,
        arguments: call.arguments,
      }));
      return [{ role: 'assistant', text: reply.text, calls }];
    }
    if (message.role !== 'user') return [message];
    const parts = message.text.split(NEXT_OBSERVATION).map((part) => OBSERVATION.exec(part));
    if (!parts.every((part) => part !== null)) return [message];
    return parts.map((part) => ({ role: 'tool', callId: part?.[2] ?? '', text: part?.[3] ?? '' }));
  });
  return read.map((message, position) => {
    if (message.role !== 'assistant' || message.calls.length === 0) return message;
    const following = read.slice(position + 1);
    const end = following.findIndex((next) => next.role !== 'tool');
    const results = (end < 0 ? following : following.slice(0, end)).flatMap((next) =>
      next.role === 'tool' ? [next.callId] : [],
    );
    return { ...message, calls: message.calls.map((call, index) => ({ ...call, id: results[index] ?? call.id })) };
  });
}
