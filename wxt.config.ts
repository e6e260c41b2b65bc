import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';

// The manifest is derived from the entrypoints; only what the entrypoints
// cannot say is written here. Every permission is justified in README.md
// ("Permissions"), and tests/e2e/manifest.spec.ts fails if one is added
// without a line there.
export default defineConfig({
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
    permissions: ['activeTab', 'storage'],
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
