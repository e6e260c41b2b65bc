/**
 * `npm run test:firefox`: the Firefox build in a real Firefox (Debian's
 * ESR, headless, through `web-ext run`), watched from the fixture server.
 * Playwright cannot drive Debian's Firefox (it needs its own patched build,
 * which cannot be downloaded here), so the test reads what the add-on does
 * on the wire (its build turns "Check each page as I browse" on, as no UI
 * can be clicked): robots.txt and the page's headers asked with
 * `User-Agent: RobotLens/…` prove that the add-on installed, its content
 * script read the page and messaged the MV2 background page, the background
 * found its host access (a pattern without the port, as Firefox needs) and
 * its declarativeNetRequest rule named the request (Firefox's initiator is
 * the moz-extension host, not the add-on id).
 *
 * Firefox is kept off the network: every host but 127.0.0.1 goes to a dead
 * proxy, and its own background services are off.
 */
import path from 'node:path';
import webExt from 'web-ext';
import { startSiteServer, type LoggedRequest } from '../../cli/site-server.ts';
// @ts-expect-error — plain JS helper shared with ensure-firefox.mjs
import { firefoxPath } from './firefox-path.mjs';

const SOURCE_DIR = '.output-e2e/firefox-mv2';
const WAIT_MS = 90_000;

/** Everything not on 127.0.0.1 fails at once, and Firefox asks for nothing of its own. */
const OFFLINE_PREFS = {
  'network.proxy.type': 1,
  'network.proxy.http': '127.0.0.1',
  'network.proxy.http_port': 9,
  'network.proxy.ssl': '127.0.0.1',
  'network.proxy.ssl_port': 9,
  'network.proxy.share_proxy_settings': false,
  'network.proxy.allow_hijacking_localhost': false,
  'network.trr.mode': 5,
  'network.dns.disablePrefetch': true,
  'network.prefetch-next': false,
  'network.http.speculative-parallel-limit': 0,
  'network.connectivity-service.enabled': false,
  'network.captive-portal-service.enabled': false,
  'services.settings.server': 'http://127.0.0.1:9/v1',
  'app.normandy.enabled': false,
  'dom.push.connection.enabled': false,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'browser.safebrowsing.downloads.enabled': false,
  'toolkit.telemetry.enabled': false,
  'datareporting.healthreport.uploadEnabled': false,
  'media.gmp-manager.url': 'http://127.0.0.1:9/',
  'browser.region.network.url': '',
  'extensions.getAddons.showPane': false,
};

interface Check {
  name: string;
  seen: (entry: LoggedRequest) => boolean;
}

const fromRobotLens = (entry: LoggedRequest) =>
  String(entry.headers['user-agent'] ?? '').startsWith('RobotLens/');

const CHECKS: Check[] = [
  {
    name: 'robots.txt is fetched by the background, as RobotLens',
    seen: (entry) => entry.url === '/robots.txt' && fromRobotLens(entry),
  },
  {
    // A GET, not a HEAD: the page as served is compared with the page as rendered.
    name: 'the page is fetched by the background, as RobotLens',
    seen: (entry) => entry.url === '/clean.html' && entry.method === 'GET' && fromRobotLens(entry),
  },
];

async function main(): Promise<number> {
  const site = await startSiteServer(path.resolve('tests/fixtures/indexability'));
  const runner = await webExt.cmd.run(
    {
      sourceDir: path.resolve(SOURCE_DIR),
      target: ['firefox-desktop'],
      firefox: (firefoxPath as () => string)(),
      args: ['-headless'],
      pref: OFFLINE_PREFS,
      // The page reader is registered once the add-on has started: a page loaded after that
      // (the start page refreshes to it) gets it.
      startUrl: [`${site.origin}/firefox-start.html`],
      noInput: true,
      noReload: true,
    },
    { shouldExitProgram: false },
  );
  try {
    const pending = await waitFor(CHECKS, () => site.log, WAIT_MS);
    for (const check of CHECKS)
      console.log(`${pending.includes(check) ? '✗' : '✓'} firefox: ${check.name}`);
    if (pending.length > 0) console.error('Requests seen:', site.log.map(describe).join('\n  '));
    console.log(`${CHECKS.length - pending.length} passed, ${pending.length} failed`);
    return pending.length === 0 ? 0 : 1;
  } finally {
    await runner.exit();
    await site.close();
  }
}

/** The checks still unmet when all are met or the time is up. */
async function waitFor(
  checks: Check[],
  log: () => LoggedRequest[],
  timeoutMs: number,
): Promise<Check[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pending = checks.filter((check) => !log().some(check.seen));
    if (pending.length === 0 || Date.now() > deadline) return pending;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function describe(entry: LoggedRequest): string {
  return `${entry.method} ${entry.url} (${String(entry.headers['user-agent'])})`;
}

process.exitCode = await main();
