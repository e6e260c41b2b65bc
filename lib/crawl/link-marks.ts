/** A link's crawl record → the mark and tooltip shown on the page ("Highlight links on this page"). */
import type { LinkMark, LinkMarkEntry } from '../protocol/messages.ts';
import type { UrlRecord } from './types.ts';

export function markOf(url: string, record: UrlRecord | undefined): LinkMarkEntry {
  if (!record) return { url, mark: 'unknown', detail: 'RobotLens: not checked' };
  return { url, mark: markFor(record), detail: `RobotLens: ${describe(record)}` };
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

function describe(record: UrlRecord): string {
  const status = record.httpStatus !== null ? `HTTP ${record.httpStatus}` : record.status;
  if (record.status === 'redirected')
    return `${record.redirects?.[0]?.status ?? '3xx'} → ${record.finalUrl ?? ''} (${status})`;
  return record.reason ? `${status}: ${record.reason}` : status;
}
