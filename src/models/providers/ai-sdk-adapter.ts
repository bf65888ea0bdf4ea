import { generateText, type JSONSchema7, type JSONValue, jsonSchema, type LanguageModel, type ToolSet, tool } from 'ai';
import type {
  ModelAdapter,
  ModelRequest,
  ModelResponse,
  ModelSettings,
  TokenUsage,
  ToolCall,
  ToolSchema,
} from '../../spec/index.js';
import { toSdkPrompt } from './ai-sdk-messages.js';
import { DEFAULT_MAX_TOOL_ARGUMENT_BYTES, formatBytes } from './bounded-fetch.js';
import type { NativeModelSpec, NativeProvider } from './model-spec.js';
import { ProviderError, toProviderError } from './provider-error.js';

/** The provider-options key under which the OpenAI-compatible provider passes raw body fields through. */
export const OPENAI_COMPATIBLE_PROVIDER_NAME = 'openaiCompatible';

/** What an {@link AiSdkAdapter} needs: the spec it serves, the AI SDK model, and what must stay secret. */
export interface AiSdkAdapterOptions {
  readonly spec: NativeModelSpec;
  /** An AI SDK language model from the provider package that matches `spec.provider`. */
  readonly model: LanguageModel;
  /** API keys and auth header values, removed from every error message. */
  readonly secrets?: readonly string[];
  /** The endpoint as described by `describeEndpoint` (no credentials); part of the cache key. */
  readonly endpoint?: string;
  /** Largest tool-call arguments accepted, in bytes of JSON (default 64 KiB). */
  readonly maxToolArgumentBytes?: number;
}

type ProviderOptions = Record<string, Record<string, JSONValue>>;

/**
 * A model adapter over the AI SDK's `generateText`: one request, one step, no tool execution. Tools
 * are sent natively (their JSON Schema as is, with no `execute`, so the SDK hands the calls back), the
 * reply becomes text, tool calls and usage, and every failure becomes a `ProviderError`.
 *
 * The SDK never retries (`maxRetries: 0`): toolgauge's run layer retries, using the error's
 * `retryable` and `retryAfterMs`. Tool-call arguments that are not valid JSON come back as the raw text
 * the model wrote, so the executor can tell the model its arguments did not parse.
 */
export class AiSdkAdapter implements ModelAdapter {
  readonly id: string;
  readonly endpoint?: string;
  readonly #model: LanguageModel;
  readonly #spec: NativeModelSpec;
  readonly #secrets: readonly string[];
  readonly #maxToolArgumentBytes: number;

  constructor(options: AiSdkAdapterOptions) {
    this.id = `${options.spec.provider}:${options.spec.model}`;
    if (options.endpoint !== undefined) this.endpoint = options.endpoint;
    this.#model = options.model;
    this.#spec = options.spec;
    this.#secrets = options.secrets ?? [];
    this.#maxToolArgumentBytes = options.maxToolArgumentBytes ?? DEFAULT_MAX_TOOL_ARGUMENT_BYTES;
  }

  async generate(request: ModelRequest): Promise<ModelResponse> {
    const { instructions, messages } = toSdkPrompt(request.messages, {
      markToolErrors: this.#spec.provider !== 'openai',
    });
    const hasTools = request.tools.length > 0;
    const providerOptions = hasTools ? parallelToolCallOptions(this.#spec.provider, request.settings) : {};
    let result: Awaited<ReturnType<typeof generateText>>;
    try {
      result = await generateText({
        model: this.#model,
        ...(instructions.length > 0 ? { instructions } : {}),
        messages,
        ...(hasTools ? { tools: toSdkTools(request.tools), toolChoice: 'auto' as const } : {}),
        ...callSettings(this.#spec.provider, request.settings),
        ...(Object.keys(providerOptions).length > 0 ? { providerOptions } : {}),
        maxRetries: 0,
        ...(request.signal ? { abortSignal: request.signal } : {}),
      });
    } catch (error) {
      throw toProviderError(error, {
        provider: this.#spec.provider,
        model: this.#spec.model,
        secrets: this.#secrets,
        ...(request.signal ? { signal: request.signal } : {}),
      });
    }
    const toolCalls = result.toolCalls.map(
      (call): ToolCall => ({ id: call.toolCallId, name: call.toolName, arguments: toolArguments(call.input) }),
    );
    const usage = { inputTokens: result.usage.inputTokens ?? 0, outputTokens: result.usage.outputTokens ?? 0 };
    for (const call of toolCalls) this.#checkArgumentSize(call, usage);
    return { text: result.text, toolCalls, usage, finishReason: result.finishReason };
  }

  /** Tool arguments over the limit end the episode with a clear failure instead of filling the store. */
  #checkArgumentSize(call: ToolCall, usage: TokenUsage): void {
    const text = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
    const bytes = Buffer.byteLength(text);
    if (bytes <= this.#maxToolArgumentBytes) return;
    throw new ProviderError(
      `${this.id}: the arguments of tool call "${call.name}" are ${formatBytes(bytes)}, over the ${formatBytes(this.#maxToolArgumentBytes)} limit`,
      { provider: this.#spec.provider, model: this.#spec.model, retryable: false, usage },
    );
  }
}

/** Tools as the AI SDK declares them: description and raw JSON Schema, deliberately without `execute`. */
function toSdkTools(tools: readonly ToolSchema[]): ToolSet {
  const toolSet: ToolSet = {};
  for (const schema of tools) {
    toolSet[schema.name] = tool({
      description: schema.description,
      inputSchema: jsonSchema(schema.parameters as JSONSchema7),
    });
  }
  return toolSet;
}

/** Temperature, seed and output limit; Anthropic has no seed, so it is left out there rather than warned about. */
function callSettings(
  provider: NativeProvider,
  settings: ModelSettings,
): { temperature?: number; seed?: number; maxOutputTokens?: number } {
  return {
    ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
    ...(settings.seed !== undefined && provider !== 'anthropic' ? { seed: settings.seed } : {}),
    ...(settings.maxOutputTokens !== undefined ? { maxOutputTokens: settings.maxOutputTokens } : {}),
  };
}

/**
 * The parallel-tool-call switch in each provider's terms: OpenAI's `parallelToolCalls`, Anthropic's
 * `disableParallelToolUse` (only when parallel calls are off), and for OpenAI-compatible servers the
 * raw `parallel_tool_calls` body field. Gemini has no such switch.
 */
function parallelToolCallOptions(provider: NativeProvider, settings: ModelSettings): ProviderOptions {
  const parallel = settings.parallelToolCalls;
  if (parallel === undefined) return {};
  switch (provider) {
    case 'openai':
      return { openai: { parallelToolCalls: parallel } };
    case 'anthropic':
      return parallel ? {} : { anthropic: { disableParallelToolUse: true } };
    case 'openai-compatible':
      return { [OPENAI_COMPATIBLE_PROVIDER_NAME]: { parallel_tool_calls: parallel } };
    case 'google':
      return {};
  }
}

/**
 * The arguments as toolgauge keeps them: a JSON object as an object; anything else as text. The AI SDK
 * passes the model's raw text when it is not JSON (an "invalid" tool call); a JSON value that is not an
 * object (a list, a number) is written back out as text, so the executor reports it as unparsable.
 */
function toolArguments(input: unknown): ToolCall['arguments'] {
  if (typeof input === 'string') return input;
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) return input as Record<string, unknown>;
  return JSON.stringify(input) ?? '';
}
