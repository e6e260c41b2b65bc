/**
 * "Check each page as I browse" (the toolbar badge on every tab), off by
 * default. Turning it on asks for access to every http(s) site and then
 * registers the page reader for them (kept across browser restarts);
 * turning it off unregisters the reader and gives the access back. The
 * registration is the one record of the choice: it is not a synced
 * setting, since access granted on this computer says nothing of another.
 */
import { browser } from 'wxt/browser';
import { EVERY_SITE } from './host-access.ts';
import { PAGE_READER_FILE } from './page-reader-file.ts';

const SCRIPT_ID = 'robotlens-browse-check';

export async function isBrowseCheckOn(): Promise<boolean> {
  const scripts = await browser.scripting.getRegisteredContentScripts({ ids: [SCRIPT_ID] });
  return scripts.length > 0;
}

/**
 * Must be called from a user gesture (a click handler), before any await:
 * the browser's permission prompt needs it. False when the user said no.
 */
export async function turnOnBrowseCheck(): Promise<boolean> {
  const granted = await browser.permissions.request({ origins: EVERY_SITE });
  if (!granted) return false;
  await registerPageReader();
  return true;
}

/** Registers the page reader for every site (once); the caller has the access it needs. */
export async function registerPageReader(): Promise<void> {
  if (await isBrowseCheckOn()) return;
  await browser.scripting.registerContentScripts([
    {
      id: SCRIPT_ID,
      matches: EVERY_SITE,
      js: [PAGE_READER_FILE],
      runAt: 'document_idle',
      allFrames: false,
      persistAcrossSessions: true,
    },
  ]);
}

export async function turnOffBrowseCheck(): Promise<void> {
  await unregister();
  await browser.permissions.remove({ origins: EVERY_SITE }).catch(() => false);
}

/**
 * The service worker keeps the two together: access to every site taken
 * back in the browser's own settings turns the checking off too.
 */
export function keepBrowseCheckWithAccess(): void {
  browser.permissions.onRemoved.addListener(() => {
    void browser.permissions
      .contains({ origins: EVERY_SITE })
      .then((granted) => (granted ? undefined : unregister()))
      .catch(() => undefined);
  });
}

async function unregister(): Promise<void> {
  if (await isBrowseCheckOn())
    await browser.scripting.unregisterContentScripts({ ids: [SCRIPT_ID] });
}
