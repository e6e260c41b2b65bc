/**
 * The contract between the robots.txt engine and its users (the page
 * verdict, the crawler, the audit). The engine answers with reasons and line
 * numbers, never a bare boolean.
 */

import type { HttpErrorKind } from '../http/types.ts';
import type { Phrase } from '../i18n/phrase.ts';
import type { RobotsReading } from './spelling.ts';

/** How a robots.txt response is to be treated (RFC 9309 §2.3.1). */
export type RobotsPolicyName = 'rules' | 'allow-all' | 'disallow-all';

/** The robots.txt response as fetched; produced by any fetch adapter. */
export interface RobotsFetch {
  /** The robots.txt URL asked for: `<origin>/robots.txt`. */
  url: string;
  /** Final HTTP status after redirects; null on a network error or timeout. */
  status: number | null;
  /** Redirect hops followed, in order (may be empty). */
  redirects: { url: string; status: number }[];
  /** The body bytes (first 500 KiB at least), when there was a body. */
  body?: Uint8Array;
  /** Content-Type header, when any. */
  contentType?: string;
  /** Response headers relevant to caching (lower-case names). */
  headers?: Record<string, string>;
  /** What went wrong, when status is null (text as written in states saved before phrases). */
  error?: string | Phrase;
  /** Why the request failed, when it did (timeout, dns, too-many-redirects, …). */
  errorKind?: HttpErrorKind;
  /** True when the adapter cut the body at its byte limit: the file is larger than `body`. */
  truncated?: boolean;
  /** Epoch ms when the response arrived (for cache age). */
  fetchedAtMs: number;
}

/** "May robot X fetch URL Y?", explained. */
export interface RobotsDecision {
  allowed: boolean;
  /** The policy the fetch result led to. */
  policy: RobotsPolicyName;
  /** 1-based line of the deciding rule; null when no rule decided. */
  line: number | null;
  /** The deciding rule as written, e.g. `Disallow: /private`; null when none. */
  rule: string | null;
  /**
   * Which group applied: the matching `User-agent` line as written, `*`, or
   * null when no group applies.
   */
  group: string | null;
  /** Why, in English words: "longest match", "no rule matched", "robots.txt returned 503", … */
  reason: Phrase;
  /** Why, as a stable code (for grouping and tests). */
  code?: RobotsDecisionCode;
  /** 1-based line of the `User-agent` line that selected the group; null when none. */
  groupLine?: number | null;
  /**
   * Where another parser answers otherwise: Google's reference parser alone
   * (when one of RobotLens's four readings makes the difference; `readings`
   * says which) and robots-parser (what Lighthouse and many Node tools
   * answer). Absent when every parser asked agrees.
   */
  otherAnswers?: RobotsOtherAnswer[];
}

/** Another parser's answer to the same question, and why it differs. */
export interface RobotsOtherAnswer {
  /** `google`: google/robotstxt's RobotsMatcher as it is; `robots-parser`: the npm package. */
  parser: 'google' | 'robots-parser';
  allowed: boolean;
  /** The line that decides for that parser; null when no rule decided. */
  line: number | null;
  /** For `google`: the readings of RobotLens that make the difference. */
  readings?: RobotsReading[];
  /** Why, in English. */
  reason: Phrase;
}

/**
 * What decided: a rule, the absence of one, or the fetch policy.
 * `robots-txt-self`: `/robots.txt` is always allowed (RFC 9309 §2.2.2).
 */
export type RobotsDecisionCode =
  | 'rule'
  | 'no-matching-rule'
  | 'no-group'
  | 'robots-txt-self'
  | 'policy-allow-all'
  | 'policy-disallow-all';
