/** `npm run bench`: figures that tests must not time. Prints a table and writes bench/results.json. */
import { writeFile } from 'node:fs/promises';
import { measureBrowserVsCli } from './browser-vs-cli.ts';

const pages = Number(process.env.BENCH_PAGES ?? 2_000);
const crawl = await measureBrowserVsCli(pages);
const rows: [string, string][] = [
  [
    `command line: crawl of ${crawl.pages} pages`,
    `${crawl.cliSeconds.toFixed(1)} s, ${crawl.cliUrlsPerSecond.toFixed(0)} URLs/s`,
  ],
  [
    `extension: the same crawl in the service worker`,
    `${crawl.browserSeconds.toFixed(1)} s, ${crawl.browserUrlsPerSecond.toFixed(0)} URLs/s`,
  ],
  [
    'extension / command line',
    `${((crawl.browserUrlsPerSecond / crawl.cliUrlsPerSecond) * 100).toFixed(0)} %`,
  ],
  [
    'extension process RSS after the crawl',
    crawl.extensionRssMb === null ? 'not measurable here' : `${crawl.extensionRssMb.toFixed(0)} MB`,
  ],
];
const width = Math.max(...rows.map(([name]) => name.length));
for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`);
await writeFile(
  'bench/results.json',
  `${JSON.stringify({ measuredAt: new Date().toISOString(), crawl }, null, 2)}\n`,
);
