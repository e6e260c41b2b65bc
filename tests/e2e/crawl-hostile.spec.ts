/**
 * The extension's crawl (lib/crawl in the service worker, over fetch)
 * against part of the hostile site (tests/fixtures/hostile-server.ts): a
 * slow loris, a page that never ends, a gzip bomb, a reset in mid-body, and
 * robots.txt served as an image. The crawl must finish, and the report must
 * list each with the reason the command line gives.
 */
import { crawlKey, reportedOutcome } from '../fixtures/hostile-report.ts';
import { SCENARIOS, startHostileServer, type HostileServer } from '../fixtures/hostile-server.ts';
import { crawlTab, reportOf } from './crawl-popup.ts';
import { CRAWL_SETTINGS } from './crawl-sites.ts';
import { E2E_EXTENSION_DIR, expect, test } from './extension.ts';

test.use({ extensionDir: E2E_EXTENSION_DIR });

const SUBSET = ['slow-loris', 'never-ends', 'gzip-bomb', 'reset-mid-body'];

let server: HostileServer;

test.beforeEach(async () => {
  server = await startHostileServer();
});
test.afterEach(() => server.close());

test('the extension crawl finishes on a hostile site and reports every failure with its reason', async ({
  openExtensionPage,
}) => {
  // The slow loris costs one request timeout (15 s, the extension's default).
  test.setTimeout(90_000);
  const { popup } = await crawlTab(
    openExtensionPage,
    `${server.origin}/?only=${SUBSET.join(',')}`,
    { ...CRAWL_SETTINGS, maxPages: 50, maxDepth: 3, delayMs: 0 },
  );
  await popup.getByRole('button', { name: 'Start crawl from this page' }).click();
  await expect(popup.getByTestId('crawl-phase')).toContainText('Finished', { timeout: 60_000 });
  const report = await reportOf(popup, server.origin);

  expect(report.finished).toBe(true);
  for (const id of SUBSET) {
    const scenario = SCENARIOS.find((s) => s.id === id)!;
    const { reason, ...expected } = scenario.expected;
    expect(reportedOutcome(report, crawlKey(server.hrefOf(scenario))), id).toEqual({
      ...expected,
      reason: reason ? expect.stringMatching(reason) : expect.any(String),
    });
  }
  expect(report.robots.find((r) => r.origin === server.origin)).toMatchObject({
    status: 200,
    code: 'not-text',
    reason: expect.stringMatching(/served as image\/png/),
  });

  // The tab loaded the start page as a browser does; every other request is the crawl's.
  const crawlRequests = server.log.filter((e) =>
    (e.headers['user-agent'] ?? '').startsWith('RobotLens/'),
  );
  expect(crawlRequests.map((e) => e.url)).toContain('/slow-loris.html');
  for (const entry of crawlRequests) {
    expect(['GET', 'HEAD']).toContain(entry.method);
    expect(entry.headers.cookie).toBeUndefined();
    expect(entry.headers.authorization).toBeUndefined();
  }
  expect(server.otherLog).toEqual([]);
});
