/**
 * How fast the crawl reads pages, without the network: every `.html` file
 * under a directory (Debian's libstdc++ docs by default, ~3,900 pages) is
 * read from disk once, then handed to readPageRequest — the call the
 * crawl's page readers make — in several rounds, with and without the site
 * audit's facts. Prints CPU time and pages per second per round and the
 * median, so a change to HTML reading is measured apart from fetching.
 *
 *   npx tsx bench/read-pages.ts [dir] [rounds]
 *   node --cpu-prof --import tsx bench/read-pages.ts [dir]   (where the time goes)
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { htmlFiles } from './html-files.ts';
import { readPageRequest, type PageReadRequest } from '../lib/crawl/read-page.ts';

const DEFAULT_DIR = '/usr/share/doc/gcc-12-base/libstdc++';
const DEFAULT_ROUNDS = 7;

interface RoundResult {
  cpuMs: number;
  wallMs: number;
}

/** Requests as the crawl builds them: bytes, a text/html type, the page's URL on a local origin. */
async function loadRequests(dir: string, withFacts: boolean): Promise<PageReadRequest[]> {
  const files = await htmlFiles(dir);
  return Promise.all(
    files.map(async (file) => ({
      body: new Uint8Array(await readFile(file)),
      contentType: 'text/html',
      pageUrl: `http://127.0.0.1:8611/${path.relative(dir, file).split(path.sep).join('/')}`,
      options: { withFacts },
    })),
  );
}

function runRound(requests: readonly PageReadRequest[]): RoundResult {
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  let links = 0;
  for (const request of requests) links += readPageRequest(request).links.length;
  const cpu = process.cpuUsage(cpuStart);
  // The sum keeps the reading from being optimised away.
  if (links < 0) throw new Error('unreachable');
  return { cpuMs: (cpu.user + cpu.system) / 1000, wallMs: performance.now() - wallStart };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function measure(dir: string, rounds: number, withFacts: boolean): Promise<void> {
  const requests = await loadRequests(dir, withFacts);
  const label = withFacts ? 'with facts' : 'links only';
  runRound(requests); // warm-up: compile the hot paths before measuring
  const results: RoundResult[] = [];
  for (let round = 0; round < rounds; round++) {
    const result = runRound(requests);
    results.push(result);
    console.log(
      `${label} round ${round + 1}: ${result.cpuMs.toFixed(0)} ms CPU, ${result.wallMs.toFixed(0)} ms wall`,
    );
  }
  const cpuMs = median(results.map((result) => result.cpuMs));
  // The fastest round is the least disturbed by other work on a shared machine.
  const minCpuMs = Math.min(...results.map((result) => result.cpuMs));
  const pagesPerSecond = (requests.length / cpuMs) * 1000;
  console.log(
    `${label}: ${requests.length} pages, median ${cpuMs.toFixed(0)} ms CPU (fastest ${minCpuMs.toFixed(0)}), ${pagesPerSecond.toFixed(0)} pages/s`,
  );
}

const dir = process.argv[2] ?? DEFAULT_DIR;
const rounds = Number(process.argv[3] ?? DEFAULT_ROUNDS);
await measure(dir, rounds, false);
await measure(dir, rounds, true);
