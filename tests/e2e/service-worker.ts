/** The extension's service worker, stopped from a test as Chrome stops an idle one. */
import type { BrowserContext, Page } from '@playwright/test';

/** Stops the extension's service worker as Chrome does when it is idle (CDP), and says whether it stopped. */
export async function stopWorker(context: BrowserContext, page: Page): Promise<boolean> {
  const cdp = await context.newCDPSession(page);
  const stopped = new Promise<boolean>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      if (versions.some((v: { runningStatus: string }) => v.runningStatus === 'stopped'))
        resolve(true);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  const result = await Promise.race([
    stopped,
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000)),
  ]);
  // The session may go with the worker it watched: then there is nothing left to detach.
  await cdp.detach().catch(() => undefined);
  return result;
}
