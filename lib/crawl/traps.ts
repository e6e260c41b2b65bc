/**
 * Crawler-trap checks (spec §1, "loop and duplicate heuristics"): pure
 * decisions on one URL, each refusing with the kind of trap and a sentence
 * for the report. Pass them normalized URLs (lib/url/normalize-url.ts), so
 * `%61` and `a` count as the same path component.
 *
 * What catches which trap:
 * - symlink loops and relative-link loops (`/a/a/a/…`): `repeating-path`;
 * - session ids and other junk that only grows the URL: `url-too-long`;
 * - query gateways (`/calendar?month=2026-12`, `?sort=…&page=…`, each page
 *   linking to "next"): `query-space`, at most N distinct queries per path;
 * - calendars written as paths (`/calendar/2026/12/` → `/2027/01/` → …):
 *   no URL here repeats or grows, so no per-URL check can tell them from
 *   real pages. Every "next" link is one hop deeper than the page it is on,
 *   so the crawl's depth limit (`checkDepth`, counted in links followed from
 *   the start page) ends the chain, and the page limit bounds the total;
 * - anything the webmaster knows about: `blocked-pattern`.
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { compileUrlPattern, type UrlPattern } from '../url/url-pattern.ts';

export type TrapKind =
  'repeating-path' | 'url-too-long' | 'query-space' | 'blocked-pattern' | 'too-deep';

export type TrapVerdict = { allowed: true } | { allowed: false; kind: TrapKind; detail: Phrase };

function refused(kind: TrapKind, detail: Phrase): TrapVerdict {
  return { allowed: false, kind, detail };
}

const ALLOWED: TrapVerdict = { allowed: true };

/** The spec's default maximum URL length. */
export const DEFAULT_MAX_URL_CHARS = 2_000;
/** The spec's limit: a component sequence may appear twice in a row, not three times. */
export const MAX_PATH_REPEATS = 2;
/** Sequence lengths checked for repetition: `/a/a/a`, `/a/b/a/b/a/b`, `/a/b/c/a/b/c/a/b/c`. */
const REPEAT_PERIODS = [1, 2, 3] as const;

/** Refuses a path that repeats a sequence of 1–3 components more than twice in a row. */
export function checkRepeatingPath(url: string): TrapVerdict {
  const segments = pathSegments(url);
  for (const period of REPEAT_PERIODS) {
    const start = findRepeat(segments, period);
    if (start < 0) continue;
    const sequence = segments.slice(start, start + period).join('/');
    return refused(
      'repeating-path',
      phrase('trap_repeating_path', { sequence, times: MAX_PATH_REPEATS }),
    );
  }
  return ALLOWED;
}

/** Refuses URLs longer than `maxUrlChars` (reported, never dropped silently). */
export function checkUrlLength(url: string, maxUrlChars = DEFAULT_MAX_URL_CHARS): TrapVerdict {
  if (url.length <= maxUrlChars) return ALLOWED;
  return refused(
    'url-too-long',
    phrase('trap_url_too_long', { length: url.length, limit: maxUrlChars }),
  );
}

/** Refuses a URL at `depthLinks` links from the start page when that is beyond `maxDepthLinks`. */
export function checkDepth(depthLinks: number, maxDepthLinks: number): TrapVerdict {
  if (depthLinks <= maxDepthLinks) return ALLOWED;
  return refused('too-deep', phrase('trap_too_deep', { depth: depthLinks, limit: maxDepthLinks }));
}

/** The user's block list, compiled; a pattern that does not compile stops the crawl before it starts. */
export function compileBlockList(patterns: readonly string[]): UrlPattern[] {
  return patterns.map((source) => {
    const compiled = compileUrlPattern(source);
    if (!compiled.ok) throw new Error(`Block-list pattern ${source}: ${compiled.reason}`);
    return compiled.pattern;
  });
}

/** Refuses a URL matching any of the user's block-list patterns (compileUrlPattern). */
export function checkBlockList(url: string, patterns: readonly UrlPattern[]): TrapVerdict {
  const match = patterns.find((pattern) => pattern.matches(url));
  if (match === undefined) return ALLOWED;
  return refused('blocked-pattern', phrase('trap_blocked_pattern', { pattern: match.source }));
}

/**
 * The query-space limit: at most N distinct query strings per path. Gateways
 * (`/calendar?month=…`, faceted search, `?sessionid=…`) can generate endless
 * URLs under one path; past the limit, new queries on that path are refused,
 * while queries already admitted stay allowed. The state is plain data
 * (`toJSON`/`fromJSON`), so a checkpointed crawl resumes with the same counts.
 */
export const DEFAULT_MAX_QUERIES_PER_PATH = 20;

export interface QuerySpaceState {
  maxQueriesPerPath: number;
  /** Origin + path → the distinct queries admitted there (without `?`), in order. */
  queriesByPath: Record<string, string[]>;
}

export class QuerySpaceTracker {
  private readonly queriesByPath = new Map<string, Set<string>>();

  constructor(readonly maxQueriesPerPath = DEFAULT_MAX_QUERIES_PER_PATH) {}

  /** Would `url` be admitted? Changes nothing. */
  check(url: string): TrapVerdict {
    const key = keyOf(url);
    if (key === null || key.query === null) return { allowed: true };
    const seen = this.queriesByPath.get(key.path);
    if (seen === undefined || seen.has(key.query) || seen.size < this.maxQueriesPerPath) {
      return { allowed: true };
    }
    return refused('query-space', phrase('trap_query_space', { path: key.path, count: seen.size }));
  }

  /** Checks `url` and, when allowed, counts its query. */
  admit(url: string): TrapVerdict {
    const verdict = this.check(url);
    const key = keyOf(url);
    if (verdict.allowed && key !== null && key.query !== null) {
      const seen = this.queriesByPath.get(key.path) ?? new Set<string>();
      seen.add(key.query);
      this.queriesByPath.set(key.path, seen);
    }
    return verdict;
  }

  toJSON(): QuerySpaceState {
    const queriesByPath: Record<string, string[]> = {};
    for (const [path, queries] of this.queriesByPath) queriesByPath[path] = [...queries];
    return { maxQueriesPerPath: this.maxQueriesPerPath, queriesByPath };
  }

  /** Restores a checkpoint; entries that are not lists of strings are skipped, not trusted. */
  static fromJSON(state: QuerySpaceState): QuerySpaceTracker {
    const tracker = new QuerySpaceTracker(state.maxQueriesPerPath);
    for (const [path, queries] of Object.entries(state.queriesByPath ?? {})) {
      if (!Array.isArray(queries)) continue;
      const strings = queries.filter((query): query is string => typeof query === 'string');
      tracker.queriesByPath.set(path, new Set(strings));
    }
    return tracker;
  }
}

/** Origin + path, and the query without `?` (null when the URL has none). */
function keyOf(url: string): { path: string; query: string | null } | null {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    // `/a?` has an empty query, `/a` none.
    const query =
      parsed.search === '' && !parsed.href.endsWith('?') ? null : parsed.search.slice(1);
    return { path: parsed.origin + parsed.pathname, query };
  } catch {
    return null;
  }
}

/** Index where `period` components start repeating more than MAX_PATH_REPEATS times, or -1. */
function findRepeat(segments: readonly string[], period: number): number {
  const needed = period * MAX_PATH_REPEATS; // matching components after the first copy
  let run = 0;
  for (let i = period; i < segments.length; i++) {
    run = segments[i] === segments[i - period] ? run + 1 : 0;
    if (run === needed) return i - needed - period + 1;
  }
  return -1;
}

/** Path components, empty ones (`//`, the trailing `/`) left out. */
function pathSegments(url: string): string[] {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url.split(/[?#]/, 1)[0] ?? '';
  }
  return path.split('/').filter((segment) => segment !== '');
}
