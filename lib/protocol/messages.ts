/**
 * The one message protocol between the extension's contexts. Every message
 * is `{ type, ...request }`; `MessageMap` types each request and its reply,
 * both ways. Receivers validate requests with `parseMessage` (a content
 * script runs next to hostile pages, so nothing is trusted by shape alone).
 *
 *   content ──page-facts──▶ background          (on load: what the DOM says)
 *   popup ──get-verdict──▶ background           (verdict for a tab and robot)
 *   popup ──get-robots-audit──▶ background      (the tab's robots.txt, audited)
 *   background ──collect-facts──▶ content       (re-read the DOM on demand)
 *   background ──same-origin-fetch──▶ content   (fetch the page's own origin)
 */
import type { HttpErrorKind, HttpMethod, RedirectHop } from '../http/types.ts';
import type { PageFacts } from '../meta/page-facts.ts';
import type { RobotsAudit } from '../robots/audit.ts';
import type { RobotsDecision } from '../robots/types.ts';
import type { Verdict } from '../verdict/types.ts';

/** An HttpResponse made serialisable: the body travels as base64. */
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

export type RobotsAuditReply = { ok: true; audit: RobotsAudit } | { ok: false; error: string };

/** At most this many URL × robot tests per request, so a pasted list cannot stall the worker. */
export const MAX_ROBOTS_TESTS = 1000;

export interface MessageMap {
  'page-facts': { request: TabFacts; response: { ok: boolean } };
  'get-verdict': {
    request: { tabId: number; ua: string; refresh: boolean };
    response: VerdictReply;
  };
  'get-robots-audit': {
    request: { tabId: number; uas: string[]; tests: string[]; refresh: boolean };
    response: RobotsAuditReply;
  };
  'collect-facts': { request: Record<never, never>; response: TabFacts };
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

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isStringList = (value: unknown, maxLength: number): value is string[] =>
  Array.isArray(value) &&
  value.every((item) => typeof item === 'string' && item.length <= maxLength);

const VALIDATORS: { [K in MessageType]: (m: Record<string, unknown>) => boolean } = {
  'page-facts': (m) =>
    isObject(m.facts) &&
    typeof m.facts.url === 'string' &&
    Array.isArray(m.facts.metas) &&
    Array.isArray(m.facts.links) &&
    Array.isArray(m.facts.refresh) &&
    (m.navigationStatus === null || typeof m.navigationStatus === 'number'),
  'get-verdict': (m) =>
    Number.isInteger(m.tabId) &&
    typeof m.ua === 'string' &&
    m.ua.length <= 100 &&
    typeof m.refresh === 'boolean',
  'get-robots-audit': (m) =>
    Number.isInteger(m.tabId) &&
    isStringList(m.uas, 100) &&
    isStringList(m.tests, 4000) &&
    m.uas.length * m.tests.length <= MAX_ROBOTS_TESTS &&
    typeof m.refresh === 'boolean',
  'collect-facts': () => true,
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
