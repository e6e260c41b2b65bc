/**
 * Every link on an HTML page, with its origin (element, attribute, text,
 * line) and its absolute URL. The crawler uses readPage (lib/crawl), which
 * gets links, fingerprint and robots META from the same single parse; this
 * is the links-only entry point.
 */
import type { ExtractedLink } from './link-types.ts';
import { resolveLinks } from './resolve-links.ts';
import { scanHtml } from './scan-html.ts';

export interface ExtractedLinks {
  /** In document order. */
  links: ExtractedLink[];
  /** Links past `maxLinks`, counted but not returned. */
  omittedLinkCount: number;
  /** The first `<base href>` as written (decoded), when present. */
  baseHref?: string;
}

export interface ExtractLinksOptions {
  maxLinks?: number;
}

/** Links kept per page at most: far above real pages, and it bounds memory on hostile ones. */
export const DEFAULT_MAX_LINKS = 20_000;

export function extractLinks(
  html: string,
  pageUrl: string,
  options: ExtractLinksOptions = {},
): ExtractedLinks {
  const scanned = scanHtml(html, { maxLinks: options.maxLinks ?? DEFAULT_MAX_LINKS });
  const result: ExtractedLinks = {
    links: resolveLinks(scanned.links, pageUrl, scanned.baseHref),
    omittedLinkCount: scanned.omittedLinkCount,
  };
  if (scanned.baseHref !== undefined) result.baseHref = scanned.baseHref;
  return result;
}
