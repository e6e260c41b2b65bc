/**
 * HTTP status → link status: one pure decision, tested as a table. Unknown
 * codes count by their class (299 as 2xx, 418 as 4xx); bot walls (401, 403,
 * 999) are "forbidden to robots", kept apart from broken; 429 is
 * "rate-limited", never broken.
 */
import type { HttpErrorKind } from '../http/types.ts';
import type { BrokenReason, LinkStatus } from './types.ts';

export interface StatusClass {
  status: LinkStatus;
  brokenReason?: BrokenReason;
  reason: string;
}

/** Codes that mean "not for robots" rather than "gone": auth walls and bot walls (999: LinkedIn and others). */
const FORBIDDEN_CODES = new Set([401, 403, 999]);

export function classifyStatus(code: number): StatusClass {
  if (code === 304)
    return { status: 'unchanged', reason: '304 Not Modified: unchanged since the last crawl' };
  if (code === 429)
    return {
      status: 'rate-limited',
      reason: '429 Too Many Requests: the server asked us to slow down',
    };
  if (FORBIDDEN_CODES.has(code)) {
    return {
      status: 'forbidden',
      reason: `HTTP ${code}: the server refuses robots or needs a login (not counted as broken)`,
    };
  }
  switch (Math.floor(code / 100)) {
    case 2:
      return { status: 'ok', reason: `HTTP ${code}` };
    case 3:
      return {
        status: 'broken',
        brokenReason: 'redirect-without-location',
        reason: `HTTP ${code} without a usable Location header`,
      };
    case 4:
      return {
        status: 'broken',
        brokenReason: 'http-4xx',
        reason: `HTTP ${code}: client error (the link is dead)`,
      };
    case 5:
      return { status: 'broken', brokenReason: 'http-5xx', reason: `HTTP ${code}: server error` };
    default:
      return {
        status: 'broken',
        brokenReason: 'http-other',
        reason: `HTTP ${code} is not a valid status code`,
      };
  }
}

const ERROR_WORDS: Record<HttpErrorKind, string> = {
  timeout: 'no complete answer within the timeout',
  dns: 'the host name does not resolve (DNS)',
  connection: 'the connection failed (refused or reset)',
  tls: 'the TLS (https) handshake failed',
  'redirect-loop': 'the redirects loop back on themselves',
  'too-many-redirects': 'too many redirects',
  'invalid-url': 'the URL is not valid',
  aborted: 'the request was cancelled',
  other: 'the request failed',
};

export function classifyError(kind: HttpErrorKind, message: string): StatusClass {
  return { status: 'broken', brokenReason: kind, reason: `${ERROR_WORDS[kind]} (${message})` };
}

/** 429 and 503 are worth waiting for when the server says how long (Retry-After). */
export function isRetryable(code: number): boolean {
  return code === 429 || code === 503;
}

export function isRedirect(code: number): boolean {
  return code === 301 || code === 302 || code === 303 || code === 307 || code === 308;
}
