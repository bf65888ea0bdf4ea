/**
 * Messages on the bus. The bus is append-only; each role reads only the messages whose `visibleTo`
 * lists it. One message carries one thing: a text, one tool call, or one tool result. Several calls made
 * in one turn are several messages sharing a `batch` number, as in the ToolSandbox paper, so that
 * milestones can be matched to individual calls and turn counts stay comparable with it.
 */
import type { Role } from './roles.js';
import type { ToolCall, ToolOutcome } from './tool-call.js';

interface MessageBase {
  /** Position on the bus, from 0. The world snapshot "after message k" is indexed by this. */
  readonly index: number;
  readonly sender: Role;
  readonly recipient: Role;
  /** Roles that can read this message. Defaults to sender and recipient. */
  readonly visibleTo: readonly Role[];
  /** Set on messages placed before the episode starts (system prompt, demonstrations, opening line). */
  readonly seeded?: boolean;
}

/** Plain text between user and agent, or a system prompt. */
export interface TextMessage extends MessageBase {
  readonly type: 'text';
  readonly text: string;
}

/** One tool call, from the agent (or the user) to the executor. */
export interface ToolCallMessage extends MessageBase {
  readonly type: 'tool-call';
  readonly call: ToolCall;
  /** Calls made in the same turn share a batch number (they are "parallel calls"). */
  readonly batch: number;
}

/** The executor's answer to one call. */
export interface ToolResultMessage extends MessageBase {
  readonly type: 'tool-result';
  readonly callId: string;
  readonly toolName: string;
  readonly outcome: ToolOutcome;
  readonly batch: number;
}

export type Message = TextMessage | ToolCallMessage | ToolResultMessage;

/** A message before the bus has given it an index and defaulted its visibility. */
export type NewMessage = DistributiveOmit<Message, 'index' | 'visibleTo'> & {
  readonly visibleTo?: readonly Role[];
};

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
