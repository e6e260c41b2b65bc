/**
 * The manifests the stores get, built for real (WXT's build into a scratch
 * folder, as `npm run zip` builds them): what Chrome's MV3 and Firefox's MV2
 * each need, the same version as package.json, every icon, the shortcut.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'wxt';
import { ICON_SIZES } from '../../scripts/icon-sizes.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const HOST_PATTERNS = ['http://*/*', 'https://*/*'];
const SHORTCUT = {
  suggested_key: { default: 'Alt+Shift+R' },
  description: '__MSG_ext_command_open__',
};
const packageVersion = (JSON.parse(readFileSync('package.json', 'utf8')) as Json).version;

let scratch: string;
const built: Record<'chrome' | 'firefox', { dir: string; manifest: Json }> = {} as never;

const quiet = {
  ...console,
  debug() {},
  log() {},
  info() {},
  success() {},
  level: 0,
} as unknown as NonNullable<Parameters<typeof build>[0]>['logger'];

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'robotlens-manifest-'));
  // The shipped build, never the browser tests' copy with host access.
  delete process.env.ROBOTLENS_E2E_HOST_ACCESS;
  for (const [browser, folder] of [
    ['chrome', 'chrome-mv3'],
    ['firefox', 'firefox-mv2'],
  ] as const) {
    await build({ browser, outDir: scratch, logger: quiet });
    const dir = path.join(scratch, folder);
    built[browser] = {
      dir,
      manifest: JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')),
    };
  }
}, 120_000);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe.each(['chrome', 'firefox'] as const)('the %s manifest', (browser) => {
  const manifest = () => built[browser].manifest;
  const popupAction = () => manifest().action ?? manifest().browser_action;

  it('has the version of package.json', () => {
    expect(manifest().version).toBe(packageVersion);
  });

  it('names every icon size, and each file is in the build', () => {
    expect(Object.keys(manifest().icons).map(Number)).toEqual([...ICON_SIZES]);
    expect(popupAction().default_icon).toEqual({ 16: 'icon/16.png', 32: 'icon/32.png' });
    const files = [
      ...Object.values(manifest().icons),
      ...Object.values(popupAction().default_icon),
    ];
    for (const file of files)
      expect(existsSync(path.join(built[browser].dir, file as string))).toBe(true);
  });

  it('opens the popup with Alt+Shift+R', () => {
    const key = browser === 'chrome' ? '_execute_action' : '_execute_browser_action';
    expect(manifest().commands).toEqual({ [key]: SHORTCUT });
  });

  it('has an Options page, opened in a tab of its own', () => {
    expect(manifest().options_ui).toEqual({ page: 'options.html', open_in_tab: true });
    expect(existsSync(path.join(built[browser].dir, 'options.html'))).toBe(true);
  });

  it('takes its name, description and shortcut words from _locales, English by default', () => {
    expect(manifest().default_locale).toBe('en');
    expect(manifest().name).toBe('__MSG_ext_name__');
    expect(manifest().description).toBe('__MSG_ext_description__');
    for (const lang of ['en', 'ko']) {
      const messages = JSON.parse(
        readFileSync(path.join(built[browser].dir, '_locales', lang, 'messages.json'), 'utf8'),
      ) as Json;
      expect(messages.ext_name.message).toBe('RobotLens');
      // The stores cut descriptions at 132 characters.
      expect(messages.ext_description.message.length).toBeLessThanOrEqual(132);
      expect(messages.ext_command_open.message).toBeTruthy();
    }
  });

  it('asks for host access only at crawl time', () => {
    const optional = manifest().optional_host_permissions ?? manifest().optional_permissions;
    expect(optional).toEqual(HOST_PATTERNS);
    expect(manifest().host_permissions).toBeUndefined();
    expect(manifest().permissions).not.toEqual(expect.arrayContaining(['http://*/*']));
  });
});

describe('the Firefox manifest', () => {
  const manifest = () => built.firefox.manifest;

  it('is MV2 with a background page, browser_action and popup', () => {
    expect(manifest().manifest_version).toBe(2);
    expect(manifest().background).toEqual({ scripts: ['background.js'] });
    expect(manifest().browser_action).toMatchObject({ default_popup: 'popup.html' });
    expect(manifest().action).toBeUndefined();
  });

  it('declares host patterns where MV2 can request them', () => {
    // permissions.request({ origins }) is refused for patterns not declared here.
    expect(manifest().optional_permissions).toEqual(HOST_PATTERNS);
    expect(manifest().optional_host_permissions).toBeUndefined();
  });

  it('has a fixed add-on id, a supported minimum version and no data collection', () => {
    const settings = manifest().browser_specific_settings;
    expect(settings.gecko.id).toBe('robotlens@robotlens.dev');
    expect(Number.parseFloat(settings.gecko.strict_min_version)).toBeGreaterThanOrEqual(140);
    expect(settings.gecko.data_collection_permissions).toEqual({ required: ['none'] });
    expect(Number.parseFloat(settings.gecko_android.strict_min_version)).toBeGreaterThanOrEqual(
      142,
    );
  });

  it('keeps every API permission the background uses', () => {
    expect(manifest().permissions).toEqual(
      expect.arrayContaining([
        'storage',
        'alarms',
        'webRequest',
        'declarativeNetRequestWithHostAccess',
      ]),
    );
  });
});

describe('the Chrome manifest', () => {
  it('is MV3 with a module service worker and an action', () => {
    const manifest = built.chrome.manifest;
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.background).toEqual({ type: 'module', service_worker: 'background.js' });
    expect(manifest.action).toMatchObject({ default_popup: 'popup.html' });
    expect(manifest.browser_specific_settings).toBeUndefined();
  });
});
