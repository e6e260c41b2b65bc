/**
 * What got worse, in one line (the notification's message).
 * PLACEHOLDER of the contract: the watch-core branch implements it.
 */
import type { Phrase } from '../i18n/phrase.ts';
import type { CrawlChanges } from './types.ts';

export function worseSummary(_changes: CrawlChanges): Phrase {
  throw new Error('worseSummary: not built yet');
}
