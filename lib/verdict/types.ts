/**
 * The page verdict: the one object the popup, the badge, the command line
 * (`robotlens page --format json`) and the tests share.
 */
import type { Phrase } from '../i18n/phrase.ts';
import type { RobotsOtherAnswer } from '../robots/types.ts';

/** Blocking reasons make a page non-indexable; notes do not. */
export type ReasonCode =
  // blocking
  | 'robots-txt'
  | 'meta-robots'
  | 'x-robots-tag'
  | 'http-status'
  | 'unavailable-after'
  // notes (never blocking)
  | 'robots-txt-unreachable'
  | 'noindex-unseen'
  | 'canonical'
  | 'nofollow'
  | 'noarchive'
  | 'nosnippet'
  | 'max-snippet'
  | 'max-image-preview'
  | 'max-video-preview'
  | 'noimageindex'
  | 'notranslate'
  | 'indexifembedded'
  | 'conflict'
  | 'repeat'
  | 'unknown-directive'
  | 'directive-syntax'
  | 'meta-outside-head'
  | 'redirect'
  | 'meta-refresh'
  | 'not-html'
  | 'page-facts-cut'
  | 'raw-rendered';

export interface Reason {
  code: ReasonCode;
  blocking: boolean;
  /**
   * Where it was found, exact: `<meta name="googlebot" content="noindex">`,
   * `X-Robots-Tag: googlebot: noindex`, `robots.txt line 4: Disallow: /private`,
   * `HTTP 404` — the text found, as written; a phrase when it is words
   * (`No response`, `robots.txt line 4: …`).
   */
  source: string | Phrase;
  /** What it means, in words a webmaster understands. */
  detail: Phrase;
}

export interface Verdict {
  /** The URL asked about. */
  url: string;
  /** The URL that answered, after redirects. */
  finalUrl: string;
  /** The robot product token the verdict is for (`googlebot`, `bingbot`, `*`, …). */
  ua: string;
  indexable: boolean;
  /** HTTP status of the final response; null when the page could not be fetched. */
  status: number | null;
  /** Blocking reasons first, then notes. */
  reasons: Reason[];
  /** One sentence: the verdict and its main reason. */
  summary: Phrase;
  /** The page's search-engine tags, for display. */
  tags: PageTags;
  /**
   * Where other robots.txt parsers answer otherwise than the robots.txt
   * decision this verdict rests on (Google's parser alone, robots-parser).
   */
  robotsOtherAnswers?: RobotsOtherAnswer[];
}

export interface PageTags {
  title: string | null;
  description: string | null;
  keywords: string | null;
  revisitAfter: string | null;
  /** Resolved absolute canonical URL (first one), or null. */
  canonical: string | null;
  hreflang: { lang: string; href: string }[];
  /** Robots META tags that apply to this robot, as `name: content`. */
  robotsMeta: { name: string; content: string }[];
  /** All X-Robots-Tag header values as served. */
  xRobotsTag: string[];
  refresh: string | null;
  openGraph: { property: string; content: string }[];
  anchorCount: number;
  nofollowAnchorCount: number;
}
