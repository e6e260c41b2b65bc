/**
 * The whole-site audit's vocabulary: job 1 (the page verdict) for every HTML
 * page the crawl fetched, and the findings only a whole crawl can make
 * (canonical and hreflang targets, duplicate titles, sitemap mismatches,
 * internal links to redirects, pages reached only through noindex pages).
 *
 *   crawl (one parse per page) ──▶ UrlRecord.audit (PageAuditFacts)
 *        │                           + the book's link-graph notes
 *        ▼
 *   auditPages() ──▶ PageAudit[] (a Verdict per page, for the audit robot)
 *        │
 *        ▼
 *   siteFindings(SiteAuditInput) ──▶ SiteFinding[]
 *
 * The audit robot (Googlebot by default) may differ from the crawl's own
 * token: robots.txt is decided for it from the file the crawl fetched, never
 * by fetching as that robot.
 */
import type { LinkStatus } from '../crawl/types.ts';
import type { Phrase } from '../i18n/phrase.ts';
import type { PageFacts } from '../meta/page-facts.ts';
import type { Reason } from '../verdict/types.ts';

/** The robot the audit answers for unless told otherwise. */
export const DEFAULT_AUDIT_ROBOT = 'googlebot';

/** Settings of the whole-site audit (command-line options, extension settings). */
export interface SiteAuditSettings {
  /** Product token the verdicts are for (`googlebot`, `bingbot`, `*`, …). */
  robot: string;
  /** A `<title>` longer than this is a `title-too-long` finding. */
  maxTitleChars: number;
  /** A META description longer than this is a `description-too-long` finding. */
  maxDescriptionChars: number;
}

export const DEFAULT_SITE_AUDIT_SETTINGS: SiteAuditSettings = {
  robot: DEFAULT_AUDIT_ROBOT,
  maxTitleChars: 60,
  maxDescriptionChars: 160,
};

/**
 * What the crawl keeps of one HTML page of the site for the audit, read in
 * the same parse as its links: the page facts the verdict and the site
 * checks need (cut to a bounded size) and the response's X-Robots-Tag values.
 */
export interface PageAuditFacts {
  /** Title, robots and search-engine METAs, canonical and alternate LINKs, refresh, base, anchor counts. */
  facts: PageFacts;
  /** Every X-Robots-Tag value of the final response, in order, as served. */
  xRobotsTag: string[];
}

/** One page of the site with its verdict for the audit robot. */
export interface PageAudit {
  url: string;
  /** Final HTTP status; null when nothing answered. */
  status: number | null;
  indexable: boolean;
  /** The verdict's reasons, blocking first, then notes (lib/verdict/types.ts codes). */
  reasons: Reason[];
  /** Robots.txt keeps the audit robot from fetching this page (whatever the crawl's own token may do). */
  blockedForRobot: boolean;
  /** Null when the page has none (or was not read: not HTML, not fetched). */
  title: string | null;
  description: string | null;
  /** The first canonical, resolved and normalized; null when none. */
  canonical: string | null;
  /** Alternates with `hreflang`, as written (`lang`) and resolved, normalized (`href`). */
  hreflang: { lang: string; href: string }[];
  /** Text fingerprint (links stripped), for duplicates; null when not read. */
  fingerprint: string | null;
  /** Bytes read when the page was cut at the crawl's size limit (CrawlOptions.maxBodyBytes); absent when read whole. */
  truncatedAtBytes?: number;
}

/** Where the crawl's answer for any URL it knows left it, for the site checks. */
export interface TargetState {
  url: string;
  /** Final HTTP status; null when no answer (or not requested). */
  httpStatus: number | null;
  /** The crawl's closed outcome. */
  status: LinkStatus;
  /** Where a redirect ended (normalized), when it redirected. */
  finalUrl: string | null;
}

/** One internal link with `rel=nofollow`, where it is. */
export interface NofollowLink {
  page: string;
  url: string;
  text: string;
  line?: number;
}

/** Everything the site checks read: built from the checkpoint, no I/O. */
export interface SiteAuditInput {
  settings: SiteAuditSettings;
  startUrls: string[];
  pages: PageAudit[];
  /** The crawl's answer for a (normalized) URL, or null when the crawl never met it. */
  target(url: string): TargetState | null;
  /** Pages of the site that link the URL (a page's links to itself excluded), at most a few per URL are listed. */
  linkedFrom(url: string): { count: number; pages: string[] };
  /**
   * True when at least one link to the URL comes from a page the audit robot
   * may fetch and index and whose links it may follow, and the link itself is
   * not `rel=nofollow`.
   */
  hasFollowedLink(url: string): boolean;
  /** Internal `rel=nofollow` links, up to a bound; `nofollowLinkCount` is exact. */
  nofollowLinks: NofollowLink[];
  nofollowLinkCount: number;
  /** Links to a URL that redirects: the report's redirects with the pages carrying them. */
  redirectLinks: { url: string; to: string; pages: string[] }[];
  /** Every URL the sitemaps list (normalized); null when sitemaps were not read. */
  sitemapUrls: string[] | null;
  /** May the audit robot fetch the URL by the site's robots.txt? */
  robotAllows(url: string): boolean;
}

/** The closed set of site-audit findings (README "Site audit findings" documents each). */
export type SiteFindingCode =
  // canonical
  | 'canonical-target-broken'
  | 'canonical-target-redirected'
  | 'canonical-target-noindex'
  | 'canonical-target-blocked'
  | 'canonical-chain'
  | 'canonical-loop'
  | 'canonical-other-host'
  | 'duplicate-without-canonical'
  // hreflang
  | 'hreflang-no-return'
  | 'hreflang-target-broken'
  | 'hreflang-target-redirected'
  | 'hreflang-target-noindex'
  | 'hreflang-target-non-canonical'
  | 'hreflang-invalid-code'
  | 'hreflang-no-x-default'
  // titles and descriptions
  | 'title-missing'
  | 'title-empty'
  | 'title-duplicate'
  | 'title-too-long'
  | 'description-missing'
  | 'description-empty'
  | 'description-duplicate'
  | 'description-too-long'
  // sitemaps
  | 'sitemap-redirected'
  | 'sitemap-broken'
  | 'sitemap-noindex'
  | 'sitemap-blocked'
  | 'sitemap-non-canonical'
  | 'not-in-sitemap'
  | 'sitemap-orphan'
  // internal links and reach
  | 'link-to-redirect'
  | 'internal-nofollow-link'
  | 'reachable-only-via-noindex'
  | 'page-too-large';

export type SiteFindingSeverity = 'error' | 'warning' | 'note';

/** One finding of the site audit, about one page (or one sitemap URL). */
export interface SiteFinding {
  code: SiteFindingCode;
  severity: SiteFindingSeverity;
  /** The page (or sitemap URL) the finding is about. */
  url: string;
  /** The other URL involved: a canonical or hreflang target, a redirect's end. */
  target?: string;
  /** The rest of the group: pages sharing a title, the canonical chain in order, linking pages. */
  related?: string[];
  /** The value concerned, as written: the title, the hreflang code, the description. */
  value?: string;
  /** What it means and what to do, in words a webmaster understands. */
  detail: Phrase;
}

/** The audit as the report carries it. */
export interface SiteAuditSummary {
  robot: string;
  pages: number;
  indexable: number;
  notIndexable: number;
  /** Non-indexable pages per blocking reason code (a page may count under several). */
  byReason: Record<string, number>;
  /** Findings per code. */
  byFinding: Partial<Record<SiteFindingCode, number>>;
}
