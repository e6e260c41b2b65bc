/**
 * Same-site only (spec §3: no "nosy robot"): whether a URL is inside the
 * crawl's scope. By default that is the start page's origin (scheme, host
 * and port, as browsers define it). A wider scope, the registrable domain
 * (`www.example.co.uk` and `shop.example.co.uk` both belong to
 * `example.co.uk`), needs the Public Suffix List; it comes in as a function
 * so lib/ carries no list of its own (see `GetDomain`). Links outside the
 * scope are still checked once for the dead-link report; they are never
 * crawled.
 */
import { originOf, parseUrl } from '../url/http-url.ts';

/** The registrable domain of a host name (`tldts.getDomain` fits), or null for IPs and unknown suffixes. */
export type GetDomain = (hostname: string) => string | null;

export type CrawlScope = { origin: string } | { registrableDomain: string; getDomain: GetDomain };

export type ScopeReason =
  | 'same-origin'
  | 'other-origin'
  | 'same-registrable-domain'
  | 'other-registrable-domain'
  | 'not-http'
  | 'invalid-url';

export type ScopeVerdict =
  { allowed: true; reason: ScopeReason } | { allowed: false; reason: ScopeReason; detail: string };

const HTTP_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:']);

export function inScope(url: string, scope: CrawlScope): ScopeVerdict {
  const parsed = parseUrl(url);
  if (parsed === null) {
    return { allowed: false, reason: 'invalid-url', detail: `"${url}" is not a valid URL.` };
  }
  if (!HTTP_PROTOCOLS.has(parsed.protocol)) {
    return {
      allowed: false,
      reason: 'not-http',
      detail: `${parsed.protocol} URLs are not crawled.`,
    };
  }
  return 'origin' in scope ? checkOrigin(parsed, scope.origin) : checkDomain(parsed, scope);
}

/** The default scope of a crawl started at `startUrl`: its origin. */
export function originScope(startUrl: string): CrawlScope {
  return { origin: new URL(startUrl).origin };
}

/** The registrable-domain scope of a crawl started at `startUrl` (its host when it has no such domain). */
export function registrableDomainScope(startUrl: string, getDomain: GetDomain): CrawlScope {
  const hostname = new URL(startUrl).hostname;
  return { registrableDomain: getDomain(hostname) ?? hostname, getDomain };
}

function checkOrigin(url: URL, origin: string): ScopeVerdict {
  if (url.origin === normalizeOrigin(origin)) return { allowed: true, reason: 'same-origin' };
  return {
    allowed: false,
    reason: 'other-origin',
    detail: `${url.origin} is not the crawled origin ${origin}.`,
  };
}

function checkDomain(
  url: URL,
  scope: { registrableDomain: string; getDomain: GetDomain },
): ScopeVerdict {
  // IP addresses and hosts like `localhost` have no registrable domain: they must match exactly.
  const domain = scope.getDomain(url.hostname) ?? url.hostname;
  if (domain === scope.registrableDomain.toLowerCase()) {
    return { allowed: true, reason: 'same-registrable-domain' };
  }
  return {
    allowed: false,
    reason: 'other-registrable-domain',
    detail: `${url.hostname} is not part of ${scope.registrableDomain}.`,
  };
}

/** `HTTP://Example.com:80` → `http://example.com`, so a hand-written origin still compares. */
function normalizeOrigin(origin: string): string {
  return originOf(origin) ?? origin;
}
