import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';

// The manifest is derived from the entrypoints; only what the entrypoints
// cannot say is written here. Every permission is justified in README.md
// ("Permissions"), and tests/e2e/manifest.spec.ts fails if one is added
// without a line there.
/**
 * The browser tests build a second copy with host access to 127.0.0.1
 * already granted (`ROBOTLENS_E2E_HOST_ACCESS='http://127.0.0.1/*'`), into
 * .output-e2e: a headless browser cannot answer the permission prompt a
 * crawl starts with. The shipped build (.output) asks at crawl time.
 */
const e2eHostAccess = process.env.ROBOTLENS_E2E_HOST_ACCESS;

export default defineConfig({
  ...(e2eHostAccess ? { outDir: '.output-e2e' } : {}),
  modules: ['@wxt-dev/webextension-polyfill'],
  // Auto-imports off: every dependency is a visible import.
  imports: false,
  vite: () => ({
    plugins: [preact()],
  }),
  manifest: ({ browser }) => ({
    name: 'RobotLens',
    description:
      'Is this page indexable? Audit robots.txt, find dead links and loops — for webmasters.',
    permissions: [
      'activeTab',
      'storage',
      'unlimitedStorage',
      'alarms',
      'webRequest',
      'declarativeNetRequestWithHostAccess',
    ],
    // Asked for at the moment a crawl starts, for that site only (and for
    // every site only when the user asks to check links to other sites).
    optional_host_permissions: ['http://*/*', 'https://*/*'],
    ...(e2eHostAccess ? { host_permissions: [e2eHostAccess] } : {}),
    action: { default_title: 'RobotLens' },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'robotlens@robotlens.dev',
              strict_min_version: '115.0',
              // RobotLens collects nothing: every result stays on the user's machine.
              data_collection_permissions: { required: ['none'] },
            },
          },
        }
      : {}),
  }),
});
