/**
 * Host access, asked for at the moment it is needed (from the click that
 * starts a crawl): the site's own origin, and every site only when the user
 * chose to check links to other sites.
 */
import { browser } from 'wxt/browser';

const EVERY_SITE = ['http://*/*', 'https://*/*'];

export function originsToAsk(origin: string, checkExternal: boolean): string[] {
  return checkExternal ? EVERY_SITE : [`${origin}/*`];
}

/** Must be called from a user gesture (a click handler), before any await. */
export function askHostAccess(origin: string, checkExternal: boolean): Promise<boolean> {
  return browser.permissions.request({ origins: originsToAsk(origin, checkExternal) });
}
