/** A mistake in how the command was called: exit code 2 with the message. */
import type { Phrase } from '../lib/i18n/phrase.ts';
import { cliTranslator } from './catalogs.ts';

export class UsageError extends Error {
  override readonly name = 'UsageError';
  /** The message as a phrase, for the user's language; null for text from elsewhere (Node). */
  readonly phrase: Phrase | null;

  /** The message itself is English, as Node's own errors are; `phrase` words it for the reader. */
  constructor(message: Phrase | string) {
    super(typeof message === 'string' ? message : cliTranslator('en').say(message));
    this.phrase = typeof message === 'string' ? null : message;
  }
}
