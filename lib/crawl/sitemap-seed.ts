/**
 * Seeding from sitemaps: the sitemaps robots.txt names (and sitemap indexes
 * one level down) give extra start URLs of the site. The report then
 * compares them with the crawl: sitemap URLs no link leads to, and crawled
 * pages the sitemap leaves out.
 */
import { isHtml } from '../http/content-type.ts';
import { decodeText } from '../http/decode-text.ts';
import { headerValues } from '../http/types.ts';
import { parseRobotsFetch } from '../robots/decide-fetch.ts';
import { robotsPolicyFor } from '../robots/policy.ts';
import { normalizeUrl } from '../url/normalize-url.ts';
import type { CrawlBook, SitemapNote } from './crawl-book.ts';
import type { CrawlSteps } from './crawl.ts';
import { inScope, type CrawlScope } from './scope.ts';
import { parseSitemap } from './sitemap.ts';

/** Sitemap files read at most (indexes included), so a hostile index cannot fan out forever. */
const MAX_SITEMAP_FILES = 10;

export async function seedFromSitemaps(
  book: CrawlBook,
  origin: string,
  scope: CrawlScope,
  steps: CrawlSteps,
): Promise<SitemapNote> {
  const note: SitemapNote = { sitemaps: [], urls: [], errors: [] };
  const robots = await steps.robots.answerFor(origin);
  const pending =
    robotsPolicyFor(robots).policy === 'rules'
      ? parseRobotsFetch(robots).sitemaps.map((s) => s.url)
      : [];
  if (pending.length === 0) note.errors.push('robots.txt names no sitemap');
  while (pending.length > 0 && note.sitemaps.length < MAX_SITEMAP_FILES) {
    const sitemapUrl = pending.shift()!;
    note.sitemaps.push(sitemapUrl);
    const xml = await fetchSitemap(sitemapUrl, steps, note);
    if (xml === null) continue;
    const parsed = parseSitemap(xml, sitemapUrl);
    note.errors.push(...parsed.errors.map((error) => `${sitemapUrl}: ${error}`));
    pending.push(...parsed.sitemaps);
    for (const { loc } of parsed.urls) seed(book, scope, loc, sitemapUrl, note);
  }
  return note;
}

async function fetchSitemap(
  url: string,
  steps: CrawlSteps,
  note: SitemapNote,
): Promise<string | null> {
  const gate = await steps.robots.decide(url);
  if (!gate.allowed) {
    note.errors.push(`${url}: ${gate.reason}`);
    return null;
  }
  const outcome = await steps.fetcher.fetch({ url, method: 'GET', referrer: null, wantBody: true });
  const response = outcome.response;
  if (!response || response.status !== 200) {
    note.errors.push(
      `${url}: ${outcome.error?.message ?? `HTTP ${response?.status ?? 'no answer'}`}`,
    );
    return null;
  }
  const contentType = headerValues(response, 'content-type')[0];
  if (isHtml(contentType) && contentType !== undefined)
    note.errors.push(`${url}: served as HTML (${contentType})`);
  return decodeText(response.body, contentType, false);
}

function seed(
  book: CrawlBook,
  scope: CrawlScope,
  loc: string,
  sitemapUrl: string,
  note: SitemapNote,
): void {
  const normalized = normalizeUrl(loc);
  if (!normalized.ok || !inScope(normalized.url, scope).allowed) {
    note.errors.push(`${sitemapUrl}: ${loc} is not a URL of this site`);
    return;
  }
  note.urls.push(normalized.url);
  book.enqueue({
    url: normalized.url,
    origin: new URL(normalized.url).origin,
    depth: 0,
    internal: true,
    method: 'GET',
    referrer: sitemapUrl,
  });
}
