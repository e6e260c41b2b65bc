/** Chromium with the built extension (127.0.0.1 access granted), for the browser benches. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { extensionLaunchOptions } from '../tests/e2e/launch-options.ts';
import { openTabFrom } from '../tests/e2e/open-tab.ts';
import { chromium, type BrowserContext, type Page } from '@playwright/test';

const EXTENSION_DIR = path.resolve('.output-e2e/chrome-mv3');

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  /** Opens `url` in a tab; returns the tab, its id and an extension page to drive things with. */
  openTab(url: string): Promise<{ page: Page; tabId: number; popup: Page }>;
  close(): Promise<void>;
}

/** `extensionDir`: another build to measure (default: the e2e build). */
export async function launchExtension(extensionDir = EXTENSION_DIR): Promise<ExtensionBrowser> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'robotlens-bench-profile-'));
  const context = await chromium.launchPersistentContext(
    profile,
    extensionLaunchOptions(extensionDir),
  );
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    extensionId,
    async openTab(url) {
      const popup = await context.newPage();
      await popup.goto(`chrome-extension://${extensionId}/popup.html?tabId=999999`);
      const { page, tabId } = await openTabFrom(popup, url);
      return { page, tabId, popup };
    },
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

export const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
