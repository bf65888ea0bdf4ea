/**
 * The role interfaces. An agent and a user are both participants: given what they can see, they take a
 * turn. The agent may address the user (text) or the executor (tool calls); the user may address the
 * agent (text) or end the conversation (its `end_conversation` tool).
 */
import type { Message } from './message.js';
import type { ToolSchema } from './tool.js';
import type { ToolCall } from './tool-call.js';

/** What a participant is given when it is its turn. */
export interface TurnRequest {
  /** The messages visible to this participant, in bus order. */
  readonly messages: readonly Message[];
  /** The tools this participant may call, as it should see them. */
  readonly tools: readonly ToolSchema[];
  /** Aborted when the episode is cancelled (e.g. a run is stopped). */
  readonly signal?: AbortSignal;
}

/** A turn: text to the other party, or one or more tool calls made at once. */
export type Turn =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'tool-calls'; readonly calls: readonly ToolCall[] };

/**
 * An agent under test. Implement this to evaluate your own agent (see `examples/`); a model behind a
 * model adapter is wrapped into one by toolgauge.
 *
 * Throwing ends the episode: an `InfrastructureError` as `infrastructure-failure`, anything else as
 * `agent-failure`.
 */
export interface Agent {
  /** Shown in reports, e.g. `openai:gpt-4o` or `my-agent@1.2`. */
  readonly name: string;
  respond(request: TurnRequest): Promise<Turn>;
  /**
   * Called once the episode is over, played or failed: release what the agent holds (an external agent's
   * process and MCP server). Optional.
   */
  close?(): Promise<void>;
}

/**
 * The simulated user. Its tools are the user tools (`end_conversation`). Throwing ends the episode with
 * `infrastructure-failure`: a broken simulator is never the agent's fault.
 */
export interface User {
  readonly name: string;
  respond(request: TurnRequest): Promise<Turn>;
}
