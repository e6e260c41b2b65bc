/**
 * Host access, asked for at the moment it is needed (from the click that
 * starts a crawl): the site's own host, and every site only when the user
 * chose to check links to other sites.
 */
import { browser } from 'wxt/browser';

export const EVERY_SITE = ['http://*/*', 'https://*/*'];

/**
 * The permission pattern for an origin: scheme and host, without the port.
 * Firefox's match patterns have no port (one with a port is never found
 * granted), and in Chrome a pattern without a port covers every port.
 */
export function hostPattern(origin: string): string {
  const { protocol, hostname } = new URL(origin);
  return `${protocol}//${hostname}/*`;
}

export function originsToAsk(origin: string, checkExternal: boolean): string[] {
  return checkExternal ? EVERY_SITE : [hostPattern(origin)];
}

/** Whether the extension may fetch from `origin` itself (granted, or activeTab). */
export function hasHostAccess(origin: string): Promise<boolean> {
  return browser.permissions.contains({ origins: [hostPattern(origin)] }).catch(() => false);
}

/** Must be called from a user gesture (a click handler), before any await. */
export function askHostAccess(origin: string, checkExternal: boolean): Promise<boolean> {
  return browser.permissions.request({ origins: originsToAsk(origin, checkExternal) });
}
