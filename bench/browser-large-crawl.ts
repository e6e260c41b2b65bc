/**
 * A large crawl in the browser (issue 15: "a 100,000-page crawl in the
 * browser survives worker stops with bounded memory"): a generated site of
 * `pages` pages (bench/generate-site.ts; 98,000 and their ~1,900 broken links
 * fill the extension's 100,000-page limit) served by a private nginx on
 * 127.0.0.1, crawled by the built extension in Chromium, with the service
 * worker stopped at a third and two thirds of the pages. Every second the
 * bench reads the crawl's progress and the extension process's resident
 * memory (the service worker runs in it). At the end it asks the extension
 * for the report and checks it found every page and every broken link the
 * generator wrote.
 *
 *   npx tsx bench/browser-large-crawl.ts [pages]      (after `npm run bench`'s build)
 *
 * BENCH_NO_STOPS=1 crawls without stopping the worker; BENCH_RSS_TRACE=1
 * prints the pages done, the process's memory and each extension context's
 * JavaScript heap every second (stderr); BENCH_MEMORY_DUMPS (below) adds
 * Chromium's memory dumps.
 *
 * The site is generated once under the temp folder and kept for the next
 * run (100,000 pages of ~3 KB: ~300 MB, ~1 min to write).
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { stopWorker } from '../tests/e2e/service-worker.ts';
import { allocatorsMb } from './memory-dump.ts';
import {
  extensionHeapsMb,
  extensionPage,
  extensionProcess,
  extensionProcessRssMb,
  launchExtension,
} from './browser.ts';
import { generateSite, type GeneratedSite } from './generate-site.ts';
import { startNginx } from './real-site.ts';
import { SETTINGS } from './worker-stops.ts';

const EXTENSION_DIR = path.resolve(process.env.ROBOTLENS_EXTENSION_DIR ?? '.output-e2e/chrome-mv3');
/** The worker is stopped when this share of the pages is done (none with BENCH_NO_STOPS=1). */
const STOP_AT = process.env.BENCH_NO_STOPS === '1' ? [] : [1 / 3, 2 / 3];
/** BENCH_RSS_TRACE=1: every second's pages done and resident memory, on stderr. */
const TRACE = process.env.BENCH_RSS_TRACE === '1';
/**
 * With the trace, BENCH_MEMORY_DUMPS=1 adds Chromium's own account of the
 * process's memory by allocator every 10 s (memory-dump.ts);
 * BENCH_MEMORY_DUMPS=collect takes each after a full garbage collection,
 * which changes what is measured: the crawl then has one every 10 s.
 */
const DUMPS = TRACE && process.env.BENCH_MEMORY_DUMPS ? process.env.BENCH_MEMORY_DUMPS : null;
/** The crawl must end by then. */
const DEADLINE_MS = 60 * 60_000;

export interface LargeCrawlFigures {
  pages: number;
  /** Broken links the generator wrote, and those the report lists. */
  brokenWritten: number;
  brokenFound: number;
  /** URLs with an outcome (pages, broken links, robots.txt…) and requests made. */
  urls: number;
  requests: number;
  stops: number;
  seconds: number;
  urlsPerSecond: number;
  /** The extension process's resident memory: its peak over the crawl and at the end, MB. */
  peakRssMb: number | null;
  endRssMb: number | null;
  /** Resident memory when each tenth of the pages was done, MB. */
  rssCurve: { done: number; rssMb: number | null }[];
}

interface Progress {
  phase: string;
  stats: { done: number; requests: number; elapsedMs: number; pagesCrawled: number };
}

export async function measureLargeBrowserCrawl(pages = 98_000): Promise<LargeCrawlFigures> {
  const site = await siteOf(pages);
  const nginx = await startNginx(site.root);
  const browser = await launchExtension(EXTENSION_DIR);
  const { context, extensionId } = browser;
  try {
    let page = await extensionPage(context, extensionId);
    const control = await context.newPage();
    const started = Date.now();
    // The extension allows 100,000 pages at most (lib/settings/settings.ts), a missing page
    // counting as one taken: the site's pages and broken links stay within that.
    const reply = await page.evaluate(
      (s) =>
        chrome.runtime.sendMessage({
          type: 'start-crawl',
          startUrl: s.start,
          settings: s.settings,
        }),
      { start: `${nginx.origin}/`, settings: { ...SETTINGS, maxPages: 100_000, maxDepth: 1_000 } },
    );
    // A message the extension finds malformed (settings out of range) gets no answer at all.
    if (!(reply as { ok: boolean } | undefined)?.ok)
      throw new Error(`start-crawl: ${JSON.stringify(reply)}`);
    const stopsLeft = STOP_AT.map((share) => Math.round(share * pages));
    const curve: LargeCrawlFigures['rssCurve'] = [];
    let peakRssMb: number | null = null;
    let progress: Progress | undefined;
    let stops = 0;
    while (Date.now() - started < DEADLINE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      page = await extensionPage(context, extensionId, page);
      progress = await progressOf(page, nginx.origin).catch(() => undefined);
      const rss = extensionProcessRssMb();
      if (rss !== null) peakRssMb = Math.max(peakRssMb ?? 0, rss);
      const done = progress?.stats.pagesCrawled ?? 0;
      if (done >= ((curve.length + 1) * pages) / 10) curve.push({ done, rssMb: rss });
      if (TRACE) {
        const seconds = Math.round((Date.now() - started) / 1000);
        const heaps = await extensionHeapsMb(context, page).catch(() => ({}));
        const pid = extensionProcess()?.pid;
        const allocators =
          DUMPS !== null && seconds % 10 === 0
            ? (await allocatorsMb(context, page, DUMPS === 'collect').catch(() => [])).find(
                (dump) => dump.pid === pid,
              )
            : undefined;
        console.error(
          `${seconds} s ${done} pages ${rss?.toFixed(0)} MB; heaps MB ${JSON.stringify(heaps)}` +
            (allocators ? `; allocators MB ${JSON.stringify(allocators)}` : ''),
        );
      }
      if (progress && progress.phase !== 'running') break;
      if (stopsLeft.length > 0 && done >= stopsLeft[0]!) {
        stopsLeft.shift();
        if (!(await stopWorker(context, control))) throw new Error('the worker did not stop');
        stops++;
        page = await extensionPage(context, extensionId, page);
        // A message wakes the worker, which resumes the crawl from its store.
        await page
          .evaluate(() =>
            chrome.runtime.sendMessage({ type: 'get-crawl-report', origin: 'http://wake.invalid' }),
          )
          .catch(() => undefined);
      }
    }
    if (progress?.phase !== 'finished') throw new Error(`ended ${progress?.phase ?? 'never'}`);
    const seconds = (Date.now() - started) / 1000;
    const endRssMb = extensionProcessRssMb();
    const report = (await page.evaluate(
      (origin) => chrome.runtime.sendMessage({ type: 'get-crawl-report', origin }),
      nginx.origin,
    )) as { ok: boolean; report?: { broken: unknown[] } };
    return {
      pages,
      brokenWritten: site.brokenLinks,
      brokenFound: report.report?.broken.length ?? -1,
      urls: progress.stats.done,
      requests: progress.stats.requests,
      stops,
      seconds,
      urlsPerSecond: progress.stats.done / seconds,
      peakRssMb,
      endRssMb,
      rssCurve: curve,
    };
  } finally {
    await browser.close();
    await nginx.stop();
  }
}

/**
 * The generated site, `pages` pages with its index page, written once per
 * size and kept (with its broken-link count) for later runs.
 */
async function siteOf(pages: number): Promise<GeneratedSite> {
  const root = path.join(os.tmpdir(), `robotlens-large-site-${pages}`);
  const facts = path.join(root, 'site.json');
  if (existsSync(facts)) return JSON.parse(await readFile(facts, 'utf8')) as GeneratedSite;
  const site = await generateSite(root, {
    pages: pages - 1,
    pageBytes: 3_000,
    linksPerPage: 20,
    brokenEvery: 1_000,
  });
  await writeFile(facts, JSON.stringify(site));
  return site;
}

async function progressOf(page: Page, origin: string): Promise<Progress | undefined> {
  const key = `crawl.progress.${origin}`;
  return (await page.evaluate((k) => chrome.storage.session.get(k), key))[key] as
    Progress | undefined;
}

export function formatLargeCrawl(f: LargeCrawlFigures): string[] {
  const mb = (v: number | null) => (v === null ? '-' : `${v.toFixed(0)} MB`);
  return [
    `Browser crawl of ${f.pages.toLocaleString('en')} generated pages, worker stopped ${f.stops} times:`,
    `  ${f.seconds.toFixed(0)} s, ${f.urls.toLocaleString('en')} URLs (${f.urlsPerSecond.toFixed(0)}/s), ${f.requests.toLocaleString('en')} requests`,
    `  broken links: ${f.brokenFound} found of ${f.brokenWritten} written`,
    `  extension process RSS: peak ${mb(f.peakRssMb)}, at the end ${mb(f.endRssMb)}`,
    `  RSS by pages done: ${f.rssCurve.map((p) => `${p.done.toLocaleString('en')}: ${mb(p.rssMb)}`).join(', ')}`,
  ];
}

if (process.argv[1]?.endsWith('browser-large-crawl.ts')) {
  const figures = await measureLargeBrowserCrawl(Number(process.argv[2] ?? 98_000));
  for (const line of formatLargeCrawl(figures)) console.log(line);
}
