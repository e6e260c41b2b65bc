/**
 * The words for a comparison: one headline of what got worse (for the
 * notification, the Markdown summary, the command line's first line), and
 * one sentence per robots.txt effect ("Line 3 (Disallow: /archive/) now
 * blocks 2 crawled pages for googlebot").
 */
import { counted, phrase, type Phrase } from '../i18n/phrase.ts';
import type { CrawlChanges, RobotsLineEffect } from './types.ts';

/** "1 new broken link; 1 page no longer indexable; robots.txt changed": only what is not zero. */
export function worseSummary(changes: CrawlChanges): Phrase {
  const worse = changes.worse;
  const parts: Phrase[] = [];
  if (worse.newBroken > 0) parts.push(counted('watch_new_broken', worse.newBroken));
  if (worse.lostIndexable > 0) parts.push(counted('watch_lost_indexable', worse.lostIndexable));
  if (worse.newRedirects > 0) parts.push(counted('watch_new_redirects', worse.newRedirects));
  if (worse.newTraps > 0) parts.push(counted('watch_new_traps', worse.newTraps));
  if (worse.robotsChanged > 0) parts.push(counted('watch_robots_changed', worse.robotsChanged));
  if (worse.sitemapUrlsRemoved > 0) {
    parts.push(counted('watch_sitemap_removed', worse.sitemapUrlsRemoved));
  }
  return parts.length === 0 ? phrase('watch_nothing_worse') : phrase('watch_parts', { parts });
}

/** What one line of the new robots.txt does to the crawled pages (both ways when it does both). */
export function robotsEffectPhrase(effect: RobotsLineEffect): Phrase {
  const parts: Phrase[] = [];
  if (effect.nowBlocked > 0) parts.push(blocks(effect));
  if (effect.nowAllowed > 0) parts.push(allows(effect));
  return parts.length === 1 ? parts[0]! : phrase('watch_parts', { parts });
}

function blocks({ line, text, robot, nowBlocked }: RobotsLineEffect): Phrase {
  return line === null
    ? counted('watch_effect_file_blocks', nowBlocked, { robot })
    : counted('watch_effect_line_blocks', nowBlocked, { line, rule: text ?? '', robot });
}

function allows({ line, text, robot, nowAllowed }: RobotsLineEffect): Phrase {
  return line === null
    ? counted('watch_effect_no_rule_allows', nowAllowed, { robot })
    : counted('watch_effect_line_allows', nowAllowed, { line, rule: text ?? '', robot });
}
