/**
 * The model adapter contract: one request, one reply, no tool execution. toolgauge's executor runs
 * tools; an adapter only turns a conversation plus tool schemas into a provider request and the
 * provider's reply into text and tool calls.
 */

import type { ToolSchema } from './tool.js';
import type { ToolCall } from './tool-call.js';

/** A conversation message in the provider-neutral form adapters translate from. */
export type ModelMessage =
  | { readonly role: 'system'; readonly text: string }
  | { readonly role: 'user'; readonly text: string }
  | { readonly role: 'assistant'; readonly text: string; readonly toolCalls: readonly ToolCall[] }
  | {
      readonly role: 'tool';
      readonly callId: string;
      readonly toolName: string;
      /** The result or the error, rendered as text (JSON for results). */
      readonly text: string;
      readonly isError: boolean;
    };

export interface ModelSettings {
  readonly temperature?: number;
  readonly seed?: number;
  readonly maxOutputTokens?: number;
  /** Whether the model may return several tool calls in one reply. */
  readonly parallelToolCalls?: boolean;
}

export interface ModelRequest {
  readonly messages: readonly ModelMessage[];
  readonly tools: readonly ToolSchema[];
  readonly settings: ModelSettings;
  readonly signal?: AbortSignal;
}

export interface TokenUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

export interface ModelResponse {
  /** Text the model addressed to the user (may be empty when it only calls tools). */
  readonly text: string;
  readonly toolCalls: readonly ToolCall[];
  readonly usage: TokenUsage;
  /** Provider's stop reason, passed through for diagnosis (`stop`, `tool-calls`, `length`, …). */
  readonly finishReason: string;
}

/**
 * A model behind some provider. `generate` throws `InfrastructureError` for failures that are not the
 * model's (network, 5xx after retries); any other throw is treated as the agent's failure.
 */
export interface ModelAdapter {
  /** `provider:model`, e.g. `openai:gpt-4o`. */
  readonly id: string;
  /**
   * Where the model is served, when that can change its answers: a normalised base URL without
   * credentials (`http://127.0.0.1:8000/v1`). Part of the response-cache key, so that two servers
   * that serve the same model id never share answers. Wrappers pass their inner adapter's through.
   */
  readonly endpoint?: string;
  generate(request: ModelRequest): Promise<ModelResponse>;
}
