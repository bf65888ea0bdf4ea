import { createHash } from 'node:crypto';
import type { ModelAdapter, ModelRequest, ModelResponse, ModelSettings, ToolCall } from '../../spec/index.js';
import { toPromptModeConversation } from './prompt-mode-instructions.js';
import { parsePromptModeReply } from './prompt-mode-reply-parser.js';

/**
 * Prompt mode, for models without native tool calling: wraps any model adapter, describes the tools in
 * the system prompt instead of sending them, and reads tool calls out of the reply text (a JSON call
 * object or list, or `Action:` / `Action Input:` lines). Tool results reach the model as
 * "Observation" text turns. A call whose JSON does not parse is still returned, with the raw text as
 * its arguments, so the executor reports it to the model; a reply without a call is text for the user.
 * With no tools in the request, the reply is always text.
 *
 * Call ids are derived from the conversation, so the same conversation always yields the same ids.
 */
export class PromptModeAdapter implements ModelAdapter {
  readonly id: string;
  readonly endpoint?: string;

  constructor(private readonly inner: ModelAdapter) {
    this.id = `prompt:${inner.id}`;
    if (inner.endpoint !== undefined) this.endpoint = inner.endpoint;
  }

  async generate(request: ModelRequest): Promise<ModelResponse> {
    const { parallelToolCalls, ...innerSettings }: ModelSettings = request.settings;
    const response = await this.inner.generate({
      messages: toPromptModeConversation(request.messages, request.tools, parallelToolCalls),
      tools: [],
      settings: innerSettings,
      ...(request.signal ? { signal: request.signal } : {}),
    });
    if (request.tools.length === 0) return { ...response, toolCalls: [] };
    const reply = parsePromptModeReply(
      response.text,
      request.tools.map((tool) => tool.name),
    );
    if (reply.calls.length === 0) return { ...response, text: reply.text, toolCalls: [] };
    const idPrefix = callIdPrefix(request, response.text);
    const toolCalls = reply.calls.map(
      (call, index): ToolCall => ({ id: `${idPrefix}_${index}`, name: call.name, arguments: call.arguments }),
    );
    return { ...response, text: reply.text, toolCalls, finishReason: 'tool-calls' };
  }
}

/** `call_<hash>`: a hash of the conversation and the reply, unique within an episode and reproducible. */
function callIdPrefix(request: ModelRequest, reply: string): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([request.messages, reply]))
    .digest('hex');
  return `call_${hash.slice(0, 12)}`;
}
