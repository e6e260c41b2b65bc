/**
 * Internal links the whole crawl sees:
 * - `link-to-redirect`: a URL that redirects and the pages that link it
 *   (url = the redirecting URL, target = where it ends, related = the pages);
 * - `internal-nofollow-link`: a `rel=nofollow` link to the site itself
 *   (url = the page carrying it, target = the link); the input lists the
 *   first few, and each finding then says how many there are in all;
 * - `reachable-only-via-noindex`: an indexable page (not a start URL) that
 *   pages link, but never with a link the audit robot follows (every link
 *   comes from a noindex, nofollow or blocked page, or is nofollow itself).
 */
import { phrase } from '../i18n/phrase.ts';
import { finding, relatedUrls } from './finding.ts';
import { isIndexablePage } from './page-states.ts';
import type { NofollowLink, SiteAuditInput, SiteFinding } from './types.ts';

export function linkFindings(input: SiteAuditInput): SiteFinding[] {
  return [...redirectFindings(input), ...nofollowFindings(input), ...reachFindings(input)];
}

function redirectFindings(input: SiteAuditInput): SiteFinding[] {
  return input.redirectLinks
    .filter((link) => link.pages.length > 0)
    .map((link) => {
      const related = relatedUrls(link.pages);
      return finding(
        'link-to-redirect',
        link.url,
        phrase('site_finding_link_to_redirect', { final: link.to, pages: related }),
        { target: link.to, related },
      );
    });
}

function nofollowFindings(input: SiteAuditInput): SiteFinding[] {
  const listed = uniqueLinks(input.nofollowLinks);
  const unlisted = input.nofollowLinkCount > listed.length;
  return listed.map((link) => {
    const detail = unlisted
      ? phrase('site_finding_internal_nofollow_link_more', {
          target: link.url,
          total: input.nofollowLinkCount,
          listed: listed.length,
        })
      : phrase('site_finding_internal_nofollow_link', { target: link.url });
    const value = link.text.trim();
    return finding(
      'internal-nofollow-link',
      link.page,
      detail,
      value === '' ? { target: link.url } : { target: link.url, value },
    );
  });
}

/** One per (page, target): a page linking a URL twice with nofollow is one thing to fix. */
function uniqueLinks(links: readonly NofollowLink[]): NofollowLink[] {
  const seen = new Set<string>();
  return links.filter((link) => {
    const key = `${link.page}\n${link.url}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function reachFindings(input: SiteAuditInput): SiteFinding[] {
  const starts = new Set(input.startUrls);
  const out: SiteFinding[] = [];
  for (const page of input.pages) {
    if (!isIndexablePage(page) || starts.has(page.url)) continue;
    const linked = input.linkedFrom(page.url);
    if (linked.count === 0 || input.hasFollowedLink(page.url)) continue;
    const related = relatedUrls(linked.pages);
    out.push(
      finding(
        'reachable-only-via-noindex',
        page.url,
        phrase('site_finding_reachable_only_via_noindex', { pages: related }),
        { related },
      ),
    );
  }
  return out;
}
