/**
 * Real third-party sites: Debian's documentation packages served by Debian's
 * nginx on 127.0.0.1 with a private config — the libstdc++ docs
 * (libstdc++-12-doc, ~3,750 Doxygen pages, 213 broken URLs that ship with it)
 * and the OpenJDK 17 API docs (openjdk-17-doc, ~10,100 javadoc pages, 55
 * broken URLs). RobotLens, linkinator 7.6.1 and `wget --spider -r` crawl each
 * with the same scope (same site only, 8 at once, no delay), in alternating
 * rounds; wall time and peak RSS of each (medians), and the sets of broken
 * URLs each one found, compared. Two sites of different shapes, because one
 * site's figure can flatter: Doxygen pages are few and heavy (~40 kB, ~75
 * links each), javadoc pages many and lighter.
 *
 * Missing packages are installed with apt-get when running as root, with
 * service starts denied during the install so that Debian's default site
 * never listens on 0.0.0.0:80. Runs alone with `npx tsx bench/real-site.ts`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runMeasured, type ChildRun } from './measure-child.ts';

export interface RealSite {
  /** How rows name it. */
  name: string;
  /** The Debian package that ships it. */
  package: string;
  docRoot: string;
  /** Same-site broken URLs that ship with the package (found by all three tools). */
  broken: number;
}

export const REAL_SITES: RealSite[] = [
  {
    name: 'libstdc++ docs',
    package: 'libstdc++-12-doc',
    docRoot: '/usr/share/doc/gcc-12-base/libstdc++',
    broken: 213,
  },
  {
    name: 'OpenJDK 17 API docs',
    package: 'openjdk-17-doc',
    docRoot: '/usr/share/doc/openjdk-17-jre-headless/api',
    broken: 55,
  },
];
const PACKAGES = { nginx: 'nginx', wget: 'wget' } as const;
const NGINX = '/usr/sbin/nginx';
const WGET = '/usr/bin/wget';
const POLICY_RC = '/usr/sbin/policy-rc.d';
const LINKINATOR = path.resolve('node_modules/linkinator/build/src/cli.js');
const ROBOTLENS = path.resolve('dist/robotlens.mjs');

export type Tool = 'robotlens' | 'linkinator' | 'wget';
export const TOOLS: Tool[] = ['robotlens', 'linkinator', 'wget'];

export interface RealSiteRun {
  tool: Tool;
  round: number;
  seconds: number;
  peakRssMb: number | null;
  /** Requests nginx logged during the run. */
  requests: number;
  /** Same-site broken URLs, or null when the tool gave no report. */
  broken: number | null;
  exitCode: number | null;
  timedOut: boolean;
}

export interface ToolSummary {
  tool: Tool;
  medianSeconds: number;
  medianPeakRssMb: number | null;
  medianRequests: number;
  /** Same-site broken URLs (the last round with a report; -1 when none). */
  broken: number;
}

export interface RealSiteFigures {
  ran: true;
  name: string;
  package: string;
  docRoot: string;
  htmlPages: number;
  rounds: number;
  loadAverage: number[];
  runs: RealSiteRun[];
  summary: ToolSummary[];
  /** For each pair of tools, the broken URLs the first found and the second did not. */
  differences: { found: Tool; missed: Tool; urls: string[] }[];
  sameBrokenSets: boolean;
  /** Runs that gave no report (the tool crashed or timed out). */
  errors: string[];
  targets: { name: string; figure: string; target: string; pass: boolean }[];
}

export type RealSiteResult = RealSiteFigures | { ran: false; name: string; reason: string };

/** Every real site in turn (the command line is built once, before the first). */
export async function measureRealSites(
  sites: readonly RealSite[] = REAL_SITES,
  options: { rounds?: number; timeoutMs?: number } = {},
): Promise<RealSiteResult[]> {
  if (!existsSync(ROBOTLENS) || process.env.BENCH_REAL_BUILD !== 'no') buildCli();
  const results: RealSiteResult[] = [];
  for (const site of sites) results.push(await measureRealSite(site, options));
  return results;
}

export async function measureRealSite(
  site: RealSite,
  { rounds = Number(process.env.BENCH_REAL_ROUNDS ?? 3), timeoutMs = 240_000 } = {},
): Promise<RealSiteResult> {
  const missing = ensurePackages(site);
  if (missing) return { ran: false, name: site.name, reason: missing };
  if (!existsSync(ROBOTLENS)) buildCli();
  const nginx = await startNginx(site.docRoot);
  try {
    const runs: RealSiteRun[] = [];
    const sets = new Map<Tool, Set<string>>();
    const errors: string[] = [];
    for (let round = 1; round <= rounds; round++) {
      // Alternating order: each tool goes first in some round, so drift on a shared machine spreads.
      const order = TOOLS.map((_, i) => TOOLS[(i + round - 1) % TOOLS.length]!);
      for (const tool of order) {
        const before = await nginx.logSize();
        const { run, broken, error } = await runTool(tool, nginx.origin, timeoutMs);
        const requests = await nginx.requestsSince(before);
        if (error) errors.push(`${tool}, round ${round}: ${error}`);
        runs.push({
          tool,
          round,
          seconds: run.seconds,
          peakRssMb: run.peakRssMb,
          requests,
          broken: broken?.size ?? null,
          exitCode: run.exitCode,
          timedOut: run.timedOut,
        });
        if (broken) sets.set(tool, broken);
      }
    }
    const summary = TOOLS.map((tool): ToolSummary => {
      const own = runs.filter((r) => r.tool === tool);
      const rss = own.map((r) => r.peakRssMb).filter((x): x is number => x !== null);
      return {
        tool,
        medianSeconds: median(own.map((r) => r.seconds)),
        medianPeakRssMb: rss.length > 0 ? median(rss) : null,
        medianRequests: median(own.map((r) => r.requests)),
        broken: sets.get(tool)?.size ?? -1,
      };
    });
    const differences: RealSiteFigures['differences'] = [];
    for (const found of TOOLS)
      for (const missed of TOOLS) {
        const [a, b] = [sets.get(found), sets.get(missed)];
        if (found === missed || !a || !b) continue;
        const urls = [...a].filter((url) => !b.has(url)).sort();
        if (urls.length > 0) differences.push({ found, missed, urls });
      }
    const of = (tool: Tool) => summary.find((s) => s.tool === tool)!;
    const ours = of('robotlens');
    const wget = of('wget');
    const linkinator = of('linkinator');
    const speedup = linkinator.medianSeconds / ours.medianSeconds;
    const targets = [
      {
        name: 'robotlens wall time / wget',
        figure: `${ours.medianSeconds.toFixed(1)} s / ${wget.medianSeconds.toFixed(1)} s`,
        target: '≤ wget',
        pass: ours.medianSeconds <= wget.medianSeconds,
      },
      {
        name: 'linkinator wall time / robotlens',
        figure: `${speedup.toFixed(2)}×`,
        target: '≥ 3×',
        pass: speedup >= 3,
      },
      {
        name: 'robotlens peak RSS',
        figure: ours.medianPeakRssMb === null ? 'n/a' : `${ours.medianPeakRssMb.toFixed(0)} MB`,
        target: '≤ 250 MB',
        pass: ours.medianPeakRssMb !== null && ours.medianPeakRssMb <= 250,
      },
      {
        name: `broken URLs: all three the same set of ${site.broken}`,
        figure: summary.map((s) => `${s.tool} ${s.broken}`).join(', '),
        target: `same ${site.broken}`,
        pass: differences.length === 0 && summary.every((s) => s.broken === site.broken),
      },
    ];
    return {
      ran: true,
      name: site.name,
      package: site.package,
      docRoot: site.docRoot,
      htmlPages: countHtml(site.docRoot),
      rounds,
      loadAverage: os.loadavg(),
      runs,
      summary,
      differences,
      sameBrokenSets: differences.length === 0,
      errors,
      targets,
    };
  } finally {
    await nginx.stop();
  }
}

/** Installs what is missing; returns why the bench cannot run, or null. */
function ensurePackages(site: RealSite): string | null {
  const index = path.join(site.docRoot, 'index.html');
  const wanted = [
    ...(existsSync(index) ? [] : [site.package]),
    ...(existsSync(NGINX) ? [] : [PACKAGES.nginx]),
    ...(existsSync(WGET) ? [] : [PACKAGES.wget]),
  ];
  if (wanted.length === 0) return null;
  if (process.getuid?.() !== 0)
    return `${wanted.join(', ')} not installed and not root (apt-get install -y ${wanted.join(' ')}): not run`;
  // Deny service starts during the install: Debian's nginx would start its default site on 0.0.0.0:80.
  const ownPolicy = !existsSync(POLICY_RC);
  try {
    if (ownPolicy)
      spawnSync('sh', [
        '-c',
        `printf '#!/bin/sh\\nexit 101\\n' > ${POLICY_RC} && chmod 755 ${POLICY_RC}`,
      ]);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const install = () =>
      spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...wanted], {
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
    let result = install();
    if (result.status !== 0) {
      spawnSync('apt-get', ['update'], { env, stdio: 'ignore' });
      result = install();
    }
    if (result.status !== 0)
      return `apt-get install ${wanted.join(' ')} failed: ${result.stderr.toString().trim().split('\n').pop()}`;
  } finally {
    if (ownPolicy) spawnSync('rm', ['-f', POLICY_RC]);
  }
  return existsSync(index) ? null : `${index} is missing after the install`;
}

function buildCli() {
  const result = spawnSync('npm', ['run', '--silent', 'build:cli'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build:cli failed');
}

export interface Nginx {
  origin: string;
  logSize(): Promise<number>;
  requestsSince(offset: number): Promise<number>;
  stop(): Promise<void>;
}

export async function startNginx(docRoot: string): Promise<Nginx> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'robotlens-bench-nginx-'));
  const port = await freePort();
  const log = path.join(dir, 'access.log');
  await mkdir(path.join(dir, 'logs'));
  // worker_connections is set high on purpose: linkinator keeps ~900 connections open at
  // --concurrency 8 (its fetch pool is unbounded), and with nginx's default 1,024 the server
  // drops connections and linkinator reports ~2,000 pages as broken (status 0, "other side closed").
  const conf = `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
worker_rlimit_nofile 16384;
events { worker_connections 8192; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${log} combined;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  keepalive_requests 100000;
  sendfile on;
  server {
    listen 127.0.0.1:${port};
    root ${docRoot};
  }
}
`;
  const confFile = path.join(dir, 'nginx.conf');
  await writeFile(confFile, conf);
  const child: ChildProcess = spawn(NGINX, ['-c', confFile, '-p', dir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const quit = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
  };
  // Stop nginx even when the bench dies on its way out.
  process.once('exit', quit);
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr.trim()}`);
    try {
      if ((await fetch(`${origin}/index.html`, { method: 'HEAD' })).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 50) {
      quit();
      throw new Error(`nginx did not answer on ${origin}: ${stderr.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const logSize = async () => (await stat(log)).size;
  return {
    origin,
    logSize,
    async requestsSince(offset) {
      const text = (await readFile(log)).subarray(offset).toString();
      return text.split('\n').filter((line) => line !== '').length;
    },
    async stop() {
      process.removeListener('exit', quit);
      const closed = new Promise((resolve) => child.once('close', resolve));
      quit();
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function runTool(
  tool: Tool,
  origin: string,
  timeoutMs: number,
): Promise<{ run: ChildRun; broken: Set<string> | null; error?: string }> {
  const start = `${origin}/`;
  const sameSite = (url: string) => url.startsWith(start);
  if (tool === 'robotlens') {
    const args = [ROBOTLENS, 'crawl', start, '--concurrency', '8', '--delay', '0'];
    args.push('--no-external', '--max-pages', '100000', '--max-depth', '1000', '--format', 'json');
    const run = await runMeasured(process.execPath, args, { timeoutMs });
    const report = parse<{ broken: { url: string }[] }>(run, tool);
    if (typeof report === 'string') return { run, broken: null, error: report };
    return { run, broken: new Set(report.broken.map((b) => b.url).filter(sameSite)) };
  }
  if (tool === 'linkinator') {
    const skip = `^(?!${start.replace(/[.]/g, '\\.')})`;
    const args = [LINKINATOR, start, '--recurse', '--concurrency', '8', '--skip', skip];
    args.push('--format', 'json');
    // Its report goes to a file: through a pipe, linkinator's exit can cut the JSON short.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'robotlens-bench-linkinator-'));
    const out = path.join(dir, 'report.json');
    const shell = ['-c', 'out="$1"; shift; exec "$@" > "$out"', 'sh', out, process.execPath];
    const run = await runMeasured('/bin/sh', [...shell, ...args], { timeoutMs });
    run.stdout = await readFile(out, 'utf8').catch(() => '');
    await rm(dir, { recursive: true, force: true });
    const report = parse<{ links: { url: string; state: string }[] }>(run, tool);
    if (typeof report === 'string') return { run, broken: null, error: report };
    const broken = report.links.filter((l) => l.state === 'BROKEN').map((l) => l.url);
    return { run, broken: new Set(broken.filter(sameSite)) };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'robotlens-bench-wget-'));
  try {
    const args = ['--spider', '-r', '-l', 'inf', '-nd', '-nv', start];
    const run = await runMeasured(WGET, args, { timeoutMs, cwd: dir });
    // -nv ends with "Found N broken links." and the broken URLs, one a line.
    const tail = run.stderr.split(/^Found \d+ broken links?\.$/m)[1] ?? '';
    const urls = tail.split('\n').filter((line) => /^https?:\/\//.test(line));
    return { run, broken: new Set(urls.filter(sameSite)) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The tool's JSON report, or why there is none. */
function parse<T>(run: ChildRun, tool: Tool): T | string {
  try {
    return JSON.parse(run.stdout) as T;
  } catch {
    const stderr = run.stderr.replace(/\n?\s*Command being timed[\s\S]*$/, '').trim();
    const why = run.timedOut ? 'timed out' : `exit ${run.exitCode}`;
    return `${tool}: no JSON report (${why}, ${run.stdout.length} bytes out): ${stderr.slice(-300)}`;
  }
}

function countHtml(root: string): number {
  const out = spawnSync('find', [root, '-name', '*.html'], { encoding: 'utf8' }).stdout;
  return out.split('\n').filter((line) => line !== '').length;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The rows `npm run bench` prints: [name, figure, target, pass]. */
export function realSiteRows(result: RealSiteResult): [string, string, string, boolean?][] {
  const site = `real site, ${result.name}`;
  if (!result.ran) return [[site, result.reason, '']];
  const rows: [string, string, string, boolean?][] = [];
  const load = result.loadAverage.map((x) => x.toFixed(2)).join(' ');
  for (const s of result.summary) {
    rows.push([
      `${site} (${result.htmlPages} HTML files): ${s.tool}, median of ${result.rounds}`,
      `${s.medianSeconds.toFixed(1)} s, ${s.medianPeakRssMb === null ? 'n/a' : s.medianPeakRssMb.toFixed(0)} MB, ${s.medianRequests} requests, ${s.broken} broken`,
      '',
    ]);
  }
  rows.push([`${site}: load average at the end`, load, '']);
  for (const t of result.targets) rows.push([`${site}: ${t.name}`, t.figure, t.target, t.pass]);
  for (const error of result.errors) rows.push([`${site}: run without a report`, error, '']);
  for (const d of result.differences) {
    const shown = d.urls.slice(0, 5).join(' ');
    rows.push([
      `${site}: broken for ${d.found}, not for ${d.missed}`,
      `${d.urls.length}: ${shown}${d.urls.length > 5 ? ' …' : ''}`,
      '',
    ]);
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await measureRealSites();
  const rows = results.flatMap(realSiteRows);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => String(r[i]).length)));
  for (const [name, figure, target, pass] of rows)
    console.log(
      [
        name.padEnd(widths[0]!),
        figure.padEnd(widths[1]!),
        target.padEnd(widths[2]!),
        pass === undefined ? '' : pass ? 'pass' : 'FAIL',
      ].join('  '),
    );
  // Alone, it updates its own part of bench/results.json (`npm run bench` rewrites the whole file).
  const file = 'bench/results.json';
  const saved = existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as object) : {};
  const realSites = { measuredAt: new Date().toISOString(), sites: results };
  await writeFile(file, `${JSON.stringify({ ...saved, realSites }, null, 2)}\n`);
}
