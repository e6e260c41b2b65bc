/**
 * A saved crawl report (`robotlens crawl --format json`, any version) read
 * back as untrusted JSON: only the fields a snapshot needs, each checked for
 * its type, own properties only (a `__proto__` key is data, never a
 * prototype). Fields later versions added are optional; anything else wrong
 * is an Error that names the field.
 */
import type { ReasonCode } from '../verdict/types.ts';

/** The part of a CrawlReport a snapshot is made of (a CrawlReport is one). */
export interface SnapshotSource {
  startUrl: string;
  robot: string;
  finished: boolean;
  stats: { startedAtMs: number };
  audit: { robot: string } | null;
  pages: {
    url: string;
    status: number | null;
    indexable: boolean | null;
    reasons: { code: ReasonCode; blocking: boolean }[];
  }[];
  broken: {
    url: string;
    status: number | null;
    kind: string;
    internal: boolean;
    pageCount: number;
    pages: { page: string; links: { text: string; line?: number }[] }[];
  }[];
  redirects: { from: string; to: string; chain: readonly unknown[]; finalStatus: number | null }[];
  traps: { url: string; kind: string }[];
  robots: { origin: string; url: string; status: number | null; text?: string | null }[];
  sitemap: { sitemaps: string[]; listed?: string[] } | null;
}

/** Every reason code (lib/verdict/types.ts): a code outside it is not from a RobotLens report. */
const REASON_CODES = {
  'robots-txt': true,
  'meta-robots': true,
  'x-robots-tag': true,
  'http-status': true,
  'unavailable-after': true,
  'robots-txt-unreachable': true,
  'noindex-unseen': true,
  canonical: true,
  nofollow: true,
  noarchive: true,
  nosnippet: true,
  'max-snippet': true,
  'max-image-preview': true,
  'max-video-preview': true,
  noimageindex: true,
  notranslate: true,
  indexifembedded: true,
  conflict: true,
  repeat: true,
  'unknown-directive': true,
  'directive-syntax': true,
  'meta-outside-head': true,
  redirect: true,
  'meta-refresh': true,
  'not-html': true,
  'page-facts-cut': true,
  'raw-rendered': true,
} satisfies Record<ReasonCode, true>;

/** Field paths in messages are cut: a hostile key could be megabytes long. */
const MAX_PATH_CHARS = 120;

type Json = Record<string, unknown>;

class Invalid extends Error {}

/** Where each object checked sits in the file, for naming a missing field. */
const pathOf = new WeakMap<Json, string>();

/** The fields of a saved report a snapshot needs; throws an Error naming the first wrong one. */
export function readSavedReport(json: unknown): SnapshotSource {
  try {
    return readReport(object(json, ''));
  } catch (error) {
    if (error instanceof Invalid) {
      throw new Error(`not a RobotLens crawl report: ${error.message}`);
    }
    throw error;
  }
}

function readReport(report: Json): SnapshotSource {
  const stats = object(field(report, 'stats'), 'stats');
  const audit = field(report, 'audit', null);
  const sitemap = field(report, 'sitemap', null);
  return {
    startUrl: string(field(report, 'startUrl'), 'startUrl'),
    robot: string(field(report, 'robot'), 'robot'),
    finished: boolean(field(report, 'finished'), 'finished'),
    stats: { startedAtMs: number(field(stats, 'startedAtMs'), 'stats.startedAtMs') },
    audit:
      audit === null
        ? null
        : { robot: string(field(object(audit, 'audit'), 'robot'), 'audit.robot') },
    pages: rows(report, 'pages', readPage),
    broken: rows(report, 'broken', readBroken),
    redirects: rows(report, 'redirects', (row, at) => ({
      from: string(field(row, 'from'), `${at}.from`),
      to: string(field(row, 'to'), `${at}.to`),
      chain: array(field(row, 'chain'), `${at}.chain`),
      finalStatus: status(field(row, 'finalStatus'), `${at}.finalStatus`),
    })),
    traps: rows(report, 'traps', (row, at) => ({
      url: string(field(row, 'url'), `${at}.url`),
      kind: string(field(row, 'kind'), `${at}.kind`),
    })),
    robots: rows(report, 'robots', (row, at) => ({
      origin: string(field(row, 'origin'), `${at}.origin`),
      url: string(field(row, 'url'), `${at}.url`),
      status: status(field(row, 'status'), `${at}.status`),
      text: nullableString(field(row, 'text', null), `${at}.text`),
    })),
    sitemap: sitemap === null ? null : readSitemap(object(sitemap, 'sitemap')),
  };
}

function readPage(row: Json, at: string): SnapshotSource['pages'][number] {
  const indexable = field(row, 'indexable', null);
  return {
    url: string(field(row, 'url'), `${at}.url`),
    status: status(field(row, 'status'), `${at}.status`),
    indexable: indexable === null ? null : boolean(indexable, `${at}.indexable`),
    // Reports from before the audit have no reasons: no verdict, nothing blocking.
    reasons: list(field(row, 'reasons', []), `${at}.reasons`, (reason, where) => ({
      code: reasonCode(field(reason, 'code'), `${where}.code`),
      blocking: boolean(field(reason, 'blocking'), `${where}.blocking`),
    })),
  };
}

function readBroken(row: Json, at: string): SnapshotSource['broken'][number] {
  const pages = list(field(row, 'pages'), `${at}.pages`, (page, where) => ({
    page: string(field(page, 'page'), `${where}.page`),
    links: list(field(page, 'links', []), `${where}.links`, (link, there) => {
      const line = field(link, 'line', undefined);
      return {
        text: string(field(link, 'text'), `${there}.text`),
        ...(line === undefined ? {} : { line: number(line, `${there}.line`) }),
      };
    }),
  }));
  const pageCount = field(row, 'pageCount', pages.length);
  return {
    url: string(field(row, 'url'), `${at}.url`),
    status: status(field(row, 'status'), `${at}.status`),
    kind: string(field(row, 'kind'), `${at}.kind`),
    internal: boolean(field(row, 'internal'), `${at}.internal`),
    pageCount: number(pageCount, `${at}.pageCount`),
    pages,
  };
}

function readSitemap(sitemap: Json): NonNullable<SnapshotSource['sitemap']> {
  const listed = field(sitemap, 'listed', undefined);
  return {
    sitemaps: strings(field(sitemap, 'sitemaps'), 'sitemap.sitemaps'),
    // Reports from before `listed` existed: the sitemaps' URLs are unknown, compared as none.
    ...(listed === undefined ? {} : { listed: strings(listed, 'sitemap.listed') }),
  };
}

/**
 * An own property; `fallback` when it is absent (the field is optional),
 * an error when there is no fallback.
 */
function field(obj: Json, key: string, ...fallback: [unknown?]): unknown {
  if (Object.hasOwn(obj, key)) return obj[key];
  if (fallback.length > 0) return fallback[0];
  const at = pathOf.get(obj) ?? '';
  throw new Invalid(`${name(at === '' ? key : `${at}.${key}`)} is missing`);
}

function rows<T>(report: Json, key: string, read: (row: Json, at: string) => T): T[] {
  return list(field(report, key), key, read);
}

function list<T>(value: unknown, at: string, read: (row: Json, at: string) => T): T[] {
  // Array.from: a hole in a sparse array is an undefined item, not skipped.
  return Array.from(array(value, at), (item, i) =>
    read(object(item, `${at}[${i}]`), `${at}[${i}]`),
  );
}

function object(value: unknown, at: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Invalid(`${name(at)} is not an object`);
  }
  pathOf.set(value as Json, at);
  return value as Json;
}

function array(value: unknown, at: string): readonly unknown[] {
  if (!Array.isArray(value)) throw new Invalid(`${name(at)} is not a list`);
  return value;
}

function string(value: unknown, at: string): string {
  if (typeof value !== 'string') throw new Invalid(`${name(at)} is not text`);
  return value;
}

function nullableString(value: unknown, at: string): string | null {
  return value === null ? null : string(value, at);
}

function strings(value: unknown, at: string): string[] {
  return Array.from(array(value, at), (item, i) => string(item, `${at}[${i}]`));
}

function number(value: unknown, at: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new Invalid(`${name(at)} is not a number`);
  }
  return value;
}

/** An HTTP status, or null when nothing answered. */
function status(value: unknown, at: string): number | null {
  return value === null ? null : number(value, at);
}

function boolean(value: unknown, at: string): boolean {
  if (typeof value !== 'boolean') throw new Invalid(`${name(at)} is not true or false`);
  return value;
}

function reasonCode(value: unknown, at: string): ReasonCode {
  const code = string(value, at);
  if (!Object.hasOwn(REASON_CODES, code)) throw new Invalid(`${name(at)} is not a reason code`);
  return code as ReasonCode;
}

/** A field's path as a message names it: `pages[3].url`, the whole file as "the file". */
function name(at: string): string {
  if (at === '') return 'the file';
  return `\`${at.length > MAX_PATH_CHARS ? `${at.slice(0, MAX_PATH_CHARS)}…` : at}\``;
}
