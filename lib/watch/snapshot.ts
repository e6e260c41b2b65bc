/**
 * A crawl's snapshot: what of its report a later crawl is compared with.
 * Saved reports (untrusted JSON) are read by saved-report.ts into the same
 * few fields, so both ways end in the same shape.
 */
import type { CrawlReport } from '../crawl/report.ts';
import { readSavedReport, type SnapshotSource } from './saved-report.ts';
import type { CrawlSnapshot, SnapshotBroken, SnapshotLinkPage, SnapshotRedirect } from './types.ts';

/** The snapshot of a report just built (or read back from a saved JSON report). */
export function snapshotOfReport(report: CrawlReport): CrawlSnapshot {
  return snapshotOf(report);
}

/**
 * A saved crawl read from a file: the JSON `robotlens crawl --format json`
 * writes (any version since 0.x; fields added later may be absent), checked
 * field by field. Throws an Error whose message says what is wrong.
 */
export function snapshotOfSavedReport(json: unknown): CrawlSnapshot {
  return snapshotOf(readSavedReport(json));
}

function snapshotOf(report: SnapshotSource): CrawlSnapshot {
  return {
    version: 1,
    startUrl: report.startUrl,
    startedAtMs: report.stats.startedAtMs,
    robot: report.robot,
    auditRobot: report.audit?.robot ?? null,
    finished: report.finished,
    pages: report.pages.map((page) => ({
      url: page.url,
      status: page.status,
      indexable: page.indexable,
      blocking: page.reasons.filter((reason) => reason.blocking).map((reason) => reason.code),
    })),
    broken: report.broken.map(brokenOf),
    redirects: report.redirects.map(redirectOf),
    traps: report.traps.map(({ url, kind }) => ({ url, kind })),
    robots: report.robots.map(({ origin, url, status, text }) => ({
      origin,
      url,
      status,
      text: text ?? null,
    })),
    sitemap: report.sitemap
      ? { sitemaps: [...report.sitemap.sitemaps], urls: [...(report.sitemap.listed ?? [])] }
      : null,
  };
}

function brokenOf(row: SnapshotSource['broken'][number]): SnapshotBroken {
  return {
    url: row.url,
    status: row.status,
    kind: row.kind,
    internal: row.internal,
    pageCount: row.pageCount,
    pages: row.pages.map(linkPageOf),
  };
}

/** A page carrying the link, by its first link there. */
function linkPageOf(row: SnapshotSource['broken'][number]['pages'][number]): SnapshotLinkPage {
  const first = row.links[0];
  return {
    page: row.page,
    text: first?.text ?? '',
    ...(first?.line !== undefined ? { line: first.line } : {}),
  };
}

function redirectOf(row: SnapshotSource['redirects'][number]): SnapshotRedirect {
  return { from: row.from, to: row.to, hops: row.chain.length, finalStatus: row.finalStatus };
}
