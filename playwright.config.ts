import { defineConfig } from '@playwright/test';

// The browser tests load the *built* extension (.output/chrome-mv3) into
// Debian's Chromium; `npm run test:e2e` builds first.
export default defineConfig({
  testDir: 'tests/e2e',
  // 120 s: an axe scan of several views took over 60 s on a slow shared 2-core machine.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: { trace: 'retain-on-failure' },
});
