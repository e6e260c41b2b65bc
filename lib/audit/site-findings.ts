/**
 * The checks only a whole crawl can make, over the audited pages and the
 * crawl's answers (see types.ts): canonical and hreflang targets, titles and
 * descriptions across pages, sitemaps against the crawl, internal links to
 * redirects and `rel=nofollow`, pages reached only through noindex pages,
 * pages too large to be read whole.
 * Each family is its own module; this one runs them and orders the result
 * (by code, then URL), so the same crawl always gives the same list.
 */
import { canonicalFindings } from './canonical-checks.ts';
import { compareFindings } from './finding.ts';
import { hreflangFindings } from './hreflang-checks.ts';
import { linkFindings } from './link-checks.ts';
import { pagesByUrl } from './page-states.ts';
import { sitemapFindings } from './sitemap-checks.ts';
import { sizeFindings } from './size-checks.ts';
import { titleFindings } from './title-checks.ts';
import type { SiteAuditInput, SiteFinding, SiteFindingCode } from './types.ts';

export { SITE_FINDING_CODES, SITE_FINDING_SEVERITY } from './finding-severity.ts';

export function siteFindings(given: SiteAuditInput): SiteFinding[] {
  const input = withUniquePages(given);
  return [
    ...canonicalFindings(input),
    ...hreflangFindings(input),
    ...titleFindings(input),
    ...sitemapFindings(input),
    ...linkFindings(input),
    ...sizeFindings(input),
  ].sort(compareFindings);
}

/** Findings per code (codes without findings left out): the report's `audit.byFinding`. */
export function findingCounts(
  findings: readonly SiteFinding[],
): Partial<Record<SiteFindingCode, number>> {
  const counts: Partial<Record<SiteFindingCode, number>> = {};
  for (const { code } of findings) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
}

/**
 * The input with each URL's page once (the first entry), so no finding comes
 * twice, and without URLs that redirected: the page is where they ended (a
 * redirect answered with its end's status and text must not make a
 * duplicate of it). Written out rather than spread: the input may be a class
 * instance whose methods live on its prototype.
 */
function withUniquePages(given: SiteAuditInput): SiteAuditInput {
  return {
    settings: given.settings,
    startUrls: given.startUrls,
    pages: [...pagesByUrl(given).values()].filter(
      (page) => given.target(page.url)?.status !== 'redirected',
    ),
    target: (url) => given.target(url),
    linkedFrom: (url) => given.linkedFrom(url),
    hasFollowedLink: (url) => given.hasFollowedLink(url),
    nofollowLinks: given.nofollowLinks,
    nofollowLinkCount: given.nofollowLinkCount,
    redirectLinks: given.redirectLinks,
    sitemapUrls: given.sitemapUrls,
    robotAllows: (url) => given.robotAllows(url),
  };
}
