/**
 * Batch mode: many `{ robotstxt | robotstxt_base64, ua, url }` cases, one
 * `{ allowed, line }` each. `line` is the 1-based line of the deciding rule,
 * or null when no rule decided (no group, no matching rule, `/robots.txt`).
 * Parsed files are cached by content, so thousands of cases over a few files
 * cost a few parses.
 */
import { base64ToBytes } from '../http/base64.ts';
import { parseRobotsTxt } from './parse.ts';
import type { RobotsTxt } from './robots-txt.ts';

export interface BatchCase {
  robotstxt?: string;
  robotstxt_base64?: string;
  ua: string;
  url: string;
}

export interface BatchResult {
  allowed: boolean;
  line: number | null;
}

const PARSED_CACHE_SIZE = 256;

/** Decides every case, in order. Pure: the cache only saves work. */
export function batchDecide(cases: readonly BatchCase[]): BatchResult[] {
  const parsed = new Map<string, RobotsTxt>();
  return cases.map((c) => {
    const robots = parsedFor(parsed, c);
    const { allowed, line } = robots.decide(c.url, c.ua, { otherAnswers: false });
    return { allowed, line };
  });
}

function parsedFor(cache: Map<string, RobotsTxt>, c: BatchCase): RobotsTxt {
  const key =
    c.robotstxt_base64 !== undefined ? `b64:${c.robotstxt_base64}` : `txt:${c.robotstxt ?? ''}`;
  let robots = cache.get(key);
  if (!robots) {
    if (cache.size >= PARSED_CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
    const input =
      c.robotstxt_base64 !== undefined
        ? base64ToBytes(standardBase64(c.robotstxt_base64))
        : (c.robotstxt ?? '');
    robots = parseRobotsTxt(input, robotsUrlFor(c.url));
    cache.set(key, robots);
  }
  return robots;
}

/**
 * The base64url alphabet (RFC 4648 §5: `-` for `+`, `_` for `/`) read as
 * standard base64, so a case encoded either way decodes instead of failing
 * the whole batch. Standard base64 has neither character, so nothing else changes.
 */
function standardBase64(base64: string): string {
  return base64.replace(/-/g, '+').replace(/_/g, '/');
}

function robotsUrlFor(url: string): string {
  try {
    return new URL('/robots.txt', url).href;
  } catch {
    return '/robots.txt';
  }
}
