/**
 * Seeding from sitemaps: the sitemaps robots.txt names (and sitemap indexes
 * one level down) give extra start URLs of the site. The report then
 * compares them with the crawl: sitemap URLs no link leads to, and crawled
 * pages the sitemap leaves out.
 *
 * Only sitemaps on the crawled site are fetched, and never through a
 * redirect off it: a sitemap named elsewhere (sitemaps.org's cross-host
 * submissions, or any address a hostile robots.txt names) is listed with
 * why it was not fetched, so no other site's answer enters the report.
 * A sitemap's entries count when they are on the crawled site and, as
 * sitemaps.org says, under the sitemap's own folder on its own host — or
 * anywhere on the host whose robots.txt named the sitemap, which proves
 * it may (sitemap.ts).
 */
import { parseHttpUrl } from '../url/http-url.ts';
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { isHtml } from '../http/content-type.ts';
import { decodeText } from '../http/decode-text.ts';
import { headerValues } from '../http/types.ts';
import { parseRobotsFetch } from '../robots/decide-fetch.ts';
import { robotsPolicyFor } from '../robots/policy.ts';
import { normalizeUrl } from '../url/normalize-url.ts';
import type { CrawlBook, SitemapNote } from './crawl-book.ts';
import type { CrawlSteps } from './steps.ts';
import { inScope, type CrawlScope } from './scope.ts';
import { parseSitemap } from './sitemap.ts';
import { siteResourceRequest, type FetchOutcome } from './fetch-link.ts';

/** Sitemap files read at most (indexes included), so a hostile index cannot fan out forever. */
const MAX_SITEMAP_FILES = 10;

export async function seedFromSitemaps(
  book: CrawlBook,
  origin: string,
  scope: CrawlScope,
  steps: CrawlSteps,
): Promise<SitemapNote> {
  const note: SitemapNote = {
    sitemaps: [],
    urls: [],
    errors: [],
    notFetched: [],
  };
  const robots = await steps.robots.answerFor(origin);
  const pending =
    robotsPolicyFor(robots).policy === 'rules'
      ? parseRobotsFetch(robots).sitemaps.map((s) => s.url)
      : [];
  if (pending.length === 0) noteError(note, phrase('sitemap_none_named'));
  while (pending.length > 0 && note.sitemaps.length < MAX_SITEMAP_FILES) {
    const sitemapUrl = pending.shift()!;
    note.sitemaps.push(sitemapUrl);
    // robots.txt may name one relatively (`Sitemap: /sitemap.xml`): robots cannot use it, nor can we.
    if (parseHttpUrl(sitemapUrl) === null) {
      noteError(note, phrase('sitemap_unusable', { url: sitemapUrl }));
      continue;
    }
    if (!inScope(sitemapUrl, scope).allowed) {
      notFetched(note, sitemapUrl, phrase('reach_sitemap_other_site'));
      continue;
    }
    const xml = await fetchSitemap(sitemapUrl, steps, note);
    if (xml === null) continue;
    // robots.txt of `origin` named this sitemap (or its index): that proves it may list the whole host.
    const parsed = parseSitemap(xml, sitemapUrl, { provenOrigin: origin });
    for (const error of parsed.errors)
      noteError(note, phrase('sitemap_error_in', { url: sitemapUrl, error }));
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
    if (gate.addressRefused) notFetched(note, url, gate.reason);
    else noteError(note, phrase('sitemap_error_in', { url, error: gate.reason }));
    return null;
  }
  const outcome = await steps.fetcher.fetch(siteResourceRequest(url));
  const refusal = offSiteRefusal(outcome);
  if (refusal) {
    notFetched(note, url, refusal);
    return null;
  }
  const response = outcome.response;
  if (!response || response.status !== 200) {
    const error = outcome.error
      ? outcome.error.detail
      : response
        ? `HTTP ${response.status}`
        : phrase('sitemap_no_answer');
    noteError(note, phrase('sitemap_error_in', { url, error }));
    return null;
  }
  const contentType = headerValues(response, 'content-type')[0];
  if (isHtml(contentType) && contentType !== undefined)
    noteError(note, phrase('sitemap_html', { url, type: contentType }));
  return decodeText(response.body, contentType, false);
}

/** A redirect off the site, or to an address the crawl must not reach: why the sitemap was not read. */
function offSiteRefusal(outcome: FetchOutcome): Phrase | null {
  if (outcome.offSite)
    return phrase('reach_sitemap_redirect_off_site', { url: outcome.offSite.url });
  if (outcome.refused) {
    const { url, reason } = outcome.refused;
    return phrase('reach_redirect_not_requested', { url, reason });
  }
  if (outcome.error?.kind === 'address-refused')
    return phrase('error_with_detail', {
      what: phrase('reach_error_address'),
      message: outcome.error.detail,
    });
  return null;
}

/** A sitemap left unfetched: listed as robots.txt named it, with why, and among the errors. */
function notFetched(note: SitemapNote, url: string, reason: Phrase): void {
  (note.notFetched ??= []).push({ url, reason });
  noteError(note, phrase('reach_sitemap_not_fetched', { url, reason }));
}

function noteError(note: SitemapNote, error: Phrase): void {
  note.errors.push(error);
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
    noteError(note, phrase('sitemap_not_this_site', { url: sitemapUrl, loc }));
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
