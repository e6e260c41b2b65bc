/**
 * The page reader. Declared for no site: the background injects it into the
 * active tab when the popup opens (activeTab), and registers it for every
 * http(s) page only when the user turns on "Check each page as I browse"
 * (extension/browse-check.ts). Once in a page it reads what the page says
 * about indexing once, when the page is idle, and tells the background
 * (which sets the badge). On the background's request, it re-reads it,
 * fetches from the page's own origin (robots.txt, the page's headers)
 * without cookies, or draws the link marks in its own closed overlay.
 */
import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { parseMessage, type TabFacts } from '../lib/protocol/messages.ts';
import { fetchToWire } from '../lib/protocol/wire-http.ts';
import { collectPageFacts } from '../extension/collect-page-facts.ts';
import { fetchHttp } from '../extension/fetch-http.ts';
import { sendToBackground } from '../extension/messaging.ts';
import { extensionTranslator } from '../extension/i18n.ts';
import { LinkOverlay } from '../extension/link-overlay.ts';
import { whenVisible } from '../extension/when-visible.ts';

export default defineContentScript({
  // Not in the manifest: no site access at install (see extension/page-reader.ts).
  registration: 'runtime',
  runAt: 'document_idle',
  // WXT would otherwise announce the script to the page with window.postMessage.
  noScriptStartedPostMessage: true,
  main(ctx) {
    const overlay = new LinkOverlay(document, extensionTranslator());
    ctx.onInvalidated(() => overlay.remove());
    const listener = (raw: unknown, sender: { id?: string }) => {
      if (sender.id !== browser.runtime.id) return undefined;
      const message = parseMessage(raw, [
        'collect-facts',
        'same-origin-fetch',
        'collect-links',
        'mark-links',
      ]);
      if (!message) return undefined;
      if (message.type === 'collect-facts') return Promise.resolve(readTab());
      if (message.type === 'collect-links')
        return Promise.resolve({ pageUrl: location.href, links: pageLinks() });
      if (message.type === 'mark-links')
        return Promise.resolve({
          marked: overlay.show(message.marks),
        });
      if (new URL(message.url).origin !== location.origin) {
        const notHere = extensionTranslator().t('http_error_other_origin');
        return Promise.resolve({ ok: false, kind: 'other', message: notHere });
      }
      return fetchToWire(fetchHttp, { ...message, maxRedirects: 20 });
    };
    browser.runtime.onMessage.addListener(listener);
    ctx.onInvalidated(() => browser.runtime.onMessage.removeListener(listener));
    // A tab opened in the background costs nothing until the user looks at it.
    whenVisible(document, ctx.signal, () => {
      sendToBackground({ type: 'page-facts', ...readTab() }).catch(() => {
        // The background may be updating; the popup asks again when opened.
      });
    });
  },
});

/** User Timing name of the DOM read, so its cost can be measured on any page (DevTools, the benchmark). */
const READ_MEASURE = 'robotlens:read-page';

function readTab(): TabFacts {
  const startMs = performance.now();
  const facts = collectPageFacts(document);
  performance.measure(READ_MEASURE, { start: startMs, end: performance.now() });
  return { facts, navigationStatus: navigationStatus(), contentType: document.contentType };
}

/** The HTTP status the browser got for this document (Chrome 109+), or null. */
function navigationStatus(): number | null {
  const [entry] = performance.getEntriesByType('navigation') as (PerformanceNavigationTiming & {
    responseStatus?: number;
  })[];
  return entry?.responseStatus || null;
}

/** The page's http(s) links, as the browser resolved them. */
function pageLinks(): string[] {
  const links = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].map((a) => a.href);
  return [
    ...new Set(links.filter((href) => href.startsWith('http:') || href.startsWith('https:'))),
  ];
}
