/**
 * What the reference server (a fake model that plays gold solutions over the OpenAI and Anthropic wire
 * formats) hands a benchmark: a model request read into one neutral form, whatever provider format it
 * came in. A benchmark answers it statelessly, from the request alone.
 */

import type { Turn } from './participant.js';
import type { ToolSchema } from './tool.js';

/** One tool call as it appears in a request's history (arguments parsed when they were JSON). */
export interface ReferenceCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: unknown;
}

/**
 * A request's conversation, from the requesting model's point of view. An assistant message is one turn:
 * text, or the calls of one turn.
 */
export type ReferenceMessage =
  | { readonly role: 'system'; readonly text: string }
  | { readonly role: 'user'; readonly text: string }
  | { readonly role: 'assistant'; readonly text: string; readonly calls: readonly ReferenceCall[] }
  | { readonly role: 'tool'; readonly callId: string; readonly text: string };

/**
 * The text of toolgauge's connection check (the preflight before a run): a lone user message with no
 * tools. A server may answer it with anything; the reference server answers "OK".
 */
export const CONNECTION_CHECK_PROMPT = 'Reply with the single word OK.';

export interface ReferenceRequest {
  readonly model: string;
  readonly messages: readonly ReferenceMessage[];
  readonly tools: readonly ToolSchema[];
}

/** A turn the reference model plays, as the agent or as a simulated user, or why it cannot. */
export type ReferenceAnswer =
  | { readonly role: 'agent' | 'user'; readonly turn: Turn; readonly caseId: string }
  | { readonly unmatched: string };

/** A benchmark's reference model over a set of its cases. */
export interface ReferencePlayer {
  readonly caseCount: number;
  /** How many source items the cases come from (ToolSandbox scenarios, ToolTalk conversations, …). */
  readonly itemCount: number;
  /** Case files left out, and cases that cannot be played, one line each naming the file and field. */
  readonly problems: readonly string[];
  /**
   * Cases no model can play as the oracle does, because a request of theirs is the same as another
   * case's whose gold differs (the server plays the first such case's); each is also named in `problems`.
   */
  readonly indistinguishable?: readonly string[];
  /** Prepares every case now rather than on first use. */
  warm(): void;
  /**
   * For a player that loads its cases on first use: loads them (if not yet begun) and resolves when
   * `caseCount` and `problems` are final. Absent: they are final from the start.
   */
  ready?(): Promise<void>;
  answer(request: ReferenceRequest): Promise<ReferenceAnswer>;
}
