/**
 * The raw server ceiling: requests/s of a plain keep-alive load generator
 * on the site's pages, `concurrency` loops in parallel, bounded in count and
 * time. Runs as its own process (`node --import tsx bench/load-generator.ts
 * <origin> <pages> <concurrency> <maxRequests> <maxMs>`) and prints JSON.
 */
import http from 'node:http';
import { runMeasured } from './measure-child.ts';

export interface Ceiling {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
}

export async function measureCeiling(
  origin: string,
  pages: number,
  concurrency: number,
): Promise<Ceiling> {
  const args = [
    '--import',
    'tsx',
    'bench/load-generator.ts',
    origin,
    String(pages),
    String(concurrency),
    '20000',
    '8000',
  ];
  const run = await runMeasured(process.execPath, args, { timeoutMs: 30_000 });
  return JSON.parse(run.stdout) as Ceiling;
}

async function load(
  origin: string,
  pages: number,
  concurrency: number,
  maxRequests: number,
  maxMs: number,
): Promise<Ceiling> {
  const url = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const get = (path: string) =>
    new Promise<void>((resolve, reject) => {
      http
        .get({ host: url.hostname, port: url.port, path, agent }, (res) => {
          res.on('data', () => undefined);
          res.on('end', resolve);
        })
        .on('error', reject);
    });
  let sent = 0;
  const started = performance.now();
  const loop = async () => {
    while (sent < maxRequests && performance.now() - started < maxMs) {
      await get(`/p/${sent++ % pages}.html`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { requests: sent, seconds, requestsPerSecond: sent / seconds };
}

if (process.argv[1]?.endsWith('load-generator.ts')) {
  const [origin, pages, concurrency, maxRequests, maxMs] = process.argv.slice(2);
  const figures = await load(
    origin!,
    Number(pages),
    Number(concurrency),
    Number(maxRequests),
    Number(maxMs),
  );
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}
