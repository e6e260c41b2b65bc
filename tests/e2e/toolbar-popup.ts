/**
 * The real toolbar popup, for the few tests that need it rather than the
 * popup page opened as a tab: `chrome.action.openPopup()` opens it, and
 * since Playwright does not list popup windows, it is driven over the
 * DevTools protocol (evaluate, key presses); the service worker tells
 * whether it is still open.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { attachTarget } from './devtools-target.ts';

export interface ToolbarPopup {
  evaluate(expression: string): Promise<unknown>;
  pressEscape(): Promise<void>;
  isOpen(): Promise<boolean>;
}

/** Opens the popup of the active tab's window, from `from` (an extension page). */
export async function openToolbarPopup(context: BrowserContext, from: Page): Promise<ToolbarPopup> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const popupCount = () =>
    worker.evaluate(
      async () => (await chrome.runtime.getContexts({ contextTypes: ['POPUP'] })).length,
    );
  await from.evaluate(() => chrome.action.openPopup());

  const cdp = await context.newCDPSession(from);
  let targetId: string | undefined;
  for (let tries = 0; !targetId && tries < 50; tries++) {
    const { targetInfos } = await cdp.send('Target.getTargets');
    targetId = targetInfos.find((t) => t.type === 'page' && /\/popup\.html$/.test(t.url))?.targetId;
    if (!targetId) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!targetId) throw new Error('The toolbar popup did not open.');
  const { call } = await attachTarget(cdp, targetId, 5_000);

  return {
    async evaluate(expression) {
      const reply = await call('Runtime.evaluate', { expression, returnByValue: true });
      if (reply.error) throw new Error(`In the popup: ${JSON.stringify(reply.error)}`);
      return (reply.result as { result: { value?: unknown } }).result.value;
    },
    async pressEscape() {
      const key = { key: 'Escape', code: 'Escape', windowsVirtualKeyCode: 27 };
      await call('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...key });
      // No wait for the key-up: the popup may be gone by then.
      void call('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
    },
    isOpen: async () => (await popupCount()) > 0,
  };
}
