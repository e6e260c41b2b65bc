/**
 * The checks only a whole crawl can make, over the audited pages and the
 * crawl's answers (see types.ts): canonical and hreflang targets, titles and
 * descriptions across pages, sitemaps against the crawl, internal links to
 * redirects and `rel=nofollow`, pages reached only through noindex pages.
 */
import type { SiteAuditInput, SiteFinding } from './types.ts';

export function siteFindings(input: SiteAuditInput): SiteFinding[] {
  // Placeholder of the contract commit: the site-findings change fills it.
  void input;
  return [];
}
