/**
 * Answering one request to a fixture site: choose the Answer (site-routes.ts),
 * wait or hang if it says so, then send its headers and its body — generated,
 * given inline, or read from the site folder — with placeholders filled and
 * gzip applied.
 */
import type http from 'node:http';
import zlib from 'node:zlib';
import type { SiteConfig } from './site-config.ts';
import { contentTypeFor, readSiteFile } from './site-files.ts';
import { calendarPage, HTML, streamLargePage } from './site-generated.ts';
import { escapeHtml, fillPlaceholderBytes, fillPlaceholders } from './site-placeholders.ts';
import { chooseAnswer, findRoute, type SequenceCounters } from './site-routes.ts';

/** What answering needs from the running server. */
export interface RunningSite {
  root: string;
  config: SiteConfig;
  sequences: SequenceCounters;
  /** Pending `delayMs` timers, so close() can cancel them. */
  timers: Set<NodeJS.Timeout>;
  vars: Record<string, string>;
  /** Known only once the server listens. */
  origin: () => string;
}

const NOT_FOUND_PAGE = '<!doctype html><title>Not found</title><h1>Not found</h1>';

export async function answerRequest(
  site: RunningSite,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  const target = new URL(req.url ?? '/', 'http://x');
  let pathname: string;
  try {
    pathname = decodeURIComponent(target.pathname);
  } catch {
    return send(res, req, 400, Buffer.from('bad request'), 'bad.txt');
  }
  const method = req.method ?? 'GET';
  const route = findRoute(site.config, pathname);
  const chosen = chooseAnswer(route, pathname, method, site.sequences);
  if (chosen.delayMs) await sleep(site, chosen.delayMs);
  // A hang leaves the socket open until close(); a client that gave up gets nothing.
  if (chosen.hang || req.socket.destroyed) return;

  const vars = { ...site.vars, origin: site.origin(), url: escapeHtml(req.url ?? '/') };
  const fill = (value: string) => fillPlaceholders(value, vars);
  for (const [name, value] of Object.entries(chosen.headers ?? {}))
    res.setHeader(name, Array.isArray(value) ? value.map(fill) : fill(value));
  let status = chosen.status;
  if (chosen.redirect !== undefined) {
    res.setHeader('location', fill(chosen.redirect));
    status ??= 301;
  }
  if (chosen.gzip) res.setHeader('content-encoding', 'gzip');

  if (chosen.bytes !== undefined) {
    return streamLargePage(res, req, status ?? 200, chosen.bytes, Boolean(chosen.gzip));
  }
  if (chosen.generator === 'calendar') {
    const page = calendarPage(pathname, target.searchParams.get('month'));
    if (!res.hasHeader('content-type')) res.setHeader('content-type', HTML);
    const body = Buffer.from(page ?? NOT_FOUND_PAGE);
    return send(res, req, status ?? (page ? 200 : 404), pack(body, chosen.gzip), 'calendar.html');
  }
  if (chosen.body !== undefined) {
    // The request path's extension gives the default Content-Type.
    const body = fillPlaceholderBytes(
      Buffer.from(chosen.body),
      vars,
      bodyContentType(res, pathname),
    );
    return send(res, req, status ?? 200, pack(body, chosen.gzip), pathname);
  }
  const file = await readSiteFile(site.root, chosen.file ?? pathname);
  if (file === null) {
    res.removeHeader('content-encoding');
    return send(res, req, status ?? 404, Buffer.from(NOT_FOUND_PAGE), 'missing.html');
  }
  const body = fillPlaceholderBytes(file.bytes, vars, bodyContentType(res, file.name));
  send(res, req, status ?? 200, pack(body, chosen.gzip), file.name);
}

function sleep(site: RunningSite, delayMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      site.timers.delete(timer);
      resolve();
    }, delayMs);
    site.timers.add(timer);
  });
}

/** The Content-Type the body will go out with: the answer's header, else the name's extension. */
function bodyContentType(res: http.ServerResponse, name: string): string {
  return String(res.getHeader('content-type') ?? contentTypeFor(name) ?? '');
}

function send(
  res: http.ServerResponse,
  req: http.IncomingMessage,
  status: number,
  body: Buffer,
  name: string,
): void {
  res.statusCode = status;
  if (!res.hasHeader('content-type')) {
    res.setHeader('content-type', contentTypeFor(name) ?? 'application/octet-stream');
  }
  res.setHeader('content-length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function pack(body: Buffer, gzip: boolean | undefined): Buffer {
  return gzip ? zlib.gzipSync(body) : body;
}
