import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';

// The manifest is derived from the entrypoints; only what the entrypoints
// cannot say is written here. Every permission is justified in README.md
// ("Permissions"), and tests/e2e/manifest.spec.ts fails if one is added
// without a line there. tests/unit/built-manifests.test.ts builds Chrome
// and Firefox and checks what each needs.
/**
 * The browser tests build a second copy with host access to 127.0.0.1
 * already granted (`ROBOTLENS_E2E_HOST_ACCESS='http://127.0.0.1/*'`), into
 * .output-e2e: a headless browser cannot answer the permission prompt a
 * crawl starts with. The shipped build (.output) asks at crawl time.
 */
const e2eHostAccess = process.env.ROBOTLENS_E2E_HOST_ACCESS;

/**
 * Asked for at the moment it is needed (see extension/host-access.ts): a
 * crawl or a highlight, for that site only; every site for "check links to
 * other sites" or "Check each page as I browse" (extension/browse-check.ts).
 */
const OPTIONAL_HOSTS = ['http://*/*', 'https://*/*'];

/** The popup's keyboard shortcut; users can change it in the browser's shortcut settings. */
const OPEN_POPUP_KEY = 'Alt+Shift+R';

export default defineConfig({
  ...(e2eHostAccess ? { outDir: '.output-e2e' } : {}),
  modules: ['@wxt-dev/webextension-polyfill'],
  // Auto-imports off: every dependency is a visible import.
  imports: false,
  vite: () => ({
    plugins: [preact()],
    define: {
      // The Firefox smoke test (tests/firefox/smoke.ts) drives no UI, so its build turns on
      // "Check each page as I browse" by itself; every other build leaves it off.
      'import.meta.env.ROBOTLENS_E2E_BROWSE_CHECK': JSON.stringify(
        Boolean(e2eHostAccess && process.env.ROBOTLENS_E2E_BROWSE_CHECK),
      ),
    },
  }),
  manifest: ({ browser, manifestVersion }) => ({
    // Words come from public/_locales/<lang>/messages.json, in the browser's language.
    name: '__MSG_ext_name__',
    description: '__MSG_ext_description__',
    default_locale: 'en',
    permissions: [
      'activeTab',
      'storage',
      'unlimitedStorage',
      'alarms',
      // Tells the user when a scheduled re-crawl found that a site got worse (issue 18).
      'notifications',
      'webRequest',
      'declarativeNetRequestWithHostAccess',
      // Injects the page reader into the tab the popup opened on (activeTab), and
      // registers it for every site once "Check each page as I browse" is on.
      'scripting',
    ],
    // MV2 (Firefox) has no optional_host_permissions — WXT drops the key — so
    // there the same patterns go to optional_permissions, or
    // permissions.request({ origins }) is refused.
    ...(manifestVersion === 2
      ? { optional_permissions: OPTIONAL_HOSTS }
      : { optional_host_permissions: OPTIONAL_HOSTS }),
    ...(e2eHostAccess ? { host_permissions: [e2eHostAccess] } : {}),
    // Named for the manifest version here: for MV2, WXT would drop an `action`
    // key once the popup entrypoint has filled `browser_action`.
    [manifestVersion === 2 ? 'browser_action' : 'action']: {
      default_title: 'RobotLens',
      default_icon: { 16: 'icon/16.png', 32: 'icon/32.png' },
    },
    commands: {
      [manifestVersion === 2 ? '_execute_browser_action' : '_execute_action']: {
        suggested_key: { default: OPEN_POPUP_KEY },
        description: '__MSG_ext_command_open__',
      },
    },
    ...(browser === 'firefox' ? { browser_specific_settings: GECKO_SETTINGS } : {}),
  }),
  zip: {
    // The sources Firefox's reviewers rebuild from: what the extension is
    // built from, and nothing the extension does not need (the command line,
    // tests, benchmark, demo site and screenshots stay out).
    excludeSources: [
      'cli/**',
      'bin/**',
      'dist/**',
      '*.tgz',
      'tests/**',
      'bench/**',
      'demo/**',
      'docs/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
});

const GECKO_SETTINGS = {
  gecko: {
    id: 'robotlens@robotlens.dev',
    // The oldest Firefox still supported (ESR 140); it is also the first that
    // reads data_collection_permissions.
    strict_min_version: '140.0',
    // RobotLens collects nothing: every result stays on the user's machine.
    data_collection_permissions: { required: ['none'] },
  },
  // Firefox for Android reads data_collection_permissions from 142 on.
  gecko_android: { strict_min_version: '142.0' },
};
