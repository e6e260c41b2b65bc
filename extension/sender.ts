/**
 * Who sent a message. Content scripts run next to web pages, so a message
 * from one is only trusted for its own tab, its top frame and its page's own
 * origin; reading results, starting crawls and the like are for the
 * extension's own pages.
 */
import { browser, type Browser } from 'wxt/browser';
import { parseHttpUrl } from '../lib/url/http-url.ts';

export function isExtensionPage(sender: Browser.runtime.MessageSender): boolean {
  return (
    sender.id === browser.runtime.id && (sender.url ?? '').startsWith(browser.runtime.getURL('/'))
  );
}

function isOwnContentScript(sender: Browser.runtime.MessageSender): boolean {
  return (
    sender.id === browser.runtime.id && sender.tab?.id !== undefined && !isExtensionPage(sender)
  );
}

/**
 * The tab a content script may speak for about `pageUrl`: its own tab, when
 * it runs in the top frame and `pageUrl` is an http(s) URL of the very origin
 * the browser says that frame shows. Anything else is refused, so no
 * message can make the background fetch from, or file results under,
 * another site. Null when refused.
 */
export function tabSpokenFor(
  sender: Browser.runtime.MessageSender,
  pageUrl: string,
): number | null {
  const tabId = sender.tab?.id;
  if (!isOwnContentScript(sender) || tabId === undefined || sender.frameId !== 0) return null;
  const page = parseHttpUrl(pageUrl);
  const frame = parseHttpUrl(sender.url ?? '');
  return page && frame && page.origin === frame.origin ? tabId : null;
}
