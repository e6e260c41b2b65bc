/**
 * Who sent a message. Content scripts run next to web pages, so a message
 * from one is only trusted for its own tab; reading results, starting
 * crawls and the like are for the extension's own pages.
 */
import { browser, type Browser } from 'wxt/browser';

export function isExtensionPage(sender: Browser.runtime.MessageSender): boolean {
  return (
    sender.id === browser.runtime.id && (sender.url ?? '').startsWith(browser.runtime.getURL('/'))
  );
}

export function isOwnContentScript(sender: Browser.runtime.MessageSender): boolean {
  return (
    sender.id === browser.runtime.id && sender.tab?.id !== undefined && !isExtensionPage(sender)
  );
}
