/** A mistake in how the command was called: exit code 2 with the message. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
