/**
 * Crawl throughput of the command line on a generated static site, against
 * linkinator at equal concurrency and `wget --spider -r` as a floor, with
 * each one's peak RSS; and the raw server ceiling (a keep-alive load
 * generator on the same pages). Every run is bounded in time: a tool that
 * has not finished is stopped and rated on the requests the server saw.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { measureCeiling, type Ceiling } from './load-generator.ts';
import { runMeasured, type ChildRun } from './measure-child.ts';
import { startStaticServer, type RunningServer } from './static-server.ts';

export interface ToolRun {
  tool: 'robotlens' | 'linkinator' | 'wget';
  concurrency: number;
  /** URLs checked (the tool's own count when it finished, else requests served). */
  urls: number;
  requests: number;
  seconds: number;
  urlsPerSecond: number;
  peakRssMb: number | null;
  finished: boolean;
}

export interface ThroughputFigures {
  pages: number;
  ceilings: (Ceiling & { server: string; concurrency: number })[];
  runs: ToolRun[];
  wget: 'ran' | 'absent';
  timeLimitSeconds: number;
}

const WGET = '/usr/bin/wget';
const LINKINATOR = path.resolve('node_modules/linkinator/build/src/cli.js');

export async function measureCliThroughput(
  root: string,
  pages: number,
  { concurrencies = [8, 32], timeLimitSeconds = 60 } = {},
): Promise<ThroughputFigures> {
  const ceilings: ThroughputFigures['ceilings'] = [];
  const siteServer = await startStaticServer(root, 'site-server');
  try {
    ceilings.push({
      server: 'cli/site-server.ts',
      concurrency: 32,
      ...(await measureCeiling(siteServer.origin, pages, 32)),
    });
  } finally {
    await siteServer.close();
  }
  const server = await startStaticServer(root);
  const runs: ToolRun[] = [];
  const timeoutMs = timeLimitSeconds * 1000;
  try {
    for (const concurrency of concurrencies) {
      ceilings.push({
        server: 'bench/static-server.ts',
        concurrency,
        ...(await measureCeiling(server.origin, pages, concurrency)),
      });
    }
    for (const concurrency of concurrencies) {
      runs.push(await robotlens(server, concurrency, timeoutMs));
      runs.push(await linkinator(server, concurrency, timeoutMs));
    }
    if (existsSync(WGET)) runs.push(await wget(server, timeoutMs));
  } finally {
    await server.close();
  }
  return { pages, ceilings, runs, wget: existsSync(WGET) ? 'ran' : 'absent', timeLimitSeconds };
}

async function rated(
  server: RunningServer,
  tool: ToolRun['tool'],
  concurrency: number,
  run: ChildRun,
  ownCount: (run: ChildRun) => number,
): Promise<ToolRun> {
  const requests = (await server.takeCount()) ?? 0;
  const finished = !run.timedOut;
  const urls = finished ? ownCount(run) : requests;
  const { seconds, peakRssMb } = run;
  return {
    tool,
    concurrency,
    urls,
    requests,
    seconds,
    urlsPerSecond: urls / seconds,
    peakRssMb,
    finished,
  };
}

async function robotlens(server: RunningServer, concurrency: number, timeoutMs: number) {
  await server.takeCount();
  const args = ['cli/bin.mjs', 'crawl', `${server.origin}/`, '--concurrency', String(concurrency)];
  args.push(
    '--delay-ms',
    '0',
    '--max-pages',
    '20000',
    '--max-depth',
    '1000',
    '--no-external',
    '--format',
    'json',
  );
  const run = await runMeasured(process.execPath, args, { timeoutMs });
  return rated(
    server,
    'robotlens',
    concurrency,
    run,
    (r) => (JSON.parse(r.stdout) as { stats: { done: number } }).stats.done,
  );
}

async function linkinator(server: RunningServer, concurrency: number, timeoutMs: number) {
  await server.takeCount();
  // Every link of the generated site is on 127.0.0.1; --skip keeps any other host out all the same.
  const args = [LINKINATOR, `${server.origin}/`, '--recurse', '--concurrency', String(concurrency)];
  args.push('--skip', '^(?!http://127\\.0\\.0\\.1)', '--format', 'json');
  const run = await runMeasured(process.execPath, args, { timeoutMs });
  return rated(server, 'linkinator', concurrency, run, (r) => {
    const report = JSON.parse(r.stdout) as { links: { url: string }[] };
    return new Set(report.links.map((link) => link.url)).size;
  });
}

async function wget(server: RunningServer, timeoutMs: number) {
  await server.takeCount();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'robotlens-wget-'));
  try {
    const args = [
      '--spider',
      '-r',
      '-l',
      'inf',
      '-nv',
      '-nd',
      '-e',
      'robots=off',
      `${server.origin}/`,
    ];
    const run = await runMeasured(WGET, args, { timeoutMs, cwd: dir });
    return rated(server, 'wget', 1, run, (r) => {
      const fetched = r.stderr.split('\n').filter((line) => line.includes(' URL:')).length;
      const broken = Number(/Found (\d+) broken links?/.exec(r.stderr)?.[1] ?? 0);
      return fetched + broken;
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
