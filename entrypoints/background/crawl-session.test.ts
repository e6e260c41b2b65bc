/**
 * A site's crawl in the service worker, over WXT's in-memory browser: its
 * session starts, survives a stopped worker (the next worker resumes it
 * from storage), pauses when its checkpoint cannot be saved, and stops.
 * The site is a stub `fetch` of seven pages; the test holds some in flight.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { CrawlSummary } from '../../lib/protocol/messages.ts';
import { renderMessage } from '../../lib/i18n/catalog.ts';
import { englishCatalog } from '../../components/english.ts';
import type { MemoryCrawlState } from '../../tests/support/memory-crawl-store.ts';

/** The crawl state's IndexedDB, in memory (Node has none); it outlives a stopped worker. */
const memory = vi.hoisted((): MemoryCrawlState => ({
  heads: new Map(),
  rows: new Map(),
  failure: null,
}));
vi.mock('../../extension/crawl-store.ts', async () =>
  (await import('../../tests/support/memory-crawl-store.ts')).memoryCrawlStore(memory),
);

/** A loopback site: its address needs no lookup, so no request waits for one. */
const SITE = 'http://127.0.0.1:4180';
const PAGES: Record<string, string> = {
  '/': '<a href="/a">a</a> <a href="/b">b</a> <a href="/slow">slow</a>',
  '/a': '<title>a</title>',
  '/b': '<title>b</title>',
  '/slow': '<a href="/c">c</a> <a href="/d">d</a> <a href="/e">e</a>',
  '/c': '<title>c</title>',
  '/d': '<title>d</title>',
  '/e': '<title>e</title>',
};
const ALL_PAGES = Object.keys(PAGES).length;
/** How long a page takes: longer than the checkpoint's least gap (250 ms), so saves happen mid-crawl. */
const PAGE_MS = 150;
const settings = {
  maxPages: 10,
  maxDepth: 3,
  concurrencyPerOrigin: 1,
  delayMs: 0,
  timeoutMs: 5_000,
  robot: 'RobotLens',
  obeyRobots: true,
  checkExternal: false,
  useSitemaps: false,
};

/** Paths fetched, in order. */
let fetched: string[];
/** Paths whose request waits until released, or until it is aborted. */
let held: Set<string>;
const waiting = new Map<string, () => void>();

function release(path: string): void {
  held.delete(path);
  waiting.get(path)?.();
}

function serveSite(): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL, init?: RequestInit) => {
      const path = new URL(String(url)).pathname;
      fetched.push(path);
      if (path === '/robots.txt') return new Response('User-agent: *\nAllow: /\n');
      if (held.has(path)) {
        await new Promise<void>((resolve, reject) => {
          waiting.set(path, resolve);
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
        });
      }
      await new Promise((resolve) => setTimeout(resolve, PAGE_MS));
      const page = PAGES[path];
      return page === undefined
        ? new Response('not here', { status: 404, headers: { 'content-type': 'text/html' } })
        : new Response(page, { headers: { 'content-type': 'text/html' } });
    }),
  );
}

/** This worker's modules; `vi.resetModules()` before it gives the next worker's, with nothing in memory. */
async function worker() {
  const service = await import('./crawl-service.ts');
  const session = await import('./crawl-session.ts');
  const { progressItem, phaseItem } = await import('../../extension/crawl-items.ts');
  return {
    ...service,
    ...session,
    start: () => service.startCrawl({ type: 'start-crawl', startUrl: `${SITE}/`, settings }),
    progress: () => progressItem(SITE).getValue(),
    phase: () => phaseItem(SITE).getValue(),
  };
}

async function progressUntil(
  read: () => Promise<CrawlSummary | null>,
  done: (summary: CrawlSummary) => boolean,
): Promise<CrawlSummary> {
  return vi.waitFor(
    async () => {
      const summary = await read();
      if (!summary || !done(summary)) throw new Error(`not yet: ${JSON.stringify(summary)}`);
      return summary;
    },
    { timeout: 10_000, interval: 20 },
  );
}

beforeEach(() => {
  memory.heads.clear();
  memory.rows.clear();
  memory.failure = null;
  fakeBrowser.reset();
  vi.resetModules();
  fetched = [];
  held = new Set(['/slow']);
  waiting.clear();
  serveSite();
  fakeBrowser.permissions.contains = vi.fn(async () => true);
  fakeBrowser.declarativeNetRequest.updateSessionRules = vi.fn(async () => undefined);
  fakeBrowser.declarativeNetRequest.getSessionRules = vi.fn(async () => []);
  fakeBrowser.i18n.getMessage = vi.fn(
    (key: string, substitutions?: string | string[]) =>
      renderMessage(englishCatalog, key, [substitutions ?? []].flat()) ?? '',
  ) as typeof fakeBrowser.i18n.getMessage;
  fakeBrowser.i18n.getUILanguage = () => 'en-US';
});

const localSet = fakeBrowser.storage.local.set;

afterEach(() => {
  fakeBrowser.storage.local.set = localSet;
  for (const path of [...held]) release(path);
  vi.unstubAllGlobals();
});

describe('a crawl session', () => {
  it('starts, runs the site to the end and says so in its phase and progress items', async () => {
    const background = await worker();
    expect(await background.start()).toEqual({ ok: true });
    expect(await background.phase()).toBe('running');
    expect(background.runningOrigins()).toEqual([SITE]);
    // One crawl per site: a second Start is refused while the first runs.
    expect(await background.start()).toMatchObject({ ok: false, error: /already/ });
    const live = await progressUntil(background.progress, (s) => s.currentUrl === `${SITE}/slow`);
    expect(live).toMatchObject({ phase: 'running', settings: { maxPages: 10 } });

    release('/slow');
    const final = await progressUntil(background.progress, (s) => s.phase === 'finished');
    expect(final).toMatchObject({ currentUrl: null, stats: { pagesCrawled: ALL_PAGES } });
    expect(final.settings).toBeUndefined();
    expect(await background.phase()).toBe('finished');
    await vi.waitFor(() => expect(background.runningOrigins()).toEqual([]));
  });

  it('survives a stopped worker: the next one resumes it from storage, asking again only what was in flight', async () => {
    const first = await worker();
    expect(await first.start()).toEqual({ ok: true });
    await progressUntil(first.progress, (s) => s.currentUrl === `${SITE}/slow`);
    // What the stopped worker leaves: its stored crawl, phase "running", the slow page in flight.
    await first.stopCrawl({ type: 'stop-crawl', origin: SITE });
    await vi.waitFor(() => expect(first.runningOrigins()).toEqual([]));
    const left = await fakeBrowser.storage.local.get(null);
    await fakeBrowser.storage.local.set({ ...left, [`crawl.phase.${SITE}`]: 'running' });
    const before = [...fetched];

    vi.resetModules();
    held.clear();
    const next = await worker();
    expect(next.runningOrigins()).toEqual([]);
    await next.resumeInterrupted();
    expect(next.runningOrigins()).toEqual([SITE]);
    const final = await progressUntil(next.progress, (s) => s.phase === 'finished');
    expect(final.stats.pagesCrawled).toBe(ALL_PAGES);
    // The slow page was in flight, so it is asked again; the pages it links to are new.
    expect(fetched.slice(before.length)).toEqual(['/slow', '/c', '/d', '/e']);
  });

  it('killed with no last save, resumes from what was saved as it went: only what was in flight is asked again', async () => {
    const first = await worker();
    expect(await first.start()).toEqual({ ok: true });
    const live = await progressUntil(
      first.progress,
      (s) => s.currentUrl === `${SITE}/slow` && s.stats.done >= 3,
    );
    // Saved as results came: the stored crawl already holds them, and its clock.
    const saved = await vi.waitFor(async () => {
      const checkpoint = await first.storedCheckpoint(SITE);
      if (!checkpoint || checkpoint.records.length < live.stats.done) throw new Error('not yet');
      return checkpoint;
    });
    expect(saved.elapsedBeforeMs).toBeGreaterThan(0);
    // The worker is killed: whatever it would still write is lost.
    const heads = new Map(memory.heads);
    const rows = new Map([...memory.rows].map(([origin, byUrl]) => [origin, new Map(byUrl)]));
    await first.stopCrawl({ type: 'stop-crawl', origin: SITE });
    await vi.waitFor(() => expect(first.runningOrigins()).toEqual([]));
    memory.heads = heads;
    memory.rows = rows;
    await fakeBrowser.storage.local.set({ [`crawl.phase.${SITE}`]: 'running' });
    const before = [...fetched];

    vi.resetModules();
    held.clear();
    const next = await worker();
    await next.resumeInterrupted();
    const resumed = await progressUntil(next.progress, (s) => s.phase === 'running');
    // Counters and clock go on from the stored crawl.
    expect(resumed.stats.requests).toBeGreaterThanOrEqual(saved.requests);
    expect(resumed.stats.done).toBeGreaterThanOrEqual(saved.records.length);
    expect(resumed.stats.elapsedMs).toBeGreaterThanOrEqual(saved.elapsedBeforeMs);
    const final = await progressUntil(next.progress, (s) => s.phase === 'finished');
    expect(final.stats.pagesCrawled).toBe(ALL_PAGES);
    expect(fetched.slice(before.length)).toEqual(['/slow', '/c', '/d', '/e']);
  });

  it('resumes a crawl stored the old way (one item in storage.local), moving it to IndexedDB', async () => {
    const first = await worker();
    expect(await first.start()).toEqual({ ok: true });
    await progressUntil(first.progress, (s) => s.currentUrl === `${SITE}/slow`);
    await first.stopCrawl({ type: 'stop-crawl', origin: SITE });
    await vi.waitFor(() => expect(first.runningOrigins()).toEqual([]));
    // As an earlier version left it: the checkpoint as text in storage.local, nothing in IndexedDB.
    const old = await first.storedCheckpoint(SITE);
    const key = `crawl.checkpoint.${SITE}`;
    memory.heads.clear();
    memory.rows.clear();
    await fakeBrowser.storage.local.set({
      [key]: JSON.stringify(old),
      [`${key}$`]: { v: 2 },
      [`crawl.phase.${SITE}`]: 'running',
    });

    vi.resetModules();
    held.clear();
    const next = await worker();
    // Its report shows before it resumes.
    expect((await next.latestCheckpoint(SITE))?.records.length).toBe(old?.records.length);
    await next.resumeInterrupted();
    const final = await progressUntil(next.progress, (s) => s.phase === 'finished');
    expect(final.stats.pagesCrawled).toBe(ALL_PAGES);
    expect(final.stats.requests).toBeGreaterThan(old!.requests);
    // Moved: IndexedDB holds the whole crawl, the old item is gone.
    expect((await next.storedCheckpoint(SITE))?.finished).toBe(true);
    expect(memory.rows.get(SITE)?.size).toBeGreaterThanOrEqual(ALL_PAGES);
    expect((await fakeBrowser.storage.local.get(key))[key]).toBeUndefined();
  });

  it('pauses when its checkpoint cannot be saved, keeps what it found, and resumes from memory', async () => {
    const background = await worker();
    expect(await background.start()).toEqual({ ok: true });
    await progressUntil(background.progress, (s) => s.currentUrl === `${SITE}/slow`);
    // The disk fills: checkpoint writes fail from now on (IndexedDB's QuotaExceededError).
    memory.failure = new Error('Quota exceeded');
    release('/slow');
    const paused = await progressUntil(background.progress, (s) => s.phase === 'stopped');
    expect(paused.error).toMatch(/could not save it \(Quota exceeded\)/);
    expect(await background.phase()).toBe('stopped');
    expect(background.runningOrigins()).toEqual([]);
    const kept = await background.latestCheckpoint(SITE);
    expect(kept?.stoppedBecause).toBe('save-failed');
    expect(kept?.records.length).toBeGreaterThan(1);

    memory.failure = null;
    expect(await background.resumeCrawl({ type: 'resume-crawl', origin: SITE })).toEqual({
      ok: true,
    });
    const final = await progressUntil(background.progress, (s) => s.phase === 'finished');
    expect(final.stats.pagesCrawled).toBe(ALL_PAGES);
    expect(final.error).toBeUndefined();
  });

  it('stops: aborted at once, phase "stopped", and only Resume starts it again', async () => {
    const background = await worker();
    expect(await background.start()).toEqual({ ok: true });
    await progressUntil(background.progress, (s) => s.currentUrl === `${SITE}/slow`);
    expect(await background.stopCrawl({ type: 'stop-crawl', origin: SITE })).toEqual({ ok: true });
    const stopped = await progressUntil(background.progress, (s) => s.phase === 'stopped');
    expect(stopped.stats.pagesCrawled).toBeLessThan(ALL_PAGES);
    expect(await background.phase()).toBe('stopped');
    await vi.waitFor(() => expect(background.runningOrigins()).toEqual([]));
    // A worker start resumes nothing stopped by the user.
    await background.resumeInterrupted();
    expect(background.runningOrigins()).toEqual([]);
    expect((await background.storedCheckpoint(SITE))?.finished).toBe(false);
  });
});
