/**
 * Playwright fixtures: Debian's Chromium with the built extension loaded,
 * its id, and helpers to open extension pages. Each test file gets a fresh
 * profile.
 */
import { test as base, chromium, type BrowserContext, type Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { extensionLaunchOptions } from './launch-options.ts';
import os from 'node:os';
import path from 'node:path';

export const EXTENSION_DIR = path.resolve('.output/chrome-mv3');
/** The same build with host access to 127.0.0.1 granted (see wxt.config.ts). */
export const E2E_EXTENSION_DIR = path.resolve('.output-e2e/chrome-mv3');

interface ExtensionFixtures {
  /** Which build to load: the shipped one, or the one with 127.0.0.1 access granted. */
  extensionDir: string;
  /** The browser's UI language: `en`, or another (`ko`) that _locales has. */
  uiLanguage: string;
  context: BrowserContext;
  extensionId: string;
  openExtensionPage: (file: string, query?: Record<string, string | number>) => Promise<Page>;
}

export const test = base.extend<ExtensionFixtures>({
  extensionDir: [EXTENSION_DIR, { option: true }],
  uiLanguage: ['en', { option: true }],
  context: async ({ extensionDir, uiLanguage }, use) => {
    const profile = await mkdtemp(path.join(os.tmpdir(), 'robotlens-profile-'));
    const options = extensionLaunchOptions(extensionDir);
    const context = await chromium.launchPersistentContext(
      profile,
      uiLanguage === 'en'
        ? options
        : // Debian's headless Chromium takes its UI language from --lang only; Playwright
          // sets the pages' locale (and with it getUILanguage) unless told.
          { ...options, args: [...options.args, `--lang=${uiLanguage}`], locale: uiLanguage },
    );
    await use(context);
    await context.close();
    await rm(profile, { recursive: true, force: true });
  },
  extensionId: async ({ context }, use) => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await use(new URL(worker.url()).host);
  },
  openExtensionPage: async ({ context, extensionId }, use) => {
    await use(async (file, query = {}) => {
      const page = await context.newPage();
      const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      await page.goto(`chrome-extension://${extensionId}/${file}?${search}`);
      return page;
    });
  },
});

export const expect = test.expect;
