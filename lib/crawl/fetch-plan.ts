/**
 * GET or HEAD? "Use HEAD where possible" (Koster's guidelines): a page of
 * the site is fetched with GET because its links are read; everything else
 * — images, scripts, documents, and any page of another site — is only
 * checked, so HEAD is enough. A HEAD the server refuses (405, 501) or fails
 * is repeated with GET before the link is called broken.
 */
import type { LinkElement } from '../links/link-types.ts';

export type FetchMethod = 'GET' | 'HEAD';

/** Elements whose target is a resource, not a page. */
const RESOURCE_ELEMENTS: ReadonlySet<LinkElement> = new Set([
  'img',
  'source',
  'script',
  'link',
  'style',
]);

/** Endings that are almost never HTML pages. */
const NON_HTML_EXTENSION =
  /\.(pdf|jpe?g|png|gif|webp|avif|svg|ico|bmp|tiff?|zip|gz|tgz|bz2|xz|rar|7z|mp3|mp4|m4a|m4v|mov|avi|webm|ogg|oga|wav|flac|woff2?|ttf|otf|eot|css|js|mjs|map|json|xml|txt|csv|docx?|xlsx?|pptx?|odt|ods|exe|msi|dmg|apk|iso|bin)$/i;

export interface FetchPlanInput {
  url: string;
  /** A page of the crawled site (its links are read), not an outside link. */
  internal: boolean;
  /** The element the first link to it came from, when known. */
  element?: LinkElement;
  /** Link `rel` tokens of that element (`stylesheet`, `icon`, …). */
  rel?: readonly string[];
}

export function chooseMethod({ url, internal, element, rel }: FetchPlanInput): FetchMethod {
  if (!internal) return 'HEAD';
  // The site's stylesheets are read for their url() and @import links.
  if (isStylesheet(url, rel)) return 'GET';
  if (element !== undefined && RESOURCE_ELEMENTS.has(element) && !isPageLink(element, rel))
    return 'HEAD';
  return NON_HTML_EXTENSION.test(pathOf(url)) ? 'HEAD' : 'GET';
}

/**
 * `<link>` relations that name another page of the site (HTML's and the
 * registered ones documentation generators write: Sphinx links `index`,
 * `search`, `copyright`, `author`, `next` and `prev` from every page); other
 * `<link>`s name resources.
 */
const PAGE_RELS: ReadonlySet<string> = new Set([
  'alternate',
  'next',
  'prev',
  'previous',
  'canonical',
  'index',
  'search',
  'help',
  'author',
  'copyright',
  'license',
  'start',
  'first',
  'last',
  'up',
  'contents',
  'glossary',
  'chapter',
  'section',
  'subsection',
  'appendix',
  'bookmark',
]);

function isPageLink(element: LinkElement, rel: readonly string[] | undefined): boolean {
  return element === 'link' && (rel ?? []).some((token) => PAGE_RELS.has(token));
}

/** HEAD answers that do not prove a link dead: try GET before saying so. */
export function shouldRetryWithGet(status: number | null): boolean {
  return status === null || status === 405 || status === 501 || status >= 400;
}

function isStylesheet(url: string, rel: readonly string[] | undefined): boolean {
  return (rel ?? []).includes('stylesheet') || /\.css$/i.test(pathOf(url));
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
