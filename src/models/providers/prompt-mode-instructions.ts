import type { ModelMessage, ToolCall, ToolSchema } from '../../spec/index.js';

/** The word that opens a tool result in prompt mode, as the instructions promise the model. */
export const OBSERVATION_PREFIX = 'Observation';

/**
 * The part of the system prompt that teaches a model without native tool calling to use tools: the
 * tools (name, description, JSON Schema of the arguments), the two reply formats it may use, how
 * results come back, and how to answer the user instead.
 */
export function renderToolInstructions(tools: readonly ToolSchema[], parallelToolCalls = true): string {
  const catalogue = tools
    .map((tool) =>
      [`### ${tool.name}`, tool.description, 'Arguments (JSON Schema):', JSON.stringify(tool.parameters, null, 2)].join(
        '\n',
      ),
    )
    .join('\n\n');
  const several = parallelToolCalls
    ? [
        'To call several tools at once, reply with a JSON list of such objects:',
        '[{"name": "<first tool>", "arguments": {...}}, {"name": "<second tool>", "arguments": {...}}]',
      ]
    : ['Call at most one tool per reply.'];
  return [
    '# Tools',
    'You can act through the tools below. Each has a name, a description, and the JSON Schema its arguments must match.',
    '',
    catalogue,
    '',
    '# How to call a tool',
    'To call a tool, reply with only a JSON object that names the tool and gives its arguments, and nothing else:',
    '{"name": "<tool name>", "arguments": {"<argument>": <value>}}',
    ...several,
    'Or, if you prefer, write the call as two lines:',
    'Action: <tool name>',
    'Action Input: <the arguments as a JSON object>',
    '',
    `After you call a tool, stop and wait. Its result comes back in the next message, which starts with "${OBSERVATION_PREFIX}".`,
    'Use only the tools listed above, with arguments that match their schema.',
    '',
    'When you do not need a tool (to answer the user, or to ask them a question), reply in plain text, without a JSON object and without an "Action:" line.',
  ].join('\n');
}

/** An earlier tool call of the model, written back in the JSON format the instructions ask for. */
export function renderCalls(calls: readonly ToolCall[]): string {
  const rendered = calls.map((call) => {
    const argumentsText = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
    return `{"name": ${JSON.stringify(call.name)}, "arguments": ${argumentsText}}`;
  });
  return rendered.length === 1 ? (rendered[0] ?? '') : `[${rendered.join(', ')}]`;
}

/** A tool result as the text turn the model reads: `Observation (post_notice, call c1): …`. */
export function renderObservation(message: Extract<ModelMessage, { role: 'tool' }>): string {
  const outcome = message.isError ? 'the call failed' : 'result';
  return `${OBSERVATION_PREFIX} (${message.toolName}, call ${message.callId}, ${outcome}):\n${message.text}`;
}

/**
 * Rewrites a conversation for a model without native tools: the tool instructions join the opening
 * system prompt (one system message, since many chat templates accept only one), the model's earlier
 * calls become assistant text in the JSON format, and tool results become user turns starting with
 * "Observation". Results of one batch share one user turn.
 */
export function toPromptModeConversation(
  conversation: readonly ModelMessage[],
  tools: readonly ToolSchema[],
  parallelToolCalls?: boolean,
): ModelMessage[] {
  const opening: string[] = [];
  let start = 0;
  while (start < conversation.length) {
    const message = conversation[start];
    if (message?.role !== 'system') break;
    opening.push(message.text);
    start += 1;
  }
  if (tools.length > 0) opening.push(renderToolInstructions(tools, parallelToolCalls));
  const rewritten: ModelMessage[] = opening.length > 0 ? [{ role: 'system', text: opening.join('\n\n') }] : [];
  let observations: string[] | undefined;
  const flushObservations = () => {
    if (observations) rewritten.push({ role: 'user', text: observations.join('\n\n') });
    observations = undefined;
  };
  for (const message of conversation.slice(start)) {
    if (message.role === 'tool') {
      observations ??= [];
      observations.push(renderObservation(message));
      continue;
    }
    flushObservations();
    if (message.role === 'assistant' && message.toolCalls.length > 0) {
      const calls = renderCalls(message.toolCalls);
      rewritten.push({ role: 'assistant', text: message.text ? `${message.text}\n${calls}` : calls, toolCalls: [] });
    } else {
      rewritten.push(message);
    }
  }
  flushObservations();
  return rewritten;
}
