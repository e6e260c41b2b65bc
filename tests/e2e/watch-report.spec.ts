/**
 * The report page's "Changes since <date>" in the real browser, on the real
 * flow: the watch-site fixture served from a temporary copy of before/ on
 * 127.0.0.1, crawled from the popup; the files replaced by after/ (same
 * server, same origin) and crawled again; the report page shows exactly the
 * fixture's four changes (tests/fixtures/watch-site/README.md), the
 * robots.txt diff with line 3 added and its effect, takes focus at
 * `#changes`, and marks the changes seen. The first crawl alone shows no
 * Changes section.
 *
 * The background stores the changes when a crawl finishes (the watch-ext
 * branch) with compareCrawls (watch-core): this passes once both are merged.
 */
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startSiteServer, type SiteServer } from '../../cli/site-server.ts';
import { expectAccessible } from './axe.ts';
import { crawlTab, reportOf } from './crawl-popup.ts';
import { CRAWL_SETTINGS } from './crawl-sites.ts';
import { E2E_EXTENSION_DIR, expect, test } from './extension.ts';
import type { OpenExtensionPage } from './site-tab.ts';

// The build with host access to 127.0.0.1: a crawl needs it (granted at Start in real use).
test.use({ extensionDir: E2E_EXTENSION_DIR });

const FIXTURE = path.resolve('tests/fixtures/watch-site');

let root: string;
let site: SiteServer;

test.beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'robotlens-watch-'));
  await cp(path.join(FIXTURE, 'before'), root, { recursive: true });
  site = await startSiteServer(root);
});

test.afterEach(async () => {
  await site.close();
  await rm(root, { recursive: true, force: true });
});

/** The deploy: the site's files become after/'s, served by the same server. */
async function deploy(): Promise<void> {
  for (const name of await readdir(root)) await rm(path.join(root, name), { recursive: true });
  await cp(path.join(FIXTURE, 'after'), root, { recursive: true });
}

const SETTINGS = { ...CRAWL_SETTINGS, useSitemaps: true };

/** Starts a crawl from the popup and waits until its report is a newer one than `afterMs`. */
async function crawl(popup: Page, afterMs: number): Promise<number> {
  await popup.getByRole('button', { name: 'Start crawl from this page' }).click();
  let startedAtMs = 0;
  await expect
    .poll(
      async () => {
        await expect(popup.getByTestId('crawl-phase')).toContainText('Finished', {
          timeout: 30_000,
        });
        startedAtMs = (await reportOf(popup, site.origin)).stats.startedAtMs;
        return startedAtMs > afterMs;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return startedAtMs;
}

/** What the background answers the report page, asked from the popup. */
const changesOf = (popup: Page) =>
  popup.evaluate(
    (origin) => chrome.runtime.sendMessage({ type: 'get-crawl-changes', origin }),
    site.origin,
  ) as Promise<{ ok: boolean; changes: object | null; seen: boolean }>;

async function openReport(open: OpenExtensionPage, hash = ''): Promise<Page> {
  const page = await open('report.html', { origin: site.origin });
  if (hash) {
    // A new fragment alone does not reload the page: load it again at the fragment.
    await page.goto(`${page.url()}${hash}`);
    await page.reload();
  }
  // The report's own tabs are there: the page is shown.
  await expect(page.getByRole('tab', { name: /^Broken links/ })).toBeVisible();
  return page;
}

test('two crawls around a deploy: the report page shows exactly the four changes, first', async ({
  openExtensionPage,
}) => {
  const { popup } = await crawlTab(openExtensionPage, `${site.origin}/`, SETTINGS);
  const firstMs = await crawl(popup, 0);

  // No previous crawl: no changes, and the page shows none.
  expect(await changesOf(popup)).toMatchObject({ ok: true, changes: null });
  const alone = await openReport(openExtensionPage);
  await expect(alone.getByTestId('changes')).toHaveCount(0);
  await alone.close();

  await deploy();
  await crawl(popup, firstMs);
  await expect.poll(async () => (await changesOf(popup)).changes !== null).toBe(true);
  expect((await changesOf(popup)).seen).toBe(false);

  const page = await openReport(openExtensionPage, '#changes');
  const changes = page.getByRole('region', { name: /^Changes since / });
  await expect(changes).toBeVisible();
  await expect(changes).toBeFocused();
  // First on the page: above the report's tabs.
  const changesBox = (await changes.boundingBox())!;
  const tabsBox = (await page.getByRole('tablist').boundingBox())!;
  expect(changesBox.y).toBeLessThan(tabsBox.y);

  const headline = changes.getByTestId('changes-headline');
  await expect(headline.locator('.changes-worse')).toHaveText(
    'Worse: 1 new broken link, 3 pages no longer indexable, robots.txt changed on 1 site',
  );
  await expect(headline.locator('.changes-better')).toHaveText('Better: 1 fixed link');

  // One part per change, and no other.
  const parts = changes.locator('section.changes-part');
  await expect(parts).toHaveCount(4);
  expect(await parts.evaluateAll((all) => all.map((p) => p.getAttribute('data-part')))).toEqual([
    'new-broken',
    'lost-indexable',
    'robots',
    'fixed',
  ]);

  const part = (name: string) => changes.getByRole('region', { name, exact: true });
  const newBroken = part('New broken links').locator('tbody tr');
  await expect(newBroken).toHaveCount(1);
  await expect(newBroken.locator('td[data-column="url"]')).toHaveText(`${site.origin}/guide.html`);
  await expect(newBroken.locator('td[data-column="status"]')).toHaveText('404');
  await expect(newBroken.locator('td[data-column="pages"]')).toContainText(`${site.origin}/`);

  // news.html gained noindex; the two /archive/ pages robots.txt now blocks are lost too
  // (compareCrawls counts pages the new robots.txt keeps the crawl from as lost).
  const lost = part('No longer indexable').locator('tbody tr');
  await expect(lost).toHaveCount(3);
  const news = lost.filter({ hasText: `${site.origin}/news.html` });
  await expect(news.locator('td[data-column="before"]')).toHaveText('Indexable');
  await expect(news.locator('td[data-column="now"]')).toHaveText('meta-robots (new)');
  for (const year of ['2024', '2025']) {
    const archive = lost.filter({ hasText: `${site.origin}/archive/${year}.html` });
    await expect(archive.locator('td[data-column="now"]')).toHaveText('robots-txt (new)');
  }

  const fixed = part('Fixed links').locator('tbody tr');
  await expect(fixed).toHaveCount(1);
  await expect(fixed.locator('td[data-column="url"]')).toHaveText(`${site.origin}/old-link.html`);

  // robots.txt: line 3 added, marked by a sign and a word, not colour alone; and what it does.
  const robots = part('robots.txt changes');
  const diff = robots.getByRole('table', { name: /robots\.txt of/ });
  const changed = diff.locator('tbody tr:not([data-op="kept"])');
  await expect(changed).toHaveCount(1);
  await expect(changed).toHaveAttribute('data-op', 'added');
  await expect(changed.locator('td').nth(1)).toHaveText('3');
  await expect(changed.locator('td').nth(2)).toHaveText('+added');
  await expect(changed.locator('td').nth(3)).toHaveText('Disallow: /archive/');
  await expect(robots.getByTestId('robots-effects')).toContainText(
    /Line 3 \(Disallow: \/archive\/\) now blocks 2 crawled pages for /,
  );

  // Seen once shown.
  await expect.poll(async () => (await changesOf(popup)).seen).toBe(true);

  // No serious accessibility violation in the section, in light or dark.
  await expectAccessible(page, () => expect(changes).toBeVisible(), '[data-testid="changes"]');
});
