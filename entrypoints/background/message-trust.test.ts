/**
 * What the background does with messages from content scripts, which run
 * next to hostile pages: a content script speaks for its own tab's top
 * frame and that frame's own origin, and reads nothing. Everything else is
 * dropped before anything is fetched, stored or sent to a tab.
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
import { registerCrawlAlarm } from './crawl-service.ts';
import { registerRouter } from './router.ts';
import { registerVerdictService } from './verdict-service.ts';

const SITE = 'https://site.example';
const VICTIM = 'https://victim.example';
const TAB = 7;

function pageFacts(url: string) {
  return {
    type: 'page-facts',
    facts: {
      url,
      title: 'A page',
      metas: [],
      links: [{ rel: ['canonical'], href: `${VICTIM}/canonical`, inHead: true }],
      refresh: [],
      anchorCount: 0,
      nofollowAnchorCount: 0,
    },
    navigationStatus: 200,
  };
}

/** A content script in tab TAB, top frame, on SITE — unless told otherwise. */
function contentScript(over: Partial<Browser.runtime.MessageSender> = {}) {
  return {
    id: fakeBrowser.runtime.id,
    url: `${SITE}/page`,
    origin: SITE,
    frameId: 0,
    tab: { id: TAB } as Browser.tabs.Tab,
    ...over,
  } as Browser.runtime.MessageSender;
}

let fetched: string[];
let sentToTabs: { tabId: number; message: { type: string; url?: string } }[];
let hasHostAccess: boolean;

beforeEach(() => {
  memory.heads.clear();
  memory.rows.clear();
  memory.failure = null;
  fakeBrowser.reset();
  fetched = [];
  sentToTabs = [];
  hasHostAccess = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL) => {
      fetched.push(String(url));
      return new Response('User-agent: *\nAllow: /\n', { status: 200 });
    }),
  );
  fakeBrowser.permissions.contains = vi.fn(async () => hasHostAccess);
  // The fake browser has no i18n: the English messages, as the browser would give them.
  fakeBrowser.i18n.getMessage = vi.fn(
    (key: string, substitutions?: string | string[]) =>
      renderMessage(englishCatalog, key, [substitutions ?? []].flat()) ?? '',
  ) as typeof fakeBrowser.i18n.getMessage;
  fakeBrowser.i18n.getUILanguage = () => 'en-US';
  fakeBrowser.tabs.sendMessage = vi.fn(async (tabId: number, message: unknown) => {
    const typed = message as { type: string; url?: string };
    sentToTabs.push({ tabId, message: typed });
    if (typed.type !== 'same-origin-fetch') throw new Error('no content script in this test');
    return {
      ok: true,
      response: {
        requestedUrl: typed.url,
        url: typed.url,
        status: 200,
        headers: [],
        redirects: [],
        bodyBase64: '',
        truncated: false,
      },
    };
  }) as typeof fakeBrowser.tabs.sendMessage;
  // The one listener answers every message type; each type's sender rule is what is tested.
  registerRouter(Promise.resolve());
  registerVerdictService();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** What the background's listeners answer (undefined: nobody answered). */
async function deliver(message: unknown, sender: Browser.runtime.MessageSender) {
  const replies = await fakeBrowser.runtime.onMessage.trigger(message, sender);
  return (replies as unknown[]).find((reply) => reply !== undefined);
}

async function storedTabs(): Promise<string[]> {
  return Object.keys(await fakeBrowser.storage.session.get(null)).filter((k) =>
    k.startsWith('tab.'),
  );
}

describe('page-facts from a content script', () => {
  it('is checked on its own origin only, and its verdict shows on its own tab', async () => {
    expect(await deliver(pageFacts(`${SITE}/page`), contentScript())).toEqual({ ok: true });
    expect(fetched.sort()).toEqual([`${SITE}/page`, `${SITE}/robots.txt`]);
    expect(await storedTabs()).toEqual([`tab.${TAB}`]);
    expect(await fakeBrowser.action.getBadgeText({ tabId: TAB })).toBe('OK');
  });

  it('without host access, is fetched through its own tab, from its own origin', async () => {
    hasHostAccess = false;
    expect(await deliver(pageFacts(`${SITE}/page`), contentScript())).toEqual({ ok: true });
    expect(fetched).toEqual([]);
    expect(sentToTabs.map(({ tabId }) => tabId)).toEqual([TAB, TAB]);
    for (const { message } of sentToTabs) expect(new URL(message.url!).origin).toBe(SITE);
  });

  it.each([
    ['about another site', pageFacts(`${VICTIM}/account`), contentScript()],
    ['about the same host on another port', pageFacts(`${SITE}:8443/`), contentScript()],
    ['about the same host over http', pageFacts('http://site.example/'), contentScript()],
    ['about a javascript: URL', pageFacts('javascript:fetch("//victim.example")'), contentScript()],
    [
      'from a frame of another site',
      pageFacts(`${VICTIM}/frame`),
      contentScript({ frameId: 3, url: `${VICTIM}/frame`, origin: VICTIM }),
    ],
    [
      'from a frame of its own site',
      pageFacts(`${SITE}/frame`),
      contentScript({ frameId: 3, url: `${SITE}/frame` }),
    ],
    ['from no tab', pageFacts(`${SITE}/page`), contentScript({ tab: undefined })],
    ['from another extension', pageFacts(`${SITE}/page`), contentScript({ id: 'other-extension' })],
    [
      'from a sender whose page is not http(s)',
      pageFacts(`${SITE}/page`),
      contentScript({ url: 'data:text/html,<p>' }),
    ],
    [
      'with a malformed facts object',
      { ...pageFacts(`${SITE}/page`), facts: { url: `${SITE}/page`, metas: [{}] } },
      contentScript(),
    ],
  ])('is refused %s: nothing fetched, stored or shown', async (_, message, sender) => {
    expect(await deliver(message, sender)).toBeUndefined();
    expect(fetched).toEqual([]);
    expect(sentToTabs).toEqual([]);
    expect(await storedTabs()).toEqual([]);
    expect(await fakeBrowser.action.getBadgeText({ tabId: TAB })).toBe('');
  });
});

describe('requests only extension pages may make', () => {
  beforeEach(() => {
    // The crawl's alarm too: a content script reaches nothing through it either.
    const ready = Promise.resolve();
    registerCrawlAlarm(ready);
  });

  const settings = {
    maxPages: 5,
    maxDepth: 1,
    concurrencyPerOrigin: 1,
    delayMs: 0,
    timeoutMs: 5_000,
    robot: 'RobotLens',
    obeyRobots: true,
    checkExternal: true,
    useSitemaps: false,
  };
  const requests = [
    { type: 'get-verdict', tabId: TAB + 1, robot: 'googlebot', refresh: true },
    { type: 'get-robots-audit', tabId: TAB + 1, robots: ['*'], tests: ['/'], refresh: true },
    { type: 'get-crawl-report', origin: VICTIM },
    { type: 'start-crawl', startUrl: `${VICTIM}/`, settings },
    { type: 'stop-crawl', origin: VICTIM },
    { type: 'resume-crawl', origin: VICTIM },
    { type: 'highlight-links', tabId: TAB + 1, checkExternal: true },
    { type: 'same-origin-fetch', url: `${VICTIM}/`, method: 'GET', maxBytes: 9, timeoutMs: 9 },
  ];

  it.each(requests.map((message) => [message.type, message] as const))(
    '%s from a content script gets no answer and does nothing',
    async (_, message) => {
      await fakeBrowser.storage.local.set({
        [`crawl.checkpoint.${VICTIM}`]: { secret: 'the crawl of another site' },
      });
      expect(await deliver(message, contentScript())).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(fetched).toEqual([]);
      expect(sentToTabs).toEqual([]);
      expect(await fakeBrowser.storage.session.get(null)).toEqual({});
    },
  );

  it('the same request from an extension page is answered (the refusal above is the sender)', async () => {
    const popup = {
      id: fakeBrowser.runtime.id,
      url: fakeBrowser.runtime.getURL('/popup.html'),
    } as Browser.runtime.MessageSender;
    expect(await deliver({ type: 'get-crawl-report', origin: VICTIM }, popup)).toMatchObject({
      ok: expect.any(Boolean),
    });
  });
});
