/**
 * The command line's report of the same site, and the views of a report
 * that the browser tests compare with it (sorted, so order never matters).
 */
import { spawn } from 'node:child_process';
import type { CrawlReport as LibReport } from '../../lib/crawl/report.ts';
import type { WithText } from '../../lib/i18n/with-text.ts';

/** A report as JSON has it: its words in English, each with its phrase. */
type CrawlReport = WithText<LibReport>;

export function cliReport(url: string, ...flags: string[]): Promise<CrawlReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [
      'cli/bin.mjs',
      'crawl',
      url,
      '--format',
      'json',
      '--no-external',
      '--delay-ms',
      '5',
      ...flags,
    ]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(JSON.parse(out) as CrawlReport));
  });
}

export const brokenOf = (r: CrawlReport) => r.broken.map((b) => `${b.url} ${b.kind}`).sort();
export const redirectsOf = (r: CrawlReport) =>
  r.redirects.map((x) => `${x.from} ${x.chain.map((h) => h.status).join('>')} ${x.to}`).sort();
export const trapsOf = (r: CrawlReport) => r.traps.map((t) => `${t.kind} ${t.url}`).sort();
