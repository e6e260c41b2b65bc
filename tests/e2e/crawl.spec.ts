/**
 * Job 3 in the real browser: crawl the fixture site from the popup, compare
 * with the command line, identify ourselves, send no cookies, Stop and
 * Resume. Faults (worker stops, storage failures, restarts): crawl-faults.spec.ts.
 */
import { brokenOf, cliReport, redirectsOf, trapsOf } from './crawl-compare.ts';
import { crawlTab as openCrawlTab, reportOf } from './crawl-popup.ts';
import { CRAWL_SETTINGS, useCrawlSites } from './crawl-sites.ts';
import { E2E_EXTENSION_DIR, expect, test } from './extension.ts';
import type { OpenExtensionPage } from './site-tab.ts';

test.use({ extensionDir: E2E_EXTENSION_DIR });

const sites = useCrawlSites();
const SETTINGS = CRAWL_SETTINGS;

/** Opens the popup's Crawl tab for a tab showing `pathname` of the site. */
function crawlTab(openExtensionPage: OpenExtensionPage, pathname: string, settings = SETTINGS) {
  return openCrawlTab(openExtensionPage, `${sites.site.origin}${pathname}`, settings);
}

test('a crawl from the popup finds what the command line finds', async ({ openExtensionPage }) => {
  test.setTimeout(120_000);
  const { popup } = await crawlTab(openExtensionPage, '/about.html');
  await popup.getByRole('button', { name: 'Start crawl from the site root' }).click();
  await expect(popup.getByTestId('crawl-phase')).toContainText('Finished', { timeout: 90_000 });
  const browserReport = await reportOf(popup, sites.site.origin);
  sites.site.reset();
  const cli = await cliReport(`${sites.site.origin}/`);
  expect(brokenOf(browserReport)).toEqual(brokenOf(cli));
  expect(redirectsOf(browserReport)).toEqual(redirectsOf(cli));
  expect(trapsOf(browserReport)).toEqual(trapsOf(cli));
  expect(
    browserReport.broken.find((b) => b.url.endsWith('/charset/missing-ko.html'))?.foundOn[0]?.text,
  ).toBe('깨진 링크');
});

test('the crawl identifies itself, sends no cookies, and only GET/HEAD', async ({
  openExtensionPage,
}) => {
  test.setTimeout(120_000);
  const { popup } = await crawlTab(openExtensionPage, '/');
  await popup.getByRole('button', { name: 'Start crawl from the site root' }).click();
  await expect(popup.getByTestId('crawl-phase')).toContainText('Finished', { timeout: 90_000 });
  // The tab itself loaded '/' with the browser's own User-Agent and got a cookie; every other request is the crawl's.
  const crawlRequests = sites.site.log.filter((e) =>
    (e.headers['user-agent'] ?? '').startsWith('RobotLens/'),
  );
  expect(crawlRequests.length).toBeGreaterThan(50);
  const others = sites.site.log.filter((e) => !crawlRequests.includes(e));
  expect(others.map((e) => e.url).every((u) => u === '/' || u === '/favicon.ico')).toBe(true);
  for (const entry of crawlRequests) {
    expect(['GET', 'HEAD']).toContain(entry.method);
    expect(entry.headers.cookie).toBeUndefined();
  }
  expect(sites.site.log.find((e) => e.url === '/private/secret.html')).toBeUndefined();
  expect(sites.site.maxInFlight).toBeLessThanOrEqual(3);
});

test('Stop and Resume from the popup; a reopened popup shows the live state', async ({
  openExtensionPage,
}) => {
  test.setTimeout(120_000);
  const { popup } = await crawlTab(openExtensionPage, '/', { ...SETTINGS, delayMs: 80 });
  await popup.getByRole('button', { name: 'Start crawl from the site root' }).click();
  await expect.poll(() => sites.site.log.length, { timeout: 20_000 }).toBeGreaterThan(15);
  await popup.getByRole('button', { name: 'Stop' }).click();
  await expect(popup.getByTestId('crawl-phase')).toContainText('Stopped');
  const requestsWhenStopped = sites.site.log.length;
  await popup.waitForTimeout(1_000);
  expect(sites.site.log.length - requestsWhenStopped).toBeLessThanOrEqual(4); // only what was in flight
  await popup.reload();
  await expect(popup.getByTestId('crawl-phase')).toContainText('Stopped');
  await popup.getByRole('button', { name: 'Resume' }).click();
  await expect(popup.getByTestId('crawl-phase')).toContainText('Crawling');
  await expect(popup.getByTestId('crawl-phase')).toContainText('Finished', { timeout: 90_000 });
  const report = await reportOf(popup, sites.site.origin);
  expect(report.broken.length).toBeGreaterThanOrEqual(10);
});

test('reopened during a crawl, the popup shows that crawl’s settings; progress moves steadily at an honest rate', async ({
  openExtensionPage,
}) => {
  test.setTimeout(120_000);
  const { popup } = await crawlTab(openExtensionPage, '/');
  // The timeout is in the popup's options too, not only on the Options page.
  await expect(popup.getByLabel('Timeout per request (ms)')).toHaveValue('15000');
  await popup.getByLabel('Timeout per request (ms)').fill('4000');
  await popup.getByLabel('Max pages').fill('60');
  await popup.getByLabel('Delay (ms)').fill('150');
  await popup.getByRole('button', { name: 'Start crawl from the site root' }).click();
  await expect.poll(() => sites.site.log.length, { timeout: 20_000 }).toBeGreaterThan(8);

  await popup.reload();
  await expect(popup.getByTestId('running-settings')).toBeVisible();
  await expect(popup.getByLabel('Max pages')).toHaveValue('60');
  await expect(popup.getByLabel('Max pages')).toBeDisabled();
  await expect(popup.getByLabel('Timeout per request (ms)')).toHaveValue('4000');
  await expect(popup.getByLabel('Delay (ms)')).toHaveValue('150');

  // Every change of the figures on screen, with when it showed.
  await popup.evaluate(() => {
    const seen: { atMs: number; figures: string; rate: number; running: boolean }[] = [];
    const read = () => {
      const text = (id: string) =>
        document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
      const figures = ['crawl-pages', 'crawl-done', 'crawl-problems'].map(text).join('|');
      if (seen.at(-1)?.figures === figures) return;
      seen.push({
        atMs: performance.now(),
        figures,
        rate: Number.parseFloat(text('crawl-rate').replace(/,/g, '')),
        running: text('crawl-phase').startsWith('Crawling'),
      });
    };
    (window as unknown as { figuresSeen: typeof seen }).figuresSeen = seen;
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    read();
  });
  await expect(popup.getByTestId('crawl-phase')).toContainText('Finished', { timeout: 90_000 });
  await expect(popup.getByTestId('crawl-rate')).toContainText('requests/s');
  const seen = await popup.evaluate(
    () =>
      (window as unknown as { figuresSeen: { atMs: number; rate: number; running: boolean }[] })
        .figuresSeen,
  );
  const running = seen.filter((s) => s.running);
  expect(running.length).toBeGreaterThan(10);
  const gaps = running.slice(1).map((s, i) => s.atMs - running[i]!.atMs);
  // The site answers at once and the crawl sends a request every 150 ms: the figures move about
  // that often (a few beats of 300 ms), and only a Retry-After pause of the site (1 s) holds them.
  const sorted = [...gaps].sort((x, y) => x - y);
  expect(sorted[Math.floor(sorted.length / 2)], JSON.stringify(gaps)).toBeLessThan(700);
  expect(sorted.at(-1), JSON.stringify(gaps)).toBeLessThan(2_500);
  // One origin, 150 ms apart: never more than ~7 requests a second, however many URLs finish at once.
  for (const { rate } of seen) expect(rate).toBeLessThanOrEqual(8);
  // The form offers the stored defaults again for the next crawl.
  await expect(popup.getByTestId('running-settings')).toHaveCount(0);
  await expect(popup.getByLabel('Max pages')).toHaveValue('500');
});
