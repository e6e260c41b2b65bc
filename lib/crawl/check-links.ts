/**
 * Checking a list of links without crawling (a page's own links, on demand):
 * the same robots gate, polite scheduler, hop-by-hop fetch and statuses as
 * the crawl, but nothing is read or followed. Each link is checked with HEAD
 * where possible (GET when HEAD is refused).
 */
import type { HttpFetch } from '../http/types.ts';
import { normalizeUrl } from '../url/normalize-url.ts';
import type { Clock } from './clock.ts';
import { CrawlBook } from './crawl-book.ts';
import { chooseMethod } from './fetch-plan.ts';
import { LinkFetcher } from './fetch-link.ts';
import { recordOfOutcome, refusalFields } from './outcome-record.ts';
import { OriginScheduler } from './politeness.ts';
import { RobotsGate } from './robots-gate.ts';
import { DEFAULT_CRAWL_OPTIONS, type CrawlOptions, type UrlRecord } from './types.ts';

export interface CheckLinksPorts {
  http: HttpFetch;
  clock: Clock;
  signal?: AbortSignal;
  /**
   * The links' scope, when links to other sites are not to be checked: a
   * redirect out of it is reported ("redirects to another site"), and
   * neither its target nor that site's robots.txt is requested.
   */
  inScope?: (url: string) => boolean;
}

export async function checkLinks(
  urls: readonly string[],
  options: Partial<CrawlOptions>,
  ports: CheckLinksPorts,
): Promise<UrlRecord[]> {
  const merged: CrawlOptions = { ...DEFAULT_CRAWL_OPTIONS, ...options, startUrls: [] };
  const book = CrawlBook.start(merged, ports.clock.nowMs());
  const signal = ports.signal ?? new AbortController().signal;
  const scheduler = new OriginScheduler({ ...merged, clock: ports.clock });
  const onRequest = () => void book.requests++;
  const deps = { http: ports.http, clock: ports.clock, scheduler, signal, onRequest };
  const robots = new RobotsGate({ ...deps, book });
  const fetcher = new LinkFetcher({
    ...deps,
    robots,
    options: merged,
    ...(ports.inScope ? { inScope: ports.inScope } : {}),
  });
  const unique = [
    ...new Set(urls.map((url) => normalizeUrl(url)).flatMap((n) => (n.ok ? [n.url] : []))),
  ];
  return Promise.all(unique.map((url) => checkOne(url, robots, fetcher, ports.clock)));
}

async function checkOne(
  url: string,
  robots: RobotsGate,
  fetcher: LinkFetcher,
  clock: Clock,
): Promise<UrlRecord> {
  const entry = {
    url,
    origin: new URL(url).origin,
    depth: 0,
    internal: false,
    method: chooseMethod({ url, internal: false }),
    referrer: null,
  };
  const gate = await robots.decide(url);
  if (!gate.allowed)
    return { url, depth: 0, internal: false, httpStatus: null, ...refusalFields(gate) };
  const startedMs = clock.nowMs();
  const outcome = await fetcher.fetch({
    url,
    method: entry.method,
    referrer: null,
    wantBody: false,
  });
  return recordOfOutcome(entry, outcome, clock.nowMs() - startedMs);
}
