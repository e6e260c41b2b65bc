/**
 * When robots.txt forbids fetching, the robot never sees the page or its
 * headers, so a noindex there can never take effect — the classic mistake of
 * "Disallow + noindex" to remove a page. Said once per source.
 */
import type { MessageValue } from '../i18n/catalog.ts';
import { phrase } from '../i18n/phrase.ts';
import type { DirectiveSource } from './directive-sources.ts';
import type { Reason } from './types.ts';

export function noindexUnseenReasons(
  sources: readonly DirectiveSource[],
  robot: MessageValue,
): Reason[] {
  return sources
    .filter((s) => s.rules.noindex)
    .map((s) => {
      const made = phrase('noindex_unseen', { label: s.label, robot });
      return {
        code: 'noindex-unseen',
        blocking: false,
        source: s.source,
        detail: made,
      };
    });
}
