/** A link's crawl record → the mark and tooltip shown on the page ("Highlight links on this page"). */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import type { UrlRecord } from './types.ts';

/** A link of the current page, marked by what the crawl found. */
export type LinkMark = 'ok' | 'broken' | 'redirected' | 'blocked' | 'skipped' | 'unknown';

export interface LinkMarkEntry {
  url: string;
  mark: LinkMark;
  /** Shown in the tooltip: `404 Not Found`, `301 → /new`, `robots.txt disallows it`. */
  detail: string;
}

/** The tooltip is worded by `say`, in the reader's language. */
export function markOf(
  url: string,
  record: UrlRecord | undefined,
  say: (phrase: Phrase) => string,
): LinkMarkEntry {
  if (!record) return { url, mark: 'unknown', detail: say(phrase('mark_not_checked')) };
  return {
    url,
    mark: markFor(record),
    detail: say(phrase('mark_detail', { detail: describe(record) })),
  };
}

function markFor(record: UrlRecord): LinkMark {
  switch (record.status) {
    case 'ok':
    case 'unchanged':
      return 'ok';
    case 'redirected':
      return 'redirected';
    case 'broken':
      return 'broken';
    case 'blocked':
      return 'blocked';
    case 'skipped':
    case 'rate-limited':
    case 'forbidden':
      return 'skipped';
    default:
      return record.status satisfies never;
  }
}

function describe(record: UrlRecord): Phrase | string {
  const status = record.httpStatus !== null ? `HTTP ${record.httpStatus}` : record.status;
  // A redirect out of scope carries why its target was not requested.
  if (record.status === 'redirected' && record.reason)
    return phrase('mark_status_reason', {
      status: `HTTP ${record.redirects?.[0]?.status ?? '3xx'}`,
      reason: record.reason,
    });
  if (record.status === 'redirected')
    return `${record.redirects?.[0]?.status ?? '3xx'} → ${record.finalUrl ?? ''} (${status})`;
  const reason = record.reason;
  return reason ? phrase('mark_status_reason', { status, reason }) : status;
}
