/** A mistake in how the command was called: exit code 2 with the message. */
import { english } from '../lib/i18n/english.ts';
import type { Phrase } from '../lib/i18n/phrase.ts';

export class UsageError extends Error {
  override readonly name = 'UsageError';
  /** The message as a phrase, for the user's language; null for text from elsewhere (Node). */
  readonly phrase: Phrase | null;

  constructor(message: Phrase | string) {
    super(typeof message === 'string' ? message : english(message));
    this.phrase = typeof message === 'string' ? null : message;
  }
}
