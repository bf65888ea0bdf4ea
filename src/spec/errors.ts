/**
 * Errors thrown across module boundaries. Each has a stable `name` so callers can tell them apart
 * without `instanceof` (which breaks across duplicated package copies).
 */

/** A definition is wrong (a tool, a schema, a world table): raised when it is made, never mid-episode. */
export class DefinitionError extends Error {
  override readonly name = 'DefinitionError';
}

/**
 * Something outside the agent under test failed: a provider outage after retries, a network error, a
 * user simulator that broke. An episode that meets one ends with `infrastructure-failure`, so that it
 * is not counted against the agent.
 */
export class InfrastructureError extends Error {
  override readonly name = 'InfrastructureError';
  constructor(
    message: string,
    readonly options: { readonly cause?: unknown; readonly retryable?: boolean } = {},
  ) {
    super(message, { cause: options.cause });
  }
}

/** True for an {@link InfrastructureError}, including one from another copy of this package. */
export function isInfrastructureError(error: unknown): error is InfrastructureError {
  return error instanceof Error && error.name === 'InfrastructureError';
}
