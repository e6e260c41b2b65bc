/**
 * Sitemaps against the crawl, only when sitemaps were read. Each listed URL
 * gets at most one finding, the first that applies: blocked by robots.txt
 * for the audit robot, broken (error status or no answer), redirected,
 * noindex, naming another canonical; else `sitemap-orphan` when the crawl
 * got a 2xx answer for it, it is no start URL and no page of the site links
 * it. A listed URL the crawl never met gets no finding about its answer.
 * `not-in-sitemap`: indexable pages the crawl read (2xx HTML, naming no other
 * canonical) that no sitemap lists.
 */
import { phrase } from '../i18n/phrase.ts';
import { finding } from './finding.ts';
import { compareText } from '../text/compare-text.ts';
import {
  canonicalElsewhere,
  isBrokenTarget,
  isIndexablePage,
  isNoindexed,
  isRedirectedTarget,
  isSuccess,
  pagesByUrl,
  redirectEnd,
} from './page-states.ts';
import type { PageAudit, SiteAuditInput, SiteFinding } from './types.ts';

export function sitemapFindings(input: SiteAuditInput): SiteFinding[] {
  if (input.sitemapUrls === null) return [];
  const listed = new Set(input.sitemapUrls);
  const pages = pagesByUrl(input);
  const out: SiteFinding[] = [];
  for (const url of [...listed].sort(compareText)) {
    const found = listedUrlFinding(input, pages.get(url), url);
    if (found) out.push(found);
  }
  for (const page of input.pages) {
    if (!isIndexablePage(page) || canonicalElsewhere(page) || listed.has(page.url)) continue;
    out.push(finding('not-in-sitemap', page.url, phrase('site_finding_not_in_sitemap')));
  }
  return out;
}

function listedUrlFinding(
  input: SiteAuditInput,
  page: PageAudit | undefined,
  url: string,
): SiteFinding | null {
  if (!input.robotAllows(url)) {
    return finding(
      'sitemap-blocked',
      url,
      phrase('site_finding_sitemap_blocked', { robot: input.settings.robot }),
    );
  }
  const state = input.target(url);
  if (state && isBrokenTarget(state)) {
    return finding('sitemap-broken', url, phrase('site_finding_sitemap_broken'));
  }
  if (state && isRedirectedTarget(state)) {
    const final = redirectEnd(state);
    return finding(
      'sitemap-redirected',
      url,
      phrase('site_finding_sitemap_redirected', { final }),
      { target: final },
    );
  }
  if (page && isNoindexed(page)) {
    return finding('sitemap-noindex', url, phrase('site_finding_sitemap_noindex'));
  }
  if (page && canonicalElsewhere(page)) {
    const canonical = page.canonical!;
    return finding(
      'sitemap-non-canonical',
      url,
      phrase('site_finding_sitemap_non_canonical', { canonical }),
      { target: canonical },
    );
  }
  if (state && isSuccess(state.httpStatus) && isOrphan(input, url)) {
    return finding('sitemap-orphan', url, phrase('site_finding_sitemap_orphan'));
  }
  return null;
}

function isOrphan(input: SiteAuditInput, url: string): boolean {
  return !input.startUrls.includes(url) && input.linkedFrom(url).count === 0;
}
