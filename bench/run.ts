/**
 * `npm run bench`: figures that tests must not time. Runs every measurement,
 * prints one table (name, figure, target, pass/fail; a missed target never
 * fails the run) and writes bench/results.json.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { measureBrowserVsCli } from './browser-vs-cli.ts';
import { formatCpu } from './process-cpu.ts';
import { measureBundle } from './bundle.ts';
import { measureCliThroughput, type ToolRun } from './cli-throughput.ts';
import { measureContentScript } from './content-script.ts';
import { measureCrawlMemory } from './crawl-memory.ts';
import { formatScaleCurve, measureScaleCurve, scaleCurveRows } from './scale-curve.ts';
import { generateSite } from './generate-site.ts';
import { measureInputBounds, type Timing } from './input-bounds.ts';
import { measureRealSites, realSiteRows } from './real-site.ts';
import { measureHostileRobots } from './robots-hostile.ts';
import { measureRobotsSpeed } from './robots-speed.ts';

type Row = [name: string, figure: string, target: string, verdict: string];
const rows: Row[] = [];
const row = (name: string, figure: string, target = '', pass?: boolean) =>
  rows.push([name, figure, target, pass === undefined ? '' : pass ? 'pass' : 'FAIL']);
const mb = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(0)} MB`);
const started = performance.now();

// Real third-party sites first: Debian's documentation packages on a private nginx.
const realSites = await measureRealSites();
for (const [name, figure, target, pass] of realSites.flatMap(realSiteRows))
  row(name, figure, target, pass);

const pages = Number(process.env.BENCH_PAGES ?? 10_000);
const root = await mkdtemp(path.join(os.tmpdir(), 'robotlens-bench-site-'));
const site = await generateSite(root, {
  pages,
  linksMin: 50,
  linksMax: 150,
  pageBytes: 30_000,
  brokenEvery: 997,
});

const throughput = await measureCliThroughput(root, pages);
for (const c of throughput.ceilings) {
  row(
    `server ceiling, ${c.server}, ${c.concurrency} at once`,
    `${c.requestsPerSecond.toFixed(0)} req/s`,
  );
}
const runOf = (tool: ToolRun['tool'], concurrency: number) =>
  throughput.runs.find((r) => r.tool === tool && r.concurrency === concurrency);
for (const r of throughput.runs) {
  const how = r.finished
    ? `${r.urls} URLs`
    : `stopped at ${throughput.timeLimitSeconds} s, ${r.requests} requests`;
  row(
    `${r.tool}, ${pages} pages, concurrency ${r.concurrency}`,
    `${r.urlsPerSecond.toFixed(0)} URLs/s (${how}, ${r.seconds.toFixed(1)} s)`,
  );
  if (r.tool === 'robotlens' && r.concurrency === 8 && pages >= 10_000) {
    row(
      `robotlens peak RSS, ${pages} pages`,
      mb(r.peakRssMb),
      '≤ 250 MB',
      r.peakRssMb !== null && r.peakRssMb <= 250,
    );
  } else row(`${r.tool} peak RSS, concurrency ${r.concurrency}`, mb(r.peakRssMb));
}
if (throughput.wget === 'absent')
  row('wget --spider -r', 'wget is not installed (apt-get install -y wget): not run');
for (const concurrency of [8, 32]) {
  const ours = runOf('robotlens', concurrency);
  const theirs = runOf('linkinator', concurrency);
  if (ours && theirs) {
    const ratio = ours.urlsPerSecond / theirs.urlsPerSecond;
    row(
      `robotlens / linkinator, concurrency ${concurrency}`,
      `${ratio.toFixed(2)}×`,
      '≥ 1.5×',
      ratio >= 1.5,
    );
  }
}

const memory = await measureCrawlMemory();
for (const m of memory) {
  row(
    `crawl engine, ${m.urls} URLs in memory: peak RSS / heap`,
    `${mb(m.peakRssMb)} / ${mb(m.heapUsedMb)} (${m.seconds.toFixed(1)} s)`,
  );
  row(`crawl engine, ${m.urls} URLs: checkpoint JSON`, `${m.checkpointMb.toFixed(1)} MB`);
}
if (memory.length === 2 && memory[0]!.peakRssMb !== null && memory[1]!.peakRssMb !== null) {
  const [a, b] = memory as [(typeof memory)[0], (typeof memory)[0]];
  const perUrl = (x: number, y: number) => ((y - x) * 1024) / (b.urls - a.urls);
  row(
    'crawl engine growth per URL (10k → 50k)',
    `RSS ${perUrl(a.peakRssMb!, b.peakRssMb!).toFixed(1)} KB, checkpoint ${perUrl(a.checkpointMb, b.checkpointMb).toFixed(2)} KB`,
  );
}

// One crawl of a generated 1,000,000-URL site, sampled as it grows (URLs known → RSS, rate, saves).
const scaleCurve = await measureScaleCurve();
for (const line of formatScaleCurve(scaleCurve)) console.log(line);
for (const [name, figure, target, pass] of scaleCurveRows(scaleCurve))
  row(name, figure, target, pass);

const robots = measureRobotsSpeed();
row(
  `robots.txt parse, ${(robots.largeBytes / 1024).toFixed(0)} KiB: robotlens / robots-parser`,
  `${robots.parseMs.robotlens.toFixed(0)} ms / ${robots.parseMs.robotsParser.toFixed(0)} ms`,
);
row(
  'robots.txt decisions/s: robotlens / robots-parser',
  `${robots.decisionsPerSecond.robotlens.toFixed(0)} / ${robots.decisionsPerSecond.robotsParser.toFixed(0)}`,
);
row(
  'robots.txt normalization overhead',
  `${(robots.overhead * 100).toFixed(0)} %`,
  '≤ 20 %',
  robots.overhead <= 0.2,
);
const hostileRobots = measureHostileRobots();
row(
  `robots.txt, ${hostileRobots.rules} wildcard rules × ${hostileRobots.pathChars}-char paths: ${hostileRobots.decisions} decisions`,
  `${hostileRobots.totalMs.toFixed(0)} ms`,
  '< 1000 ms',
  hostileRobots.totalMs < 1000,
);
row(
  'robots.txt, same file: slowest single decision',
  `${hostileRobots.maxDecisionMs.toFixed(1)} ms (robots-parser alone: ${hostileRobots.robotsParserOneMs.toFixed(0)} ms)`,
  '≤ 50 ms',
  hostileRobots.maxDecisionMs <= 50,
);

// Hostile input: the time bounds the property tests assert loosely, measured precisely.
const inputBounds = await measureInputBounds();
const timingRow = (timing: Timing) =>
  row(
    `hostile input: ${timing.name} (median of ${timing.runs})`,
    `${timing.medianMs.toFixed(0)} ms`,
  );
Object.values(inputBounds.robots).forEach(timingRow);
Object.values(inputBounds.page).forEach(timingRow);
row(
  'hostile input: normalizeUrl on random strings',
  `${inputBounds.normalizeUrl.perSecond.toFixed(0)} strings/s`,
);

const content = await measureContentScript();
row(
  `content script, 1 MB page (median of ${content.loads})`,
  `${content.largeMs.toFixed(2)} ms`,
  '≤ 5 ms',
  content.largeMs <= 5,
);
row(
  `content script, small page (median of ${content.loads})`,
  `${content.smallMs.toFixed(2)} ms`,
  '≤ 1 ms',
  content.smallMs <= 1,
);
row(
  `popup open → verdict in the DOM (median of ${content.loads}; seen from outside ${content.popupOutsideMs.toFixed(0)} ms)`,
  `${content.popupMs.toFixed(0)} ms`,
  '≤ 150 ms',
  content.popupMs <= 150,
);

const browserPages = Math.min(2_000, pages);
const crawl = await measureBrowserVsCli(browserPages, { root, concurrency: 8 });
const share = crawl.browserUrlsPerSecond / crawl.cliUrlsPerSecond;
row(
  `command line: first ${browserPages} pages, concurrency 8`,
  `${crawl.cliSeconds.toFixed(1)} s, ${crawl.cliUrlsPerSecond.toFixed(0)} URLs/s`,
);
row(
  'extension: the same crawl in the service worker',
  `${crawl.browserSeconds.toFixed(1)} s, ${crawl.browserUrlsPerSecond.toFixed(0)} URLs/s`,
);
row('extension / command line', `${(share * 100).toFixed(0)} %`, '≥ 50 %', share >= 0.5);
row(
  'pages/s: command line / extension crawl / plain fetch in the worker (the browser ceiling)',
  [crawl.cliPagesPerSecond, crawl.browserPagesPerSecond, crawl.browserFetchPagesPerSecond]
    .map((rate) => rate.toFixed(0))
    .join(' / '),
);
row('extension process RSS after the crawl', mb(crawl.extensionRssMb));
row(
  "CPU during the extension crawl: by process, and the service worker's thread",
  formatCpu(crawl.browserCrawlCpu, crawl.browserSeconds),
);
await rm(root, { recursive: true, force: true });

const bundle = await measureBundle();
row('bundle: .output/chrome-mv3 total', `${bundle.totalKb.toFixed(0)} KB`);
for (const e of bundle.entrypoints) row(`bundle: ${e.name} (${e.file})`, `${e.kb.toFixed(1)} KB`);

const seconds = (performance.now() - started) / 1000;
row('bench wall time (after the builds)', `${seconds.toFixed(0)} s`);
const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
for (const r of rows)
  console.log(r.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell)).join('  '));
await writeFile(
  'bench/results.json',
  `${JSON.stringify({ measuredAt: new Date().toISOString(), site: { pages, brokenLinks: site.brokenLinks }, realSites, throughput, memory, scaleCurve, robots, hostileRobots, inputBounds, content, crawl, bundle }, null, 2)}\n`,
);
