/**
 * A run id or episode the store does not hold: a mistake in how toolgauge was called (exit code 2, as
 * for any usage error), not a failure of toolgauge. Kept apart so the command line can recognise it
 * without loading the store.
 */
export class UnknownRunError extends Error {
  override readonly name = 'UnknownRunError';
}
