/**
 * A SiteAuditInput from a compact description of a site, for the site-check
 * tests: pages by path (everything defaults to a healthy, indexable,
 * self-describing page), extra crawl answers (redirects, errors), links as
 * `[from, to]` pairs, the sitemap, and the paths robots.txt closes to the
 * audit robot. Paths are resolved against ORIGIN; full URLs stay as written.
 */
import { asWritten, phrase } from '../../lib/i18n/phrase.ts';
import {
  DEFAULT_SITE_AUDIT_SETTINGS,
  type NofollowLink,
  type PageAudit,
  type SiteAuditInput,
  type SiteAuditSettings,
  type TargetState,
} from '../../lib/audit/types.ts';
import type { Reason } from '../../lib/verdict/types.ts';

export const ORIGIN = 'https://site.test';

/** The URL of a path on ORIGIN (full URLs unchanged). */
export function url(path: string): string {
  return /^[a-z]+:/i.test(path) ? path : `${ORIGIN}${path}`;
}

export interface PageSpec {
  /** Default 200. */
  status?: number | null;
  /** A robots META (`meta`) or X-Robots-Tag (`header`) noindex; `true` means `meta`. */
  noindex?: boolean | 'meta' | 'header';
  /** Robots.txt closes the page to the audit robot. */
  blocked?: boolean;
  /** META robots nofollow: its links are not followed. */
  nofollow?: boolean;
  /** Served as something other than HTML. */
  notHtml?: boolean;
  /** An instant `<meta http-equiv="refresh">` to this path or URL. */
  refreshTo?: string;
  /** Default `Title of <path>`; null for none. */
  title?: string | null;
  /** Default `Description of <path>`; null for none. */
  description?: string | null;
  /** A path or URL; default none. */
  canonical?: string | null;
  /** `[code, path]` pairs, as written. */
  hreflang?: [string, string][];
  /** Default unique per page; null when not read. */
  fingerprint?: string | null;
  /** Bytes read when the page was cut at the size limit; default read whole. */
  truncatedAtBytes?: number;
}

export interface TargetSpec {
  /** Where a redirect ends. */
  redirect?: string;
  status?: number | null;
  outcome?: TargetState['status'];
}

export type LinkSpec = readonly [from: string, to: string] | readonly [string, string, 'nofollow'];

export interface SiteSpec {
  pages?: Record<string, PageSpec>;
  targets?: Record<string, TargetSpec>;
  links?: readonly LinkSpec[];
  /** Default `['/']`. */
  startUrls?: string[];
  /** Default null (sitemaps not read). */
  sitemap?: string[] | null;
  /** Path prefixes robots.txt closes to the audit robot. */
  disallow?: string[];
  nofollowLinks?: { page: string; url: string; text?: string }[];
  nofollowLinkCount?: number;
  redirectLinks?: { url: string; to: string; pages: string[] }[];
  settings?: Partial<SiteAuditSettings>;
}

export function siteInput(spec: SiteSpec): SiteAuditInput {
  const pages = Object.entries(spec.pages ?? {}).map(([path, page]) => pageAudit(path, page));
  const byUrl = new Map(pages.map((page) => [page.url, page]));
  const targets = targetStates(pages, spec.targets ?? {});
  const links = (spec.links ?? []).map(([from, to, nofollow]) => ({
    from: url(from),
    to: url(to),
    nofollow: nofollow === 'nofollow',
  }));
  const nofollowPages = new Set(
    Object.entries(spec.pages ?? {})
      .filter(([, page]) => page.nofollow)
      .map(([path]) => url(path)),
  );
  const disallow = (spec.disallow ?? []).map(url);
  const inbound = (target: string) => links.filter((l) => l.to === target && l.from !== target);
  const nofollowLinks: NofollowLink[] = (spec.nofollowLinks ?? []).map((link) => ({
    page: url(link.page),
    url: url(link.url),
    text: link.text ?? '',
  }));
  return {
    settings: { ...DEFAULT_SITE_AUDIT_SETTINGS, ...spec.settings },
    startUrls: (spec.startUrls ?? ['/']).map(url),
    pages,
    target: (target) => targets.get(target) ?? null,
    linkedFrom: (target) => {
      const from = [...new Set(inbound(target).map((link) => link.from))].sort();
      return { count: from.length, pages: from };
    },
    hasFollowedLink: (target) =>
      inbound(target).some((link) => {
        const from = byUrl.get(link.from);
        return !link.nofollow && !!from && from.indexable && !nofollowPages.has(link.from);
      }),
    nofollowLinks,
    nofollowLinkCount: spec.nofollowLinkCount ?? nofollowLinks.length,
    redirectLinks: (spec.redirectLinks ?? []).map((link) => ({
      url: url(link.url),
      to: url(link.to),
      pages: link.pages.map(url),
    })),
    sitemapUrls: spec.sitemap === undefined || spec.sitemap === null ? null : spec.sitemap.map(url),
    robotAllows: (target) =>
      !disallow.some((prefix) => target.startsWith(prefix)) && !byUrl.get(target)?.blockedForRobot,
  };
}

function pageAudit(path: string, spec: PageSpec): PageAudit {
  const status = spec.status === undefined ? 200 : spec.status;
  const reasons: Reason[] = [];
  const blocking = (code: Reason['code'], source: string) =>
    reasons.push({ code, blocking: true, source, detail: asWritten(source) });
  if (spec.blocked) blocking('robots-txt', 'robots.txt: Disallow');
  if (status === null || status < 200 || status > 299) blocking('http-status', `HTTP ${status}`);
  if (spec.noindex === 'header') blocking('x-robots-tag', 'X-Robots-Tag: noindex');
  else if (spec.noindex) blocking('meta-robots', '<meta name="robots" content="noindex">');
  if (spec.refreshTo !== undefined)
    reasons.push({
      code: 'meta-refresh',
      blocking: false,
      source: `<meta http-equiv="refresh" content="0;URL=${spec.refreshTo}">`,
      detail: phrase('refresh_instant', { target: url(spec.refreshTo) }),
    });
  if (spec.notHtml)
    reasons.push({ code: 'not-html', blocking: false, source: 'PDF', detail: asWritten('PDF') });
  return {
    url: url(path),
    status,
    indexable: reasons.every((reason) => !reason.blocking),
    reasons,
    blockedForRobot: spec.blocked ?? false,
    title: spec.title === undefined ? `Title of ${path}` : spec.title,
    description: spec.description === undefined ? `Description of ${path}` : spec.description,
    canonical: spec.canonical == null ? null : url(spec.canonical),
    hreflang: (spec.hreflang ?? []).map(([lang, href]) => ({ lang, href: url(href) })),
    fingerprint: spec.fingerprint === undefined ? `text of ${path}` : spec.fingerprint,
    ...(spec.truncatedAtBytes === undefined ? {} : { truncatedAtBytes: spec.truncatedAtBytes }),
  };
}

/** The crawl's answers: every page as it answered, then the extra targets (which win). */
function targetStates(
  pages: readonly PageAudit[],
  extra: Record<string, TargetSpec>,
): Map<string, TargetState> {
  const states = new Map<string, TargetState>();
  for (const page of pages) {
    const broken = page.status === null || page.status >= 400;
    states.set(page.url, {
      url: page.url,
      httpStatus: page.status,
      status: broken ? 'broken' : 'ok',
      finalUrl: null,
    });
  }
  for (const [path, spec] of Object.entries(extra)) {
    const status = spec.status === undefined ? (spec.redirect ? 301 : 200) : spec.status;
    const outcome =
      spec.outcome ??
      (spec.redirect ? 'redirected' : status === null || status >= 400 ? 'broken' : 'ok');
    states.set(url(path), {
      url: url(path),
      httpStatus: spec.redirect ? 200 : status,
      status: outcome,
      finalUrl: spec.redirect ? url(spec.redirect) : null,
    });
  }
  return states;
}

/** Findings as `code path` lines (ORIGIN dropped), sorted: what a table row expects. */
export function briefly(findings: readonly { code: string; url: string }[]): string[] {
  return findings.map((f) => `${f.code} ${f.url.replace(ORIGIN, '')}`).sort();
}
