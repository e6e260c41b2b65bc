/**
 * A small static site server for the bundled demo and the test fixtures,
 * bound to 127.0.0.1 only. A site is a folder of files plus an optional
 * `site.json` that gives special answers per path (status, headers —
 * repeated headers as arrays — or a redirect), so one folder describes one
 * scenario. Every request is logged, so tests can assert what was *not*
 * fetched.
 */
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export interface RouteSpec {
  status?: number;
  headers?: Record<string, string | string[]>;
  /** Serve this body instead of a file. */
  body?: string;
  /** Serve this file (relative to the site folder) instead of the path's own. */
  file?: string;
}

export interface SiteConfig {
  routes?: Record<string, RouteSpec>;
}

export interface LoggedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

export interface SiteServer {
  origin: string;
  log: LoggedRequest[];
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.png': 'image/png',
  '.json': 'application/json',
  '.xml': 'application/xml',
};

export async function startSiteServer(root: string, port = 0): Promise<SiteServer> {
  const config = await readConfig(root);
  const log: LoggedRequest[] = [];
  const server = http.createServer((req, res) => {
    log.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    answer(root, config, req, res).catch(() => {
      res.statusCode = 500;
      res.end('internal error');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: boundPort } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${boundPort}`,
    log,
    close: () =>
      new Promise((resolve) => {
        // Chromium keeps connections open; without this close() waits ~30 s.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readConfig(root: string): Promise<SiteConfig> {
  try {
    return JSON.parse(await readFile(path.join(root, 'site.json'), 'utf8')) as SiteConfig;
  } catch {
    return {};
  }
}

async function answer(
  root: string,
  config: SiteConfig,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  const route = config.routes?.[pathname] ?? {};
  for (const [name, value] of Object.entries(route.headers ?? {})) res.setHeader(name, value);
  if (route.body !== undefined) {
    return send(res, req, route.status ?? 200, Buffer.from(route.body), pathname);
  }
  const file = await readSiteFile(root, route.file ?? pathname);
  if (file === null) {
    return send(
      res,
      req,
      route.status ?? 404,
      Buffer.from('<!doctype html><title>Not found</title><h1>Not found</h1>'),
      'missing.html',
    );
  }
  send(res, req, route.status ?? 200, file.bytes, file.name);
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
    res.setHeader('content-type', CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream');
  }
  res.setHeader('content-length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

async function readSiteFile(
  root: string,
  pathname: string,
): Promise<{ bytes: Buffer; name: string } | null> {
  const relative = pathname.endsWith('/') ? `${pathname}index.html` : pathname;
  const full = path.join(root, path.normalize(relative));
  // Stay inside the site folder whatever the request path says.
  if (!full.startsWith(path.resolve(root) + path.sep) || path.basename(full) === 'site.json')
    return null;
  try {
    return { bytes: await readFile(full), name: full };
  } catch {
    return null;
  }
}
