/** A mistake in how toolgauge was called or configured: exit code 2, with a pointer to the help. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
