/**
 * Tool calls, their outcomes and the closed set of tool errors.
 *
 * A tool error is what the *model* sees when a call cannot be carried out; it never ends an episode.
 * What ends an episode is a {@link TerminationReason} (see `termination.ts`).
 */

/** A request to run one tool, as a role produced it. */
export interface ToolCall {
  /** Unique within the episode; ties the result back to the call. */
  readonly id: string;
  /** The tool name as the caller wrote it (it may not exist: that is an `unknown-tool` error). */
  readonly name: string;
  /**
   * The arguments: either an object already parsed by a model adapter, or the raw JSON text the model
   * produced. Raw text that is not a JSON object is reported as `unparsable-arguments`.
   */
  readonly arguments: Readonly<Record<string, unknown>> | string;
}

/**
 * The closed set of reasons a tool call can fail. The first six come from the executor's checks before
 * the tool runs (in this order); the rest are raised by tools themselves.
 */
export type ToolErrorKind =
  /** No tool of that name is available to the caller. */
  | 'unknown-tool'
  /** The arguments are not a JSON object. */
  | 'unparsable-arguments'
  /** An argument name the tool does not declare. */
  | 'unknown-argument'
  /** A required argument is absent. */
  | 'missing-argument'
  /** An argument has the wrong JSON type (e.g. a string where a number is expected). */
  | 'invalid-argument-type'
  /** Arguments of the right types that still break the declared schema (enum, range, format). */
  | 'invalid-arguments'
  /** A well-formed value that makes no sense for the domain (malformed phone number, unknown currency). */
  | 'invalid-value'
  /** A connection the tool needs is unavailable (e.g. cellular or wifi is off). */
  | 'connection'
  /** The tool is not permitted in the current state (e.g. location service is off). */
  | 'permission'
  /** The thing the call refers to does not exist. */
  | 'not-found'
  /** The call would create something that already exists. */
  | 'duplicate'
  /** A fault inside the tool itself: a bug, not the caller's mistake. */
  | 'internal';

export const TOOL_ERROR_KINDS: readonly ToolErrorKind[] = [
  'unknown-tool',
  'unparsable-arguments',
  'unknown-argument',
  'missing-argument',
  'invalid-argument-type',
  'invalid-arguments',
  'invalid-value',
  'connection',
  'permission',
  'not-found',
  'duplicate',
  'internal',
];

/** A tool error as the model sees it. */
export interface ToolError {
  readonly kind: ToolErrorKind;
  /** What went wrong, in one or two plain sentences addressed to the model. */
  readonly message: string;
  /** How to fix it, when there is a way (e.g. "turn cellular service on first"). */
  readonly hint?: string;
  /** Structured facts for scorers and viewers (e.g. the unknown argument names). */
  readonly details?: Readonly<Record<string, unknown>>;
}

/** The outcome of one call: a JSON value, or a tool error. */
export type ToolOutcome =
  | { readonly type: 'result'; readonly value: unknown }
  | { readonly type: 'error'; readonly error: ToolError };
