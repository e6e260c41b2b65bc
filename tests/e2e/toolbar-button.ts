/**
 * Clicking RobotLens's toolbar button for a tab, as a user does: the
 * browser opens the popup and grants activeTab for that tab. A headless
 * browser has no toolbar to click, so the DevTools protocol's
 * `Extensions.triggerAction` does it (it needs the pipe connection
 * Playwright uses and `--enable-unsafe-extension-debugging`, see
 * launch-options.ts). `chrome.action.openPopup()` opens the popup too, but
 * grants nothing.
 */
import type { BrowserContext, Page } from '@playwright/test';

export async function clickToolbarButton(context: BrowserContext, page: Page): Promise<void> {
  await clickToolbarButtonFor(context, page.url());
}

async function clickToolbarButtonFor(context: BrowserContext, url: string): Promise<void> {
  const browser = context.browser();
  if (!browser) throw new Error('No browser to talk to over the DevTools protocol.');
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  const cdp = await browser.newBrowserCDPSession();
  try {
    // The action belongs to a tab target (not the page target Playwright drives).
    const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{ type: 'tab' }] });
    const tab = targetInfos.find((target) => target.type === 'tab' && target.url === url);
    if (!tab) throw new Error(`No tab shows ${url}.`);
    await cdp.send(
      'Extensions.triggerAction' as 'Target.getTargets',
      {
        id: extensionId,
        targetId: tab.targetId,
      } as never,
    );
  } finally {
    await cdp.detach();
  }
}
