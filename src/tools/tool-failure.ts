import type { ToolError, ToolErrorKind } from '../spec/index.js';

/**
 * Thrown by a tool to fail with a typed error the model will see. Anything else a tool throws becomes an
 * `internal` error: still returned to the model, never ending the episode.
 */
export class ToolFailure extends Error {
  override readonly name = 'ToolFailure';
  constructor(readonly error: ToolError) {
    // A typed failure is an answer for the model, not a bug: no stack trace is captured (which costs).
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(error.message);
    Error.stackTraceLimit = stackTraceLimit;
  }
}

/** Fails the current tool call: `throw fail('connection', 'Cellular service is off.', 'Turn it on.')`. */
export function fail(
  kind: ToolErrorKind,
  message: string,
  hint?: string,
  details?: Readonly<Record<string, unknown>>,
): ToolFailure {
  return new ToolFailure({
    kind,
    message,
    ...(hint === undefined ? {} : { hint }),
    ...(details === undefined ? {} : { details }),
  });
}

export function isToolFailure(error: unknown): error is ToolFailure {
  return error instanceof Error && error.name === 'ToolFailure' && 'error' in error;
}
