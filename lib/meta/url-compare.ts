/**
 * URL helpers for comparing a canonical with the page: resolution against the
 * base URL, and one comparable key per resource (the crawl's own normalizeUrl:
 * lower-case scheme and host, no default port, no fragment, `%xx` of
 * unreserved characters decoded and other escapes upper-cased), so
 * `HTTP://Example.com:80/%7Efred#top` and `http://example.com/~fred` compare equal.
 */
import { parseUrl } from '../url/http-url.ts';
import { normalizeUrl } from '../url/normalize-url.ts';

/** Absolute URL of `href` against `base`, or null when it does not resolve. */
export function resolveUrl(href: string, base: string): string | null {
  return parseUrl(href.trim(), base)?.href ?? null;
}

/** The base relative URLs on the page resolve against: `<base href>` (itself resolved), else the page URL. */
export function documentBase(pageUrl: string, baseHref: string | undefined): string {
  return baseHref === undefined ? pageUrl : (resolveUrl(baseHref, pageUrl) ?? pageUrl);
}

/** True when `href` is written relative (including `//host/path`), not with a scheme. */
export function isRelativeUrl(href: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(href.trim());
}

/**
 * What two URLs share when they name one resource: normalizeUrl's key for an
 * http(s) URL; any other URL (or one that does not parse) is its own key.
 */
export function resourceKey(url: string): string {
  const normalized = normalizeUrl(url);
  return normalized.ok ? normalized.url : url;
}
