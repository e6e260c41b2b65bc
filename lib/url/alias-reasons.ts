/**
 * Why two spellings collapse to one visited key: the report says "these URLs
 * are one page, because …". Each reason names one normalization step that
 * changed the spelling as written (see normalize-url.ts). Only spelling
 * differences count: resolving an ordinary relative link (`../img.png`) is
 * not an alias, so leading `./`/`../` of a relative path is not reported.
 */
import { normalizeUrl } from './normalize-url.ts';
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { isUnreservedCode } from './percent-escapes.ts';
import { stripUrlWhitespace } from './url-whitespace.ts';

export type AliasReason =
  | 'whitespace'
  | 'backslash'
  | 'scheme-case'
  | 'credentials'
  | 'host-case'
  | 'idn-host'
  | 'ip-address'
  | 'default-port'
  | 'empty-path'
  | 'dot-segment'
  | 'unreserved-escape'
  | 'escape-case'
  | 'unencoded-character'
  | 'fragment';

/** Report wording for each reason, in the order reasons are listed. */
export const ALIAS_REASON_TEXT: Readonly<Record<AliasReason, string>> = {
  whitespace: 'spaces, tabs or line breaks around or inside the URL are dropped',
  backslash: '"\\" is read as "/" in http(s) URLs',
  'scheme-case': 'the scheme is case-insensitive (HTTP: = http:)',
  credentials: 'user name and password are never sent by the crawler',
  'host-case': 'the host name is case-insensitive',
  'idn-host': 'an international host name is the same as its punycode (xn--) form',
  'ip-address': 'an IP address has one standard spelling (0x7f.1 = 127.0.0.1, [0:0::1] = [::1])',
  'default-port': 'the default port (:80 for http, :443 for https) is implied',
  'empty-path': 'an empty path is "/"',
  'dot-segment': '"." and ".." path segments are resolved',
  'unreserved-escape':
    '%xx of a letter, digit, "-", ".", "_" or "~" is the character itself (%7E = ~)',
  'escape-case': 'the hex digits of %xx escapes are case-insensitive (%2f = %2F)',
  'unencoded-character': 'characters not allowed in URLs are sent %-encoded',
  fragment: 'the #fragment is never sent to the server',
};

const REASON_ORDER = Object.keys(ALIAS_REASON_TEXT) as AliasReason[];

/** RFC 3986 appendix B, with `\` already turned into `/`. */
const URI_PARTS =
  /^(?:([A-Za-z][A-Za-z0-9+.-]*):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(#[\s\S]*)?$/;
/** Characters the URL parser %-encodes: controls, space, non-ASCII and a few ASCII. */
const UNENCODED_IN_PATH = /[^\x21-\x7e]|["<>`{}]/;
const UNENCODED_IN_QUERY = /[^\x21-\x7e]|["<>']/;
const ESCAPE = /%([0-9A-Fa-f]{2})/g;
/**
 * A `\` before any `?` or `#`. Scaladoc writes `#…$@:\[B](z:B)…` fragments:
 * on Debian's Scala 2.11 docs, 457 links were listed as aliases for them.
 */
const BACKSLASH_BEFORE_QUERY = /^[^?#]*\\/;
const DOT = 0x2e;
const PERCENT = 0x25;
const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443 };

/**
 * A link with no scheme, authority, escape, fragment, white space or
 * unusual character (`/p/12.html`, `img/a.png?w=2`): only dot segments can
 * make it an alias. Most links of most pages look so, and the crawler asks
 * about every link of every page.
 */
const PLAIN_RELATIVE = /^(?!\/\/)[\w./~?=&-]*$/;
/**
 * The same, with a #fragment of ordinary characters (no white space, no
 * `\`): a generated reference page links its own sections so, thousands
 * of times (Doxygen's `a01234.html#ab12`).
 */
const PLAIN_RELATIVE_WITH_FRAGMENT = /^(?!\/\/)([\w./~?=&-]*)#[\w./~?=&:%!$'()*+,;@-]*$/;

/** Every normalization `raw` (resolved against `base`) needed, in a fixed order. */
export function aliasReasons(raw: string, base?: string): AliasReason[] {
  if (PLAIN_RELATIVE.test(raw)) return plainReasons(raw);
  const plain = PLAIN_RELATIVE_WITH_FRAGMENT.exec(raw);
  if (plain !== null) return [...plainReasons(plain[1]!), 'fragment'];
  return fullAliasReasons(raw, base);
}

/** The reasons from a full reading of `raw`: what the shortcuts above must agree with. */
export function fullAliasReasons(raw: string, base?: string): AliasReason[] {
  const found = new Set<AliasReason>();
  const trimmed = stripUrlWhitespace(raw);
  if (trimmed !== raw) found.add('whitespace');
  // Read as "/" in the authority and path only: a query or #fragment keeps it as written.
  if (BACKSLASH_BEFORE_QUERY.test(trimmed)) found.add('backslash');
  const parts = URI_PARTS.exec(trimmed.replaceAll('\\', '/'));
  if (parts !== null) {
    const [, scheme, authority, path = '', query, fragment] = parts;
    if (scheme !== undefined && /[A-Z]/.test(scheme)) found.add('scheme-case');
    if (authority !== undefined) addAuthorityReasons(found, authority, parsedOf(raw, base));
    if (authority !== undefined && path === '') found.add('empty-path');
    const relativePath = scheme === undefined && authority === undefined && !path.startsWith('/');
    if (hasDotSegment(path, relativePath)) found.add('dot-segment');
    addEscapeReasons(found, path);
    addEscapeReasons(found, query ?? '');
    if (UNENCODED_IN_PATH.test(path) || UNENCODED_IN_QUERY.test(query ?? '')) {
      found.add('unencoded-character');
    }
    if (fragment !== undefined) found.add('fragment');
  }
  return REASON_ORDER.filter((reason) => found.has(reason));
}

/** A plain relative link's reasons: only dot segments can make it an alias. */
function plainReasons(raw: string): AliasReason[] {
  const query = raw.indexOf('?');
  const path = query >= 0 ? raw.slice(0, query) : raw;
  return hasDotSegment(path, !path.startsWith('/')) ? ['dot-segment'] : [];
}

export type AliasVerdict =
  { collapses: true; url: string; reasons: AliasReason[] } | { collapses: false; reason: Phrase };

/**
 * Whether two spellings share one visited key and, if so, why. `reasons` is
 * every normalization either spelling needed (empty when written alike).
 */
export function describeAlias(a: string, b: string, base?: string): AliasVerdict {
  const first = normalizeUrl(a, base);
  const second = normalizeUrl(b, base);
  if (!first.ok) return { collapses: false, reason: first.reason };
  if (!second.ok) return { collapses: false, reason: second.reason };
  if (first.url !== second.url) {
    return {
      collapses: false,
      reason: phrase('alias_different_urls', { first: first.url, second: second.url }),
    };
  }
  const found = new Set([...aliasReasons(a, base), ...aliasReasons(b, base)]);
  return {
    collapses: true,
    url: first.url,
    reasons: a === b ? [] : REASON_ORDER.filter((reason) => found.has(reason)),
  };
}

function addAuthorityReasons(found: Set<AliasReason>, authority: string, parsed: URL | null): void {
  const at = authority.lastIndexOf('@');
  if (at >= 0) found.add('credentials');
  const hostAndPort = authority.slice(at + 1);
  // A colon inside [IPv6] brackets is not a port separator.
  const portColon = hostAndPort.lastIndexOf(':');
  const hasPort = portColon > hostAndPort.lastIndexOf(']');
  const host = hasPort ? hostAndPort.slice(0, portColon) : hostAndPort;
  const port = hasPort ? hostAndPort.slice(portColon + 1) : undefined;
  if (/[A-Z]/.test(host)) found.add('host-case');
  if (/[^\p{ASCII}]|%[0-9A-Fa-f]{2}/u.test(host)) found.add('idn-host');
  if (isIpAddress(parsed?.hostname ?? '') && host.toLowerCase() !== parsed?.hostname) {
    found.add('ip-address');
  }
  const protocol = parsed?.protocol ?? '';
  if (port !== undefined && (port === '' || Number(port) === DEFAULT_PORTS[protocol])) {
    found.add('default-port');
  }
}

/** What the URL parser makes of it (for a `//host` link, the scheme is the base's). */
function parsedOf(raw: string, base: string | undefined): URL | null {
  try {
    return new URL(raw, base);
  } catch {
    return null;
  }
}

/** The parser writes IPv4 addresses as four decimal numbers and IPv6 ones in brackets. */
function isIpAddress(hostname: string): boolean {
  return hostname.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * A relative path's leading `./` and `../` are how relative links are
 * written, not aliases. Read segment by segment in place: a crawl asks
 * this of every link (split and a regex per segment were ~6 % of a crawl
 * of Debian's Erlang docs, whose links climb `../../../` a lot).
 */
export function hasDotSegment(path: string, relativePath: boolean): boolean {
  let leading = relativePath;
  for (let start = 0; start <= path.length;) {
    const slash = path.indexOf('/', start);
    const end = slash < 0 ? path.length : slash;
    if (!isDotSegmentAt(path, start, end)) leading = false;
    else if (!leading) return true;
    start = end + 1;
  }
  return false;
}

/** Whether path[start, end) is `.` or `..`, each dot also written `%2e` (any case). */
function isDotSegmentAt(path: string, start: number, end: number): boolean {
  let dots = 0;
  for (let i = start; i < end; dots++) {
    if (dots === 2) return false;
    if (path.charCodeAt(i) === DOT) i += 1;
    else if (path.charCodeAt(i) === PERCENT && path.slice(i + 1, i + 3).toLowerCase() === '2e')
      i += 3;
    else return false;
  }
  return dots > 0;
}

function addEscapeReasons(found: Set<AliasReason>, text: string): void {
  for (const [escape, hex = ''] of text.matchAll(ESCAPE)) {
    if (isUnreservedCode(parseInt(hex, 16))) found.add('unreserved-escape');
    else if (/[a-f]/.test(escape)) found.add('escape-case');
  }
}
