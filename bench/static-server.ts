/**
 * A tiny static server for the throughput bench, run as its own process
 * (`node --import tsx bench/static-server.ts <root>`) so it does not share a
 * thread with the bench: files are read once and kept in memory, keep-alive
 * on, 127.0.0.1 only. Prints its origin on the first line of stdout. With
 * `site-server` as second argument it runs cli/site-server.ts instead, so
 * the two can be compared.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startSiteServer } from '../cli/site-server.ts';

export interface RunningServer {
  origin: string;
  /** Requests served since the last call (dedicated server only; null for site-server). */
  takeCount(): Promise<number | null>;
  close(): Promise<void>;
}

const COUNT_PATH = '/__bench/count';

/** Starts the server in a child process and waits for its origin. */
export function startStaticServer(
  root: string,
  kind: 'static' | 'site-server' = 'static',
): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/static-server.ts', root, kind], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('static server did not start')), 15_000);
    child.stdout!.once('data', (chunk: Buffer) => {
      clearTimeout(timer);
      const origin = chunk.toString().trim();
      const takeCount = async () =>
        kind === 'static'
          ? ((await (await fetch(`${origin}${COUNT_PATH}`)).json()) as { requests: number })
              .requests
          : null;
      resolve({ origin, takeCount, close: () => stop(child) });
    });
    child.on('error', reject);
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('close', () => resolve());
    child.kill('SIGTERM');
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

async function serve(root: string): Promise<void> {
  const cache = new Map<string, Buffer | null>();
  const load = async (pathname: string): Promise<Buffer | null> => {
    if (cache.has(pathname)) return cache.get(pathname)!;
    const file = path.join(
      root,
      path.normalize(pathname.endsWith('/') ? `${pathname}index.html` : pathname),
    );
    const body = file.startsWith(root) ? await readFile(file).catch(() => null) : null;
    cache.set(pathname, body);
    return body;
  };
  let requests = 0;
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (pathname === COUNT_PATH) {
      res.end(JSON.stringify({ requests }));
      requests = 0;
      return;
    }
    requests++;
    void load(pathname).then((body) => {
      const type = TYPES[path.extname(pathname) || '.html'] ?? 'application/octet-stream';
      if (body === null) {
        res.writeHead(404, { 'content-type': TYPES['.html']!, 'content-length': 9 });
        res.end(req.method === 'HEAD' ? undefined : 'Not found');
        return;
      }
      res.writeHead(200, { 'content-type': type, 'content-length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.stdout.write(`http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

async function serveWithSiteServer(root: string): Promise<void> {
  const site = await startSiteServer(root);
  process.stdout.write(`${site.origin}\n`);
  process.on('SIGTERM', () => void site.close().then(() => process.exit(0)));
}

if (process.argv[1]?.endsWith('static-server.ts')) {
  const root = path.resolve(process.argv[2] ?? '.');
  await (process.argv[3] === 'site-server' ? serveWithSiteServer(root) : serve(root));
}
