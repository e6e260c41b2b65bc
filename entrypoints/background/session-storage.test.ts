/**
 * storage.session stays usable whatever pages and sites do (issue 14, item 4):
 * robots.txt copies of many origins and a page with 0.6 MB of META tags used
 * to fill the 10 MB area, after which every verdict and crawl start failed
 * with "quota exceeded", and a crawl whose first save failed stayed
 * "already running" for good. The fake browser's session area is given
 * Chrome's quota here.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { Browser } from 'wxt/browser';
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
import {
  SESSION_CACHE_LIMITS,
  SESSION_QUOTA_BYTES,
  storedBytes,
} from '../../lib/store/session-budget.ts';
import { CRAWL_LIMITS } from '../../lib/settings/settings.ts';
import { registerRouter } from './router.ts';
import { resetSessionCacheMemory } from './session-cache.ts';
import { registerVerdictService } from './verdict-service.ts';

const ROBOTS_BYTES = 600_000;
const ORIGINS = Array.from({ length: 16 }, (_, i) => `https://site${i}.example`);
const HUGE_PAGE = 'https://huge.example';

/** Chrome's session quota on the fake area: a write that would pass it fails, as Chrome's does. */
const area = fakeBrowser.storage.session;
const set = area.set.bind(area);
const remove = area.remove.bind(area);

function enforceSessionQuota(): void {
  // Sizes by key, kept as items come and go: measuring the whole area on every write is slow.
  const sizes = new Map<string, number>();
  const used = () => [...sizes.values()].reduce((sum, bytes) => sum + bytes, 0);
  area.set = async (items: Record<string, unknown>) => {
    const next = new Map(sizes);
    for (const [key, value] of Object.entries(items)) next.set(key, storedBytes(key, value));
    if ([...next.values()].reduce((sum, bytes) => sum + bytes, 0) > SESSION_QUOTA_BYTES)
      throw new Error('Session storage quota bytes exceeded. Values were not stored.');
    await set(items);
    for (const [key, bytes] of next) sizes.set(key, bytes);
  };
  area.remove = async (keys: string | string[]) => {
    await remove(keys);
    for (const key of [keys].flat()) sizes.delete(key);
  };
  sessionBytes = async () => used();
}

let sessionBytes: () => Promise<number>;

function pageFacts(origin: string, metaBytes = 0) {
  const metas = Array.from({ length: Math.ceil(metaBytes / 1_000) }, (_, i) => ({
    name: `m${i}`,
    content: 'x'.repeat(1_000),
    inHead: true,
  }));
  return {
    type: 'page-facts',
    facts: {
      url: `${origin}/page`,
      title: 'A page',
      metas: [...metas, { name: 'robots', content: 'noindex', inHead: true }],
      links: [],
      refresh: [],
      anchorCount: 0,
      nofollowAnchorCount: 0,
    },
    navigationStatus: 200,
  };
}

function contentScript(tabId: number, origin: string): Browser.runtime.MessageSender {
  return {
    id: fakeBrowser.runtime.id,
    url: `${origin}/page`,
    origin,
    frameId: 0,
    tab: { id: tabId } as Browser.tabs.Tab,
  } as Browser.runtime.MessageSender;
}

const popup = () =>
  ({
    id: fakeBrowser.runtime.id,
    url: fakeBrowser.runtime.getURL('/popup.html'),
  }) as Browser.runtime.MessageSender;

async function deliver(message: unknown, sender: Browser.runtime.MessageSender) {
  const replies = await fakeBrowser.runtime.onMessage.trigger(message, sender);
  return (replies as unknown[]).find((reply) => reply !== undefined);
}

beforeEach(() => {
  memory.heads.clear();
  memory.rows.clear();
  memory.failure = null;
  fakeBrowser.reset();
  resetSessionCacheMemory();
  enforceSessionQuota();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL) => {
      const body = String(url).endsWith('/robots.txt')
        ? `User-agent: *\nAllow: /\n#${'r'.repeat(ROBOTS_BYTES)}\n`
        : '<!doctype html><title>x</title>';
      return new Response(body, { status: 200, headers: { 'content-type': 'text/plain' } });
    }),
  );
  fakeBrowser.permissions.contains = vi.fn(async () => true);
  fakeBrowser.declarativeNetRequest.updateSessionRules = vi.fn(async () => undefined);
  fakeBrowser.declarativeNetRequest.getSessionRules = vi.fn(async () => []);
  // A tab whose inspection was evicted is asked for its facts again, as the content script answers.
  fakeBrowser.tabs.sendMessage = vi.fn(async (tabId: number, message: unknown) => {
    if ((message as { type: string }).type !== 'collect-facts') throw new Error('not in this test');
    const origin = tabId === 99 ? HUGE_PAGE : ORIGINS[tabId - 1]!;
    const { facts, navigationStatus } = pageFacts(origin);
    return { facts, navigationStatus };
  }) as typeof fakeBrowser.tabs.sendMessage;
  fakeBrowser.i18n.getMessage = vi.fn(
    (key: string, substitutions?: string | string[]) =>
      renderMessage(englishCatalog, key, [substitutions ?? []].flat()) ?? '',
  ) as typeof fakeBrowser.i18n.getMessage;
  fakeBrowser.i18n.getUILanguage = () => 'en-US';
  registerRouter(Promise.resolve());
  registerVerdictService();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('session storage under pages that try to fill it', () => {
  it('16 origins and a page with 0.6 MB of META tags stay within the budget; verdicts still work', async () => {
    for (const [i, origin] of ORIGINS.entries())
      expect(await deliver(pageFacts(origin), contentScript(i + 1, origin))).toEqual({ ok: true });
    expect(await deliver(pageFacts(HUGE_PAGE, 600_000), contentScript(99, HUGE_PAGE))).toEqual({
      ok: true,
    });
    expect(await sessionBytes()).toBeLessThanOrEqual(SESSION_CACHE_LIMITS.totalBytes + 64 * 1024);
    // The oldest robots.txt copies were evicted; the newest are kept.
    const keys = Object.keys(await fakeBrowser.storage.session.get(null));
    expect(keys).toContain(`robots.${HUGE_PAGE}`);
    expect(keys).not.toContain(`robots.${ORIGINS[0]}`);

    const verdict = (await deliver(
      { type: 'get-verdict', tabId: 99, robot: 'googlebot', refresh: false },
      popup(),
    )) as {
      ok: boolean;
      verdict: { indexable: boolean; reasons: { code: string }[] };
    };
    expect(verdict.ok).toBe(true);
    // The robots META after 0.6 MB of others is still seen, and the cut is said.
    expect(verdict.verdict.indexable).toBe(false);
    expect(verdict.verdict.reasons.map((r) => r.code)).toContain('page-facts-cut');
    // An evicted origin's verdict is worked out again from a fresh fetch.
    const first = await deliver(
      { type: 'get-verdict', tabId: 1, robot: 'googlebot', refresh: false },
      popup(),
    );
    expect(first).toMatchObject({ ok: true });
  }, 90_000);

  it('a verdict is answered even when nothing can be stored', async () => {
    await fakeBrowser.storage.session.set({ junk: 'j'.repeat(SESSION_QUOTA_BYTES - 1_000) });
    expect(await deliver(pageFacts(HUGE_PAGE, 600_000), contentScript(5, HUGE_PAGE))).toEqual({
      ok: true,
    });
    const reply = await deliver(
      { type: 'get-verdict', tabId: 5, robot: 'googlebot', refresh: false },
      popup(),
    );
    expect(reply).toMatchObject({ ok: true, verdict: { indexable: false } });
  });
});

describe('a crawl whose first save fails', () => {
  const settings = {
    maxPages: 1,
    maxDepth: 1,
    concurrencyPerOrigin: 1,
    delayMs: 0,
    timeoutMs: 15_000,
    robot: 'googlebot',
    obeyRobots: true,
    checkExternal: false,
    useSitemaps: false,
  };
  /** One site per test: a stopped crawl of the last test may still be winding down. */
  let SITE = '';
  let sites = 0;
  beforeEach(() => {
    SITE = `https://crawl${++sites}.example`;
  }, 60_000);
  const start = () => deliver({ type: 'start-crawl', startUrl: `${SITE}/`, settings }, popup());

  it('is not left running: after the space is freed, Start works, and Stop clears it', async () => {
    expect(settings.maxPages).toBeLessThanOrEqual(CRAWL_LIMITS.maxPages.max);
    // Full but for a few bytes: too few for the crawl's progress item.
    await fakeBrowser.storage.session.set({ junk: 'j'.repeat(SESSION_QUOTA_BYTES - 50) });
    expect(await start()).toMatchObject({ ok: false, error: expect.stringMatching(/quota/) });
    expect(
      (await fakeBrowser.storage.local.get(`crawl.phase.${SITE}`))[`crawl.phase.${SITE}`],
    ).not.toBe('running');
    expect(await deliver({ type: 'stop-crawl', origin: SITE }, popup())).toEqual({ ok: true });
    expect(await start()).toMatchObject({ ok: false, error: expect.stringMatching(/quota/) });

    await fakeBrowser.storage.session.remove('junk');
    expect(await start()).toEqual({ ok: true });
    expect(await deliver({ type: 'stop-crawl', origin: SITE }, popup())).toEqual({ ok: true });
  });

  it('makes room by evicting cached copies when the cache, not other data, fills the area', async () => {
    for (const [i, origin] of ORIGINS.slice(0, 6).entries())
      await deliver(pageFacts(origin), contentScript(i + 1, origin));
    // Something else now takes all but a few bytes of the rest: too few for the progress item.
    const free = SESSION_QUOTA_BYTES - (await sessionBytes());
    await fakeBrowser.storage.session.set({ other: 'o'.repeat(free - 100) });
    expect(await start()).toEqual({ ok: true });
    expect(await deliver({ type: 'stop-crawl', origin: SITE }, popup())).toEqual({ ok: true });
  }, 60_000);
});
