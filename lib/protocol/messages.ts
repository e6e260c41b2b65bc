/**
 * The one message protocol between the extension's contexts. Every message
 * is `{ type, ...request }`; `MessageMap` types each request and its reply,
 * both ways. Receivers validate requests with `parseMessage` (a content
 * script runs next to hostile pages, so nothing is trusted by shape alone).
 *
 *   content ──page-facts──▶ background          (on load: what the DOM says)
 *   popup ──get-verdict──▶ background           (verdict for a tab and robot)
 *   popup ──get-robots-audit──▶ background      (the tab's robots.txt, audited)
 *   popup ──start/stop/resume-crawl──▶ background   (job 3; progress in storage.session)
 *   report page ──get-crawl-report──▶ background
 *   report page ──get-crawl-changes / mark-changes-seen──▶ background   (changes since the previous crawl)
 *   popup ──highlight-links──▶ background ──mark-links──▶ content
 *   background ──collect-facts──▶ content       (re-read the DOM on demand)
 *   background ──same-origin-fetch──▶ content   (fetch the page's own origin)
 */
import type { HttpErrorKind, HttpMethod, RedirectHop } from '../http/types.ts';
import type { PageFacts } from '../meta/page-facts.ts';
import type { LinkMarkEntry } from '../crawl/link-marks.ts';
import type { CrawlReport } from '../crawl/report.ts';
import type { CrawlChanges } from '../watch/types.ts';
import type { CrawlStats } from '../crawl/types.ts';
import type { RobotsAudit } from '../robots/audit.ts';
import type { RobotsDecision } from '../robots/types.ts';
import { CRAWL_LIMITS } from '../settings/settings.ts';
import type { Verdict } from '../verdict/types.ts';
import { isObject } from '../text/json-object.ts';
import type { CrawlSettings } from '../settings/crawl-settings.ts';

/** An HttpResponse made serializable: the body travels as base64. */
export interface WireResponse {
  requestedUrl: string;
  url: string;
  status: number;
  headers: [string, string][];
  redirects: RedirectHop[];
  bodyBase64: string;
  truncated: boolean;
}

export type WireFetchReply =
  { ok: true; response: WireResponse } | { ok: false; kind: HttpErrorKind; message: string };

export interface TabFacts {
  facts: PageFacts;
  /** Status of the navigation as the browser received it (null when unknown). */
  navigationStatus: number | null;
  /**
   * The MIME type the browser gave the page (its content type): the background fetches
   * the served markup only for HTML. Absent when the reader did not say.
   */
  contentType?: string;
}

/** What the popup shows about robots.txt next to the verdict. */
export interface RobotsSummary {
  url: string;
  status: number | null;
  decision: RobotsDecision;
}

export type VerdictReply =
  | { ok: true; verdict: Verdict; robots: RobotsSummary | null; checkedAtMs: number }
  | { ok: false; error: string };

export type CrawlPhase = 'running' | 'stopped' | 'finished' | 'failed';

/** One site's crawl as the popup shows it; kept in storage.session, throttled. */
export interface CrawlSummary {
  origin: string;
  startUrl: string;
  phase: CrawlPhase;
  stats: CrawlStats;
  currentUrl: string | null;
  /** Requests per second over the last few seconds while running; over the whole run after. */
  ratePerSecond: number;
  updatedAtMs: number;
  /** The settings the crawl runs with (the popup shows them while it runs). */
  settings?: CrawlSettings;
  /** Why the crawl failed or paused (e.g. storage full). */
  error?: string;
}

/**
 * The port an open popup or report page holds to the background while it
 * shows a crawl. Connecting starts a stopped service worker (which resumes
 * its interrupted crawls at once instead of at the next alarm); a
 * disconnect tells the page the worker stopped. The page sends
 * `CrawlWatchPing`s; the background answers each, and the connect, with a
 * `CrawlWatchReply`.
 */
export const CRAWL_WATCH_PORT = 'crawl-watch';
export interface CrawlWatchPing {
  type: 'ping';
}
export interface CrawlWatchReply {
  /** Origins whose crawl runs in the worker now. */
  running: string[];
}

export type OkOrError = { ok: true } | { ok: false; error: string };

export type RobotsAuditReply = { ok: true; audit: RobotsAudit } | { ok: false; error: string };

/** At most this many URL × robot tests per request, so a pasted list cannot stall the worker. */
export const MAX_ROBOTS_TESTS = 1000;

export interface MessageMap {
  'page-facts': { request: TabFacts; response: { ok: boolean } };
  'get-verdict': {
    request: { tabId: number; robot: string; refresh: boolean };
    response: VerdictReply;
  };
  'get-robots-audit': {
    request: { tabId: number; robots: string[]; tests: string[]; refresh: boolean };
    response: RobotsAuditReply;
  };
  'start-crawl': { request: { startUrl: string; settings: CrawlSettings }; response: OkOrError };
  'stop-crawl': { request: { origin: string }; response: OkOrError };
  'resume-crawl': { request: { origin: string }; response: OkOrError };
  'get-crawl-report': {
    request: { origin: string };
    response: { ok: true; report: CrawlReport } | { ok: false; error: string };
  };
  /**
   * What changed since the site's previous finished crawl (lib/watch/types.ts);
   * null when there is no previous crawl to compare with. `seen`: the user has
   * looked at them (the badge and notification are quiet again).
   */
  'get-crawl-changes': {
    request: { origin: string };
    response:
      { ok: true; changes: CrawlChanges | null; seen: boolean } | { ok: false; error: string };
  };
  'mark-changes-seen': { request: { origin: string }; response: OkOrError };
  /** `checkExternal`: links to other sites are checked too (the crawl's setting), else only listed. */
  'highlight-links': { request: { tabId: number; checkExternal: boolean }; response: OkOrError };
  'collect-facts': { request: Record<never, never>; response: TabFacts };
  'collect-links': {
    request: Record<never, never>;
    response: { pageUrl: string; links: string[] };
  };
  'mark-links': { request: { marks: LinkMarkEntry[] }; response: { marked: number } };
  'same-origin-fetch': {
    request: { url: string; method: HttpMethod; maxBytes: number; timeoutMs: number };
    response: WireFetchReply;
  };
}

export type MessageType = keyof MessageMap;
/** `{ type, ...request }`, distributed over a union of types so `switch (m.type)` narrows. */
export type Message<K extends MessageType = MessageType> = K extends MessageType
  ? { type: K } & MessageMap[K]['request']
  : never;
export type Reply<K extends MessageType> = MessageMap[K]['response'];

const isStringList = (value: unknown, maxLength: number): value is string[] =>
  Array.isArray(value) &&
  value.every((item) => typeof item === 'string' && item.length <= maxLength);

const isWhole = (value: unknown, min: number, max: number): boolean =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

function isSettings(value: unknown): value is CrawlSettings {
  return (
    isObject(value) &&
    (['maxPages', 'maxDepth', 'concurrencyPerOrigin', 'delayMs', 'timeoutMs'] as const).every(
      (key) => isWhole(value[key], CRAWL_LIMITS[key].min, CRAWL_LIMITS[key].max),
    ) &&
    typeof value.robot === 'string' &&
    value.robot.length <= 100 &&
    typeof value.obeyRobots === 'boolean' &&
    typeof value.checkExternal === 'boolean' &&
    typeof value.useSitemaps === 'boolean'
  );
}

const isMetaTag = (value: unknown): boolean =>
  isObject(value) &&
  typeof value.name === 'string' &&
  typeof value.content === 'string' &&
  typeof value.inHead === 'boolean';

const isLinkTag = (value: unknown): boolean =>
  isObject(value) &&
  isStringList(value.rel, Infinity) &&
  typeof value.href === 'string' &&
  (value.hreflang === undefined || typeof value.hreflang === 'string') &&
  typeof value.inHead === 'boolean';

/** Every field the verdict reads, of its type: a content script's reply is checked like any input. */
function isPageFacts(value: unknown): value is PageFacts {
  return (
    isObject(value) &&
    typeof value.url === 'string' &&
    value.url.length <= MAX_URL_CHARS &&
    (value.baseHref === undefined || typeof value.baseHref === 'string') &&
    (value.title === null || typeof value.title === 'string') &&
    Array.isArray(value.metas) &&
    value.metas.every(isMetaTag) &&
    Array.isArray(value.links) &&
    value.links.every(isLinkTag) &&
    isStringList(value.refresh, Infinity) &&
    isWhole(value.anchorCount, 0, Number.MAX_SAFE_INTEGER) &&
    isWhole(value.nofollowAnchorCount, 0, Number.MAX_SAFE_INTEGER)
  );
}

/** A MIME type is short (`application/xhtml+xml`); a longer one is not a browser's. */
const MAX_CONTENT_TYPE_CHARS = 200;

/** Longer page URLs are refused: no browser keeps a longer one (Chrome's limit is 2 MiB). */
const MAX_URL_CHARS = 2 * 1024 * 1024;

const VALIDATORS: { [K in MessageType]: (m: Record<string, unknown>) => boolean } = {
  'page-facts': (m) =>
    isPageFacts(m.facts) &&
    (m.navigationStatus === null || isWhole(m.navigationStatus, 0, 999)) &&
    (m.contentType === undefined ||
      (typeof m.contentType === 'string' && m.contentType.length <= MAX_CONTENT_TYPE_CHARS)),
  'get-verdict': (m) =>
    Number.isInteger(m.tabId) &&
    typeof m.robot === 'string' &&
    m.robot.length <= 100 &&
    typeof m.refresh === 'boolean',
  'get-robots-audit': (m) =>
    Number.isInteger(m.tabId) &&
    isStringList(m.robots, 100) &&
    isStringList(m.tests, 4000) &&
    m.robots.length * m.tests.length <= MAX_ROBOTS_TESTS &&
    typeof m.refresh === 'boolean',
  'start-crawl': (m) =>
    typeof m.startUrl === 'string' && m.startUrl.length <= 4000 && isSettings(m.settings),
  'stop-crawl': (m) => typeof m.origin === 'string',
  'resume-crawl': (m) => typeof m.origin === 'string',
  'get-crawl-report': (m) => typeof m.origin === 'string',
  'get-crawl-changes': (m) => typeof m.origin === 'string',
  'mark-changes-seen': (m) => typeof m.origin === 'string',
  'highlight-links': (m) => Number.isInteger(m.tabId) && typeof m.checkExternal === 'boolean',
  'collect-facts': () => true,
  'collect-links': () => true,
  'mark-links': (m) =>
    Array.isArray(m.marks) &&
    m.marks.every(
      (e) =>
        isObject(e) &&
        typeof e.url === 'string' &&
        typeof e.mark === 'string' &&
        typeof e.detail === 'string',
    ),
  'same-origin-fetch': (m) =>
    typeof m.url === 'string' &&
    (m.method === 'GET' || m.method === 'HEAD') &&
    Number.isInteger(m.maxBytes) &&
    Number.isInteger(m.timeoutMs),
};

/** The message, typed, when it is well-formed and of one of the `accepted` types; else null. */
export function parseMessage<K extends MessageType>(
  raw: unknown,
  accepted: readonly K[],
): Message<K> | null {
  if (!isObject(raw) || typeof raw.type !== 'string') return null;
  const type = raw.type as K;
  if (!accepted.includes(type)) return null;
  return VALIDATORS[type](raw) ? (raw as Message<K>) : null;
}
