/**
 * URL helpers for comparing a canonical with the page: resolution against the
 * base URL, and the normalization the spec lists (lower-case scheme and host,
 * no default port, no fragment, `%xx` of unreserved characters decoded and
 * other escapes upper-cased), so `HTTP://Example.com:80/%7Efred#top` and
 * `http://example.com/~fred` compare equal.
 */

/** Absolute URL of `href` against `base`, or null when it does not resolve. */
export function resolveUrl(href: string, base: string): string | null {
  try {
    return new URL(href.trim(), base).href;
  } catch {
    return null;
  }
}

/** The base relative URLs on the page resolve against: `<base href>` (itself resolved), else the page URL. */
export function documentBase(pageUrl: string, baseHref: string | undefined): string {
  return baseHref === undefined ? pageUrl : (resolveUrl(baseHref, pageUrl) ?? pageUrl);
}

/** True when `href` is written relative (including `//host/path`), not with a scheme. */
export function isRelativeUrl(href: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(href.trim());
}

/** Comparable form of an absolute URL, or null when it is not one. */
export function normaliseUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  parsed.hash = '';
  parsed.pathname = normaliseEscapes(parsed.pathname);
  parsed.search = normaliseEscapes(parsed.search);
  return parsed.href;
}

/** Origin (scheme, host, port) of an absolute URL, or null. */
export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

function normaliseEscapes(text: string): string {
  return text.replace(/%([0-9a-f]{2})/gi, (escape: string, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : escape.toUpperCase();
  });
}
