/**
 * When robots.txt forbids fetching, the robot never sees the page or its
 * headers, so a noindex there can never take effect — the classic mistake of
 * "Disallow + noindex" to remove a page. Said once per source.
 */
import type { DirectiveSource } from './directive-sources.ts';
import type { Reason } from './types.ts';

export function noindexUnseenReasons(sources: readonly DirectiveSource[], robot: string): Reason[] {
  return sources
    .filter((s) => s.rules.noindex)
    .map((s) => ({
      code: 'noindex-unseen',
      blocking: false,
      source: s.source,
      detail:
        `${s.label} says noindex, but robots.txt stops ${robot} from fetching the page, so the noindex is never seen. ` +
        'If other pages link here, the URL can still be indexed without its content. To keep it out of results, allow it in robots.txt and keep the noindex.',
    }));
}
