/**
 * Turns links as written into absolute URLs and sorts them into requests,
 * non-requests and invalid values (see link-types.ts). Resolution is the
 * WHATWG URL parser's, the one browsers and `fetch` use, against the
 * document's base URL: the first `<base href>` (itself resolved against the
 * page URL) when there is one, else the page URL.
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import type { ExtractedLink, LinkOrigin } from './link-types.ts';
import { appendPlainPath, baseDirectory, type BaseDirectory } from './plain-relative.ts';

const FETCHABLE_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:']);
/** The HTML standard ignores a `<base href>` that resolves to one of these. */
const IGNORED_BASE_PROTOCOLS: ReadonlySet<string> = new Set(['data:', 'javascript:']);

/** Strings only: holding thousands of URL objects per page costs more in garbage collection than parsing. */
type Resolution = { href: string; protocol: string } | { error: Phrase };

/**
 * The base URL relative links resolve against; undefined when even the page
 * URL is unusable, so absolute links still resolve (a bad base would fail them all).
 */
export function documentBaseUrl(pageUrl: string, baseHref: string | undefined): string | undefined {
  const page = tryUrl(pageUrl, undefined);
  const pageBase = 'href' in page ? page.href : undefined;
  if (baseHref === undefined) return pageBase;
  const base = tryUrl(baseHref, pageBase);
  return 'href' in base && !IGNORED_BASE_PROTOCOLS.has(base.protocol) ? base.href : pageBase;
}

export function resolveLinks(
  origins: readonly LinkOrigin[],
  pageUrl: string,
  baseHref: string | undefined,
): ExtractedLink[] {
  const base = documentBaseUrl(pageUrl, baseHref);
  const page = withoutFragment(pageUrl);
  // A fragment-only link resolves to the base URL with another fragment, so
  // whether it stays in this document is one answer for the whole page
  // (no URL parse per `#anchor`: Doxygen pages have dozens).
  const fragmentsStayHere = base !== undefined && withoutFragment(base) === page;
  const directory = baseDirectory(base);
  // Pages repeat links (menus, footers); each distinct value is parsed once.
  const cache = new Map<string, Resolution>();
  return origins.map((origin) => {
    let resolution = cache.get(origin.raw);
    if (resolution === undefined) {
      resolution = resolve(origin.raw, base, directory);
      cache.set(origin.raw, resolution);
    }
    return classify(origin, resolution, fragmentsStayHere);
  });
}

function classify(
  origin: LinkOrigin,
  resolution: Resolution,
  fragmentsStayHere: boolean,
): ExtractedLink {
  const { raw, element, attribute, text, rel, line } = origin;
  // Fields copied one by one: object spread here costs more than the URL parsing.
  if ('error' in resolution) {
    return {
      raw,
      element,
      attribute,
      text,
      rel,
      line,
      kind: 'invalid',
      reason: resolution.error,
    };
  }
  const { href: url, protocol } = resolution;
  const scheme = protocol.slice(0, -1);
  if (!FETCHABLE_PROTOCOLS.has(protocol)) {
    const reason = 'other-scheme';
    return { raw, element, attribute, text, rel, line, kind: 'not-a-request', url, scheme, reason };
  }
  // `#top` is a jump within this document, unless a <base> points it at another one.
  if (fragmentsStayHere && isFragmentOnly(raw)) {
    const reason = 'fragment-only';
    return { raw, element, attribute, text, rel, line, kind: 'not-a-request', url, scheme, reason };
  }
  return { raw, element, attribute, text, rel, line, kind: 'request', url };
}

/**
 * Whether the URL parser reads `raw` as `#…`: what it strips (stripUrlWhitespace)
 * is all at most U+0020, so the first character above that decides, without
 * copying the string.
 */
function isFragmentOnly(raw: string): boolean {
  for (let at = 0; at < raw.length; at++) {
    const code = raw.charCodeAt(at);
    if (code > 0x20) return code === 0x23;
  }
  return false;
}

/** A plain relative path without the URL parser (plain-relative.ts), anything else with it. */
function resolve(
  raw: string,
  base: string | undefined,
  directory: BaseDirectory | null,
): Resolution {
  if (directory !== null) {
    const href = appendPlainPath(directory, raw);
    if (href !== null) return { href, protocol: directory.protocol };
  }
  return tryUrl(raw, base);
}

function tryUrl(raw: string, base: string | undefined): Resolution {
  try {
    const url = new URL(raw, base);
    return { href: url.href, protocol: url.protocol };
  } catch {
    const error = phrase('url_invalid', { url: raw.length > 100 ? `${raw.slice(0, 100)}…` : raw });
    return { error };
  }
}

function withoutFragment(url: string): string | null {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    return parsed.href;
  } catch {
    return null;
  }
}
