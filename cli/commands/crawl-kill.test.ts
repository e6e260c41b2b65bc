/**
 * `robotlens crawl --resume FILE` killed with SIGKILL at random moments and
 * run again each time until it finishes: the report must be the one of a
 * crawl never killed, and the only URLs asked again are those whose result
 * the state file did not hold yet (in flight, or answered after the last
 * save). Each kill comes a random time (0–800 ms) after the state file,
 * read alongside the running crawl (SQLite readers do not block the writer),
 * first holds more results than before the run: so every run has saved
 * results of its own, however slow the machine. The times are printed, so a
 * failure can be replayed (ROBOTLENS_KILL_AFTER_MS=500,30,650).
 */
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlReport } from '../../lib/crawl/report.ts';
import { runCli } from '../../tests/support/run-cli.ts';
import { startSiteServer, type SiteServer } from '../site-server.ts';
import { SqliteCrawlStore } from '../state/sqlite-crawl-store.ts';
import { readStateFile } from '../state/state-file.ts';

const FLAGS = ['--concurrency', '2', '--timeout', '1500', '--delay-ms', '20', '--format', 'json'];
const KILLS = 3;

let external: SiteServer;
beforeAll(async () => {
  external = await startSiteServer(path.resolve('tests/fixtures/crawl-external'));
});
afterAll(() => external.close());

function site(): Promise<SiteServer> {
  return startSiteServer(path.resolve('tests/fixtures/crawl-site'), {
    vars: { external: external.origin },
  });
}

/** How long after each run's first saved result it is killed. */
function killMoments(): number[] {
  const given = process.env.ROBOTLENS_KILL_AFTER_MS;
  if (given) return given.split(',').map(Number);
  return Array.from({ length: KILLS }, () => Math.floor(Math.random() * 800));
}

/** Results the state file holds now, read without writing to it (0 before it is one). */
function savedResults(state: string): number {
  try {
    const store = SqliteCrawlStore.open(state, { readonly: true });
    try {
      return store.load()?.records.length ?? 0;
    } finally {
      store.close();
    }
  } catch {
    return 0;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The crawl on `server`, killed `afterMs` after its first saved result (false: it ended by itself first). */
async function crawlUntilKilled(
  server: SiteServer,
  state: string,
  afterMs: number,
): Promise<boolean> {
  const before = savedResults(state);
  const child = spawn(
    process.execPath,
    ['cli/bin.mjs', 'crawl', `${server.origin}/`, '--resume', state, ...FLAGS],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let ended = false;
  void exited.then(() => (ended = true));
  while (!ended && savedResults(state) <= before) await sleep(20);
  const deadline = performance.now() + afterMs;
  while (!ended && performance.now() < deadline) await sleep(2);
  if (ended) return false;
  child.kill('SIGKILL');
  await exited;
  return true;
}

function pathAndQuery(url: string): string {
  const { pathname, search } = new URL(url);
  return pathname + search;
}

/** A report with the site's origin taken out, so two fixture servers' reports compare. */
function essence(report: CrawlReport, origin: string) {
  const sorted = (lines: string[]) => lines.map((line) => line.replaceAll(origin, 'SITE')).sort();
  return {
    finished: report.finished,
    pages: sorted(report.pages.map((p) => `${p.url} ${p.status} ${p.outcome} ${p.fingerprint}`)),
    broken: sorted(
      report.broken.map((b) => `${b.url} ${b.status} ${b.foundOn.map((f) => f.page).sort()}`),
    ),
  };
}

/** The fixture's URLs answered differently on purpose when asked again (a retry, a random probe). */
const askedAgainByDesign = (p: string) => p === '/rate/retry-once.html' || p.includes('soft-404');

describe('robotlens crawl killed with SIGKILL and resumed', () => {
  it('ends with the report of a crawl never killed, asking again only what was not saved', async () => {
    const whole = await site();
    const uninterrupted = JSON.parse(
      (await runCli(['crawl', `${whole.origin}/`, ...FLAGS])).stdout,
    );
    await whole.close();

    const moments = killMoments();
    const server = await site();
    const state = path.join(await mkdtemp(path.join(os.tmpdir(), 'robotlens-kill9-')), 'state');
    const story: string[] = [`kills ${moments.join(',')} ms after each run's first saved result`];
    const paths = (from: number, to?: number) =>
      new Set(
        server.log
          .slice(from, to)
          .map((e) => e.url)
          .filter((p) => !askedAgainByDesign(p)),
      );
    /** After each kill: what the state file held as done, and what had been asked without being saved. */
    const kills: { runEnd: number; done: Set<string>; unsaved: Set<string> }[] = [];
    try {
      for (const afterMs of moments) {
        if (!(await crawlUntilKilled(server, state, afterMs))) break;
        const saved = (await readStateFile(state))!;
        expect(saved.finished, story.join('; ')).toBe(false);
        // Path and query, as the server logs them: the query-space trap's
        // /search?q=… pages are distinct results of one path.
        const done = new Set(saved.records.map((r) => pathAndQuery(r.url)));
        const unsaved = new Set([...paths(0)].filter((p) => !done.has(p)));
        // Each killed run had saved results of its own: the file follows the crawl.
        expect(done.size, story.join('; ')).toBeGreaterThan(kills.at(-1)?.done.size ?? 0);
        kills.push({ runEnd: server.log.length, done, unsaved });
        story.push(
          `kill ${kills.length} at ${server.log.length} requests: ${done.size} results saved, ${unsaved.size} asked but not saved`,
        );
      }
      expect(kills.length, story.join('; ')).toBeGreaterThan(0);
      const final = await runCli(['crawl', '--resume', state, ...FLAGS]);
      const resumed = JSON.parse(final.stdout) as CrawlReport;
      expect(essence(resumed, server.origin), story.join('; ')).toEqual(
        essence(uninterrupted as CrawlReport, whole.origin),
      );
      kills.forEach(({ runEnd, done, unsaved }, k) => {
        // The run after kill k: what it asked that had been asked before the kill.
        const askedAgain = [...paths(runEnd, kills[k + 1]?.runEnd)].filter((p) =>
          paths(0, runEnd).has(p),
        );
        story.push(`after kill ${k + 1}: ${askedAgain.length} asked again`);
        expect(
          askedAgain.filter((p) => done.has(p)),
          story.join('; '),
        ).toEqual([]);
        expect(askedAgain.length, story.join('; ')).toBeLessThanOrEqual(unsaved.size);
      });
      console.log(story.join('\n'));
    } finally {
      await server.close();
    }
  }, 120_000);
});
