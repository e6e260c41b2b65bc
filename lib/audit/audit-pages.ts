/**
 * Job 1 for every page of a crawl: a page verdict (lib/verdict/) per page of
 * the site, for the audit robot, from what the checkpoint holds — the HTTP
 * answer, the facts read in the crawl's one parse (UrlRecord.audit) and the
 * robots.txt the crawl fetched, decided again for the audit robot. No I/O.
 *
 * The pages: internal GET answers that are HTML or an error status, and the
 * pages the crawl did not fetch because robots.txt blocked its own token,
 * when robots.txt blocks the audit robot too (when it does not, what the
 * audit robot would see is unknown, so such a page is not judged).
 */
import { isHtml } from '../http/content-type.ts';
import type { CrawlCheckpoint } from '../crawl/crawl-book.ts';
import type { UrlRecord } from '../crawl/types.ts';
import { chooseMethod } from '../crawl/fetch-plan.ts';
import { normalizeUrl } from '../url/normalize-url.ts';
import { computeVerdict } from '../verdict/compute-verdict.ts';
import type { Verdict } from '../verdict/types.ts';
import type { VerdictHttp } from '../verdict/verdict-input.ts';
import { AuditRobotsTxt } from './audit-robot.ts';
import type { PageAudit } from './types.ts';
import { sharedIfEmpty } from '../empty-list.ts';

/** The crawl's time, for `unavailable_after`: when its latest run ended. */
export function crawlTimeMs(checkpoint: CrawlCheckpoint): number {
  return checkpoint.startedAtMs + checkpoint.elapsedBeforeMs;
}

export interface AuditPagesOptions {
  /**
   * The caller has no more use for the records' page facts (UrlRecord.audit):
   * each record lets go of them once its page is judged, since the audit
   * keeps what the site checks read. On the generated million-URL site,
   * judging the pages added 187 MB of heap; with the facts let go as it
   * went, 1 MB.
   */
  usesUpFacts?: boolean;
}

/** A verdict per page of the site, in the checkpoint's record order; empty when the audit is off. */
export function auditPages(
  checkpoint: CrawlCheckpoint,
  { usesUpFacts = false }: AuditPagesOptions = {},
): PageAudit[] {
  const settings = checkpoint.options.audit;
  if (!settings) return [];
  const robots = new AuditRobotsTxt(new Map(checkpoint.robots), settings.robot);
  const nowMs = crawlTimeMs(checkpoint);
  const audits: PageAudit[] = [];
  for (const record of checkpoint.records) {
    if (isAnsweredPage(record)) {
      audits.push(answeredPage(record, robots, settings.robot, nowMs));
      // Set, not deleted: a deleted field would turn the record into a slower, bigger dictionary.
      if (usesUpFacts) record.audit = undefined;
    } else if (isBlockedPage(record)) {
      const audit = blockedPage(record, robots, settings.robot, nowMs);
      if (audit) audits.push(audit);
    }
  }
  return audits;
}

/** A page of the site that answered: HTML, or an error status (whatever its type). */
function isAnsweredPage(record: UrlRecord): boolean {
  if (!record.internal || record.method !== 'GET' || record.httpStatus === null) return false;
  if (record.audit) return true;
  return isHtml(record.contentType) || record.httpStatus >= 400;
}

/** Not fetched because robots.txt blocked the crawl's token, and linked as a page would be. */
function isBlockedPage(record: UrlRecord): boolean {
  return (
    record.internal &&
    record.status === 'blocked' &&
    record.method === undefined &&
    chooseMethod({ url: record.url, internal: true }) === 'GET'
  );
}

function answeredPage(
  record: UrlRecord,
  robots: AuditRobotsTxt,
  robot: string,
  nowMs: number,
): PageAudit {
  const xRobotsTag = record.audit?.xRobotsTag ?? [];
  const http: VerdictHttp = {
    // A 304 of a re-crawl is the page read last time (its facts were kept then).
    status: record.status === 'unchanged' && record.audit ? 200 : record.httpStatus,
    finalUrl: record.finalUrl ?? record.url,
    redirects: record.redirects ?? [],
    xRobotsTag,
    ...(record.contentType ? { contentType: record.contentType } : {}),
  };
  const decision = robots.decision(record.url);
  const verdict = computeVerdict({
    url: record.url,
    robot,
    nowMs,
    http,
    page: record.audit?.facts ?? null,
    robots: decision,
  });
  return pageAuditOf(record, verdict, decision !== null && !decision.allowed);
}

/** Blocked for the crawl's token: listed when the audit robot is blocked too, with that reason only. */
function blockedPage(
  record: UrlRecord,
  robots: AuditRobotsTxt,
  robot: string,
  nowMs: number,
): PageAudit | null {
  const decision = robots.decision(record.url);
  if (decision === null || decision.allowed) return null;
  const verdict = computeVerdict({
    url: record.url,
    robot,
    nowMs,
    http: { status: null, finalUrl: record.url, redirects: [], xRobotsTag: [] },
    page: null,
    robots: decision,
  });
  // The page was not asked for (robots.txt said no): no answer is no HTTP problem.
  const reasons = verdict.reasons.filter((reason) => reason.code !== 'http-status');
  return pageAuditOf(record, { ...verdict, reasons }, true);
}

function pageAuditOf(record: UrlRecord, verdict: Verdict, blockedForRobot: boolean): PageAudit {
  const tags = verdict.tags;
  return {
    url: record.url,
    status: record.httpStatus,
    indexable: !verdict.reasons.some((reason) => reason.blocking),
    // Most pages have neither: their empty lists, shared, are not a million lists.
    reasons: sharedIfEmpty(verdict.reasons),
    blockedForRobot,
    title: tags.title,
    description: tags.description,
    canonical: tags.canonical === null ? null : normalized(tags.canonical),
    hreflang: sharedIfEmpty(
      tags.hreflang.map(({ lang, href }) => ({ lang, href: normalized(href) })),
    ),
    fingerprint: record.fingerprint ?? null,
    ...(record.truncated ? { truncatedAtBytes: record.bytes ?? 0 } : {}),
  };
}

/** The URL as the crawl keys it; as resolved when it cannot be normalized. */
function normalized(url: string): string {
  const result = normalizeUrl(url);
  return result.ok ? result.url : url;
}
