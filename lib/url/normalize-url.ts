/**
 * The crawler's visited-set key: one spelling per resource. The WHATWG URL
 * parser (what browsers and `fetch` use) already lower-cases the scheme and
 * host, converts IDN hosts to punycode, drops the default port, resolves
 * `.`/`..` segments (also written `%2e`) and turns an empty path into `/`;
 * on top of that this decodes escapes of unreserved characters, upper-cases
 * the rest, and drops the fragment and any `user:password@` (RFC 3986
 * §6.2.2; the crawler never sends credentials). It deliberately does
 * NOT equate `/dir/index.html` with `/dir/`, nor `/a` with `/a/`: servers
 * may answer them differently, so they stay separate keys (see
 * alias-hints.ts for reporting them as likely aliases).
 *
 * The result is a fixed point: normalizeUrl(normalizeUrl(u).url) gives the
 * same URL, because everything changed here is something the parser keeps.
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { parseUrl } from './http-url.ts';
import { normalizeEscapes } from './percent-escapes.ts';

export type NormalizedUrl = { ok: true; url: string } | { ok: false; reason: Phrase };

/** Schemes a crawler can request; anything else (mailto:, ftp:, data:) has no visited key. */
const FETCHABLE_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:']);

/** Longest input quoted back in a reason, so one huge string cannot flood a report. */
const MAX_QUOTED_CHARS = 100;

function refused(reason: Phrase): NormalizedUrl {
  return { ok: false, reason };
}

/** Normalizes `input` (resolved against `base` when relative). Never throws. */
export function normalizeUrl(input: string, base?: string): NormalizedUrl {
  const parsed = parseUrl(input, base);
  if (parsed === null) {
    const url = quote(input);
    return refused(
      base === undefined ? phrase('url_invalid_no_base', { url }) : phrase('url_invalid', { url }),
    );
  }
  if (!FETCHABLE_PROTOCOLS.has(parsed.protocol)) {
    return refused(phrase('url_not_http', { protocol: parsed.protocol }));
  }
  // Each setter re-serializes the whole URL: only call the ones with work to do.
  // `hash` reads '' for an empty fragment (`/a#`), so ask the input; a base's fragment is never inherited.
  if (input.includes('#')) parsed.hash = '';
  // The crawler never sends credentials (and fetch refuses URLs that carry them).
  if (parsed.username !== '') parsed.username = '';
  if (parsed.password !== '') parsed.password = '';
  const pathname = removeDotSegments(normalizeEscapes(parsed.pathname));
  if (pathname !== parsed.pathname) parsed.pathname = pathname;
  // An empty `?` is kept: RFC 3986 §6.2.3 only drops empty components when the scheme says so.
  const search = normalizeEscapes(parsed.search);
  if (search !== parsed.search) parsed.search = search;
  return { ok: true, url: parsed.href };
}

/**
 * normalizeUrl for a string that is already a URL parser's serialization
 * (`URL.href`), as link extraction gives: with no credentials, escapes or
 * `/.` (Node 20's parser can leave dot segments) before its fragment, the
 * key is the href up to its first `#` (a serialization's first `#` starts
 * its fragment), and the crawler skips a second parse for every link of
 * every page. Reference pages link their own sections by the thousand
 * (`erlang.html#spawn-1`): with the fragment cut here rather than by the
 * parser's `hash` setter, normalizing links fell from ~20 % of a crawl of
 * Debian's Erlang docs.
 */
export function normalizeHref(href: string): NormalizedUrl {
  if (!href.startsWith('http://') && !href.startsWith('https://')) return normalizeUrl(href);
  const fragment = href.indexOf('#');
  const key = fragment < 0 ? href : href.slice(0, fragment);
  return /[@%]|\/\./.test(key) ? normalizeUrl(href) : { ok: true, url: key };
}

/**
 * RFC 3986 §5.2.4 on an absolute path whose escapes are normalized (so `%2e`
 * is `.` by now). The parser should have done it, but Node 20's (ada) leaves
 * `.` and `..` after a segment that starts with a dot: `/a/.b/../c` stays as
 * written instead of becoming `/a/c`.
 */
function removeDotSegments(path: string): string {
  const segments = path.split('/').slice(1);
  if (!segments.some(isDotSegment)) return path;
  const kept: string[] = [];
  segments.forEach((segment, index) => {
    if (segment === '..') kept.pop();
    if (!isDotSegment(segment)) kept.push(segment);
    // `/a/.` and `/a/b/..` name the directory: the trailing `/` stays.
    else if (index === segments.length - 1) kept.push('');
  });
  return `/${kept.join('/')}`;
}

function isDotSegment(segment: string): boolean {
  return segment === '.' || segment === '..';
}

function quote(input: string): string {
  const text = String(input);
  return text.length <= MAX_QUOTED_CHARS ? text : `${text.slice(0, MAX_QUOTED_CHARS)}…`;
}
