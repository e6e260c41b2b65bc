/**
 * What the site checks ask of a page or a crawl answer, decided once here so
 * every family answers the same way: was the page read (2xx HTML the audit
 * robot may fetch), is it noindex, does it name another canonical, is a
 * target broken or redirected.
 */
import type { PageAudit, SiteAuditInput, TargetState } from './types.ts';

/** Blocking verdict reasons that come from the page's own robots directives (META or header). */
const NOINDEX_REASONS: ReadonlySet<string> = new Set([
  'meta-robots',
  'x-robots-tag',
  'unavailable-after',
]);

/** The audited pages by URL (the first one wins if a URL repeats). */
export function pagesByUrl(input: SiteAuditInput): Map<string, PageAudit> {
  const byUrl = new Map<string, PageAudit>();
  for (const page of input.pages) if (!byUrl.has(page.url)) byUrl.set(page.url, page);
  return byUrl;
}

export function isSuccess(status: number | null): boolean {
  return status !== null && status >= 200 && status <= 299;
}

/**
 * A page the audit robot reads as HTML: a 2xx answer, robots.txt lets it
 * fetch, and the crawl parsed it (a fingerprint, no `not-html` reason). Its
 * canonical and hreflang links count; an error page's or a blocked page's
 * never reach a search engine.
 */
export function isReadPage(page: PageAudit): boolean {
  return (
    isSuccess(page.status) &&
    !page.blockedForRobot &&
    page.fingerprint !== null &&
    !page.reasons.some((reason) => reason.code === 'not-html')
  );
}

/**
 * A read page the audit robot may index: the pages titles, sitemaps and
 * reach are about. Not one that sends its visitors elsewhere at once: a
 * search engine takes it as a redirect and indexes the target (rustdoc's
 * 153 `<title>Redirection</title>` stubs in Debian's Rust docs were each
 * `description-missing` and a `title-duplicate` of the others).
 */
export function isIndexablePage(page: PageAudit): boolean {
  return page.indexable && isReadPage(page) && !refreshesAway(page);
}

/** An instant `<meta http-equiv="refresh">` to another URL (the verdict's note says so). */
export function refreshesAway(page: PageAudit): boolean {
  return page.reasons.some(
    (reason) => reason.code === 'meta-refresh' && reason.detail.key === 'refresh_instant',
  );
}

/** Not indexable because of its own robots META or X-Robots-Tag (noindex, unavailable_after). */
export function isNoindexed(page: PageAudit): boolean {
  return page.reasons.some((reason) => reason.blocking && NOINDEX_REASONS.has(reason.code));
}

/**
 * The canonical URL robots follow: an http(s) one. Any other (Debian's
 * Python docs name `file:///usr/share/doc/…` on every page) is ignored by
 * them, which the page's own verdict says (`canonical-invalid`), so the
 * whole-site checks take the page as naming none.
 */
export function usableCanonical(page: PageAudit): string | null {
  if (page.canonical === null) return null;
  return /^https?:\/\//i.test(page.canonical) ? page.canonical : null;
}

/** The page names a canonical URL other than itself. */
export function canonicalElsewhere(page: PageAudit): boolean {
  const canonical = usableCanonical(page);
  return canonical !== null && canonical !== page.url;
}

/**
 * Broken for a search engine: an error status or no answer at all. A URL the
 * crawl did not request (skipped, blocked for its own token) or was told to
 * slow down on (429) is not known to be broken, so it is not.
 */
export function isBrokenTarget(state: TargetState): boolean {
  if (state.status === 'broken' || state.status === 'forbidden') return true;
  if (state.status === 'rate-limited') return false;
  return state.httpStatus !== null && state.httpStatus >= 400;
}

export function isRedirectedTarget(state: TargetState): boolean {
  return state.status === 'redirected';
}

/** Where a redirect ends, or the URL itself when the crawl did not keep it. */
export function redirectEnd(state: TargetState): string {
  return state.finalUrl ?? state.url;
}

/** The host (name and port) of a URL, or null when it is not a URL. */
export function hostOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}
