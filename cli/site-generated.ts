/**
 * Bodies the fixture server makes up instead of reading from the site folder:
 * a page of any size (to test body caps without a huge file on disk) and an
 * endless calendar (to test that a crawler does not follow a trap forever).
 */
import type http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { escapeHtml } from './site-placeholders.ts';

export const HTML = 'text/html; charset=utf-8';

const BIG_HEAD = '<!doctype html><html><head><title>A large page</title></head><body>\n';
const BIG_TAIL = '</body></html>\n';
const BIG_CHUNK = Buffer.from(
  '<p>Filler text that makes this page large, repeated line after line.</p>\n'.repeat(1024),
);

/** A generated HTML page of `bytes` bytes (at least head and tail), written as the client reads. */
export async function streamLargePage(
  res: http.ServerResponse,
  req: http.IncomingMessage,
  status: number,
  bytes: number,
  gzip: boolean,
): Promise<void> {
  const fillerBytes = Math.max(0, bytes - BIG_HEAD.length - BIG_TAIL.length);
  res.statusCode = status;
  if (!res.hasHeader('content-type')) res.setHeader('content-type', HTML);
  if (!gzip) res.setHeader('content-length', BIG_HEAD.length + fillerBytes + BIG_TAIL.length);
  if (req.method === 'HEAD') return void res.end();
  async function* chunks() {
    yield Buffer.from(BIG_HEAD);
    for (let left = fillerBytes; left > 0; left -= BIG_CHUNK.length)
      yield left >= BIG_CHUNK.length ? BIG_CHUNK : BIG_CHUNK.subarray(0, left);
    yield Buffer.from(BIG_TAIL);
  }
  const source = Readable.from(chunks(), { objectMode: false });
  try {
    await (gzip ? pipeline(source, zlib.createGzip(), res) : pipeline(source, res));
  } catch {
    // The client stopped reading (a crawler capping the body): nothing to do.
  }
}

const MONTH = /^(\d{4,})-(0[1-9]|1[0-2])$/;
const DEFAULT_MONTH = '2024-01';

/**
 * An endless calendar: each month links to the one before and the one after,
 * forever. Null when `month` (`YYYY-MM`, default 2024-01) is not a month.
 */
export function calendarPage(pathname: string, month: string | null): string | null {
  const match = MONTH.exec(month ?? DEFAULT_MONTH);
  if (!match) return null;
  const index = Number(match[1]) * 12 + Number(match[2]) - 1;
  const label = (i: number) => `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
  const href = (i: number) => escapeHtml(`${pathname}?month=${label(i)}`);
  return (
    `<!doctype html><html><head><title>Calendar ${label(index)}</title></head><body>` +
    `<h1>Events in ${label(index)}</h1><p>No events this month.</p>` +
    `<a href="${href(index - 1)}">Previous month</a> <a href="${href(index + 1)}">Next month</a>` +
    `</body></html>\n`
  );
}
