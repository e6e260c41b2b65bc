/**
 * Escape closes the toolbar popup, as it closes a menu, when nothing in the
 * popup used the key (a handler that did calls preventDefault). Browsers
 * usually close their popups on an Escape the page leaves alone; doing it
 * here makes that the same in every browser. The same page opened as a full
 * tab (`popup.html?tabId=…`) is a tab like any other and is never closed.
 */
import { browser } from 'wxt/browser';

export async function closeOnEscape(win: Window): Promise<void> {
  // Only a tab has a tabs.Tab; the toolbar popup has none.
  if (await browser.tabs.getCurrent()) return;
  win.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !event.defaultPrevented && !event.isComposing) win.close();
  });
}
