/**
 * Each change for the worse as one item with a title and its detail: the
 * JUnit "Changes" suite's failing cases and the Markdown summary's list
 * read the same items, so they cannot disagree.
 */
import type { Translator } from '../../lib/i18n/translator.ts';
import type { CrawlChanges } from '../../lib/watch/types.ts';
import { robotsLines } from './changes-text.ts';

export interface WorseChange {
  /** The `--fail-on` condition this change is counted under. */
  kind:
    | 'new-broken'
    | 'noindex-change'
    | 'new-redirect'
    | 'new-trap'
    | 'robots-change'
    | 'sitemap-change';
  title: string;
  detail: string;
}

export function worseChanges(changes: CrawlChanges, english: Translator): WorseChange[] {
  const { t } = english;
  const robot = changes.auditRobot ?? '';
  const codes = (list: string[]) => (list.length ? list.join(', ') : t('cli_changes_indexable'));
  return [
    ...changes.broken.added.map((row) => ({
      kind: 'new-broken' as const,
      title: t('ci_change_new_broken', { url: row.url }),
      detail: row.pages
        .map(({ page, text }) => t('ci_link_on_page_no_line', { page, text }))
        .join('\n'),
    })),
    ...changes.indexability.lost.map((row) => ({
      kind: 'noindex-change' as const,
      title: t('ci_change_lost', { robot, url: row.url, reasons: codes(row.now) }),
      detail: t('cli_changes_reasons', { before: codes(row.before), now: codes(row.now) }),
    })),
    ...changes.redirects.added.map((row) => ({
      kind: 'new-redirect' as const,
      title: t('ci_change_redirect', { from: row.from, to: row.to }),
      detail: t('cli_changes_redirect_row', { to: row.to, hops: row.hops, before: row.hopsBefore }),
    })),
    ...changes.traps.added.map((row) => ({
      kind: 'new-trap' as const,
      title: t('ci_change_trap', { url: row.url, kind: row.kind }),
      detail: '',
    })),
    ...changes.robots.map((change) => {
      const [title, ...detail] = robotsLines(change, english);
      return { kind: 'robots-change' as const, title: title!, detail: detail.join('\n') };
    }),
    ...(changes.sitemap?.urlsRemoved ?? []).map((url) => ({
      kind: 'sitemap-change' as const,
      title: t('ci_change_sitemap_removed', { url }),
      detail: '',
    })),
  ];
}
