/**
 * Everything the verdict needs, gathered by the caller (command line or
 * service worker): the HTTP exchange, the page's facts and the robots.txt
 * decision. The verdict itself does no I/O, and the clock comes in as `nowMs`.
 */
import type { Phrase } from '../i18n/phrase.ts';
import type { PageFacts } from '../meta/page-facts.ts';
import type { RobotsDecision } from '../robots/types.ts';

export interface VerdictHttp {
  /** Final status; null when nothing answered (see `error`). */
  status: number | null;
  /** The URL that answered, after redirects. */
  finalUrl: string;
  /** Hops before the final response, in order: each URL and the 3xx it answered. */
  redirects: { url: string; status: number }[];
  /** Every X-Robots-Tag value of the final response, in order, as served. */
  xRobotsTag: string[];
  contentType?: string;
  /** What went wrong, when status is null. */
  error?: string | Phrase;
}

export interface VerdictInput {
  /** The URL asked about. */
  url: string;
  /** The robot's product token (`googlebot`, `bingbot`, `*` for a generic robot). */
  robot: string;
  nowMs: number;
  http: VerdictHttp;
  /** Null for a non-HTML or unavailable page. */
  page: PageFacts | null;
  /**
   * The page as the server sent it, when `page` was read elsewhere (the live
   * DOM, after scripts ran): differences become `raw-rendered` notes. Absent
   * when `page` is itself the served HTML (the command line).
   */
  rawPage?: PageFacts | null;
  /** Null when robots.txt was not checked. */
  robots: RobotsDecision | null;
}
