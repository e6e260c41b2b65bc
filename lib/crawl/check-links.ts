/**
 * Checking a list of links without crawling (a page's own links, on demand):
 * the same robots gate, politeness, frontier, hop-by-hop fetch and statuses
 * as the crawl, but nothing is read or followed. Each link is checked with HEAD
 * where possible (GET when HEAD is refused).
 *
 * Given the page the links are on, the check keeps to the crawl's rules
 * for it: redirect hops off the page's origin are not requested unless
 * other sites are checked, and no link or hop goes from a public page to a
 * loopback, private or link-local address (address-guard.ts).
 */
import type { HttpFetch } from '../http/types.ts';
import { normalizeUrl } from '../url/normalize-url.ts';
import type { Clock } from './clock.ts';
import { AddressGuard } from './address-guard.ts';
import { CrawlBook } from './crawl-book.ts';
import { Dispatcher } from './dispatch.ts';
import { chooseMethod } from './fetch-plan.ts';
import { LinkFetcher } from './fetch-link.ts';
import { Frontier, type FrontierEntry } from './frontier.ts';
import { recordOfOutcome, refusalFields } from './outcome-record.ts';
import { Politeness, type Slot } from './politeness.ts';
import { RobotsGate } from './robots-gate.ts';
import { originScope } from './scope.ts';
import { DEFAULT_CRAWL_OPTIONS, type CrawlOptions, type UrlRecord } from './types.ts';

export interface CheckLinksPorts {
  http: HttpFetch;
  clock: Clock;
  signal?: AbortSignal;
  /** The page the links are on: its origin is the scope and its address the start. */
  pageUrl?: string;
  /** The address rule shared with the HTTP port; made from `pageUrl` when not given. */
  addressGuard?: AddressGuard;
}

export async function checkLinks(
  urls: readonly string[],
  options: Partial<CrawlOptions>,
  ports: CheckLinksPorts,
): Promise<UrlRecord[]> {
  const merged: CrawlOptions = { ...DEFAULT_CRAWL_OPTIONS, ...options, startUrls: [] };
  const book = CrawlBook.start(merged, ports.clock.nowMs());
  const signal = ports.signal ?? new AbortController().signal;
  const politeness = new Politeness({ ...merged, clock: ports.clock, signal });
  const onRequest = () => void book.requests++;
  const deps = { http: ports.http, clock: ports.clock, politeness, signal, onRequest };
  const scope = ports.pageUrl ? originScope(ports.pageUrl) : undefined;
  const addressGuard =
    ports.addressGuard ?? (ports.pageUrl ? new AddressGuard(ports.pageUrl) : undefined);
  const robots = new RobotsGate({
    ...deps,
    book,
    ...(addressGuard ? { addressGuard } : {}),
    ...(scope ? { scope } : {}),
  });
  const fetcher = new LinkFetcher({
    ...deps,
    robots,
    options: merged,
    ...(scope ? { scope } : {}),
  });
  const unique = [
    ...new Set(urls.map((url) => normalizeUrl(url)).flatMap((n) => (n.ok ? [n.url] : []))),
  ];
  const frontier = new Frontier();
  for (const url of unique) frontier.push(entryOf(url));
  const records = new Map<string, UrlRecord>();
  const dispatcher = new Dispatcher<never>({
    frontier,
    politeness,
    clock: ports.clock,
    signal,
    visit: async (entry, slot) =>
      void records.set(entry.url, await checkOne(entry, slot, robots, fetcher, ports.clock)),
  });
  try {
    await dispatcher.run();
  } finally {
    await dispatcher.settled();
  }
  return unique.map((url) => records.get(url)!);
}

function entryOf(url: string): FrontierEntry {
  return {
    url,
    origin: new URL(url).origin,
    depth: 0,
    internal: false,
    method: chooseMethod({ url, internal: false }),
    referrer: null,
  };
}

async function checkOne(
  entry: FrontierEntry,
  slot: Slot,
  robots: RobotsGate,
  fetcher: LinkFetcher,
  clock: Clock,
): Promise<UrlRecord> {
  const { url } = entry;
  const gate = await robots.decide(url, slot);
  if (!gate.allowed)
    return { url, depth: 0, internal: false, httpStatus: null, ...refusalFields(gate) };
  const startedMs = clock.nowMs();
  const outcome = await fetcher.fetch(
    { url, method: entry.method, referrer: null, wantBody: false },
    slot,
  );
  return recordOfOutcome(entry, outcome, clock.nowMs() - startedMs);
}
