/**
 * Every view of the extension, each shown with real data from a fixture
 * site, for the tests that look at all of them (accessibility, screenshots):
 * the popup's Page, robots.txt and Crawl tabs, the report page of a finished
 * crawl, and the link legend "Highlight links on this page" adds to a page.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startSiteServer, type SiteServer } from '../../cli/site-server.ts';
import { crawlTab } from './crawl-popup.ts';
import { readOverlay } from './link-overlay.ts';
import { CRAWL_SETTINGS, startCrawlSites, type CrawlSites } from './crawl-sites.ts';
import { expect, test } from './extension.ts';
import { openSiteTab, showPopup, type OpenExtensionPage } from './site-tab.ts';

export interface ViewSites {
  /** Pages with every kind of verdict (tests/fixtures/indexability). */
  indexability: SiteServer;
  /** A site whose robots.txt has rules, findings and a sitemap (tests/fixtures/robots-ok). */
  robots: SiteServer;
  /** The crawl fixture site and the outside site it links to. */
  crawl: Omit<CrawlSites, 'close'>;
}

/** Starts the fixture sites once for the test file; read them only inside tests. */
export function useViewSites(): ViewSites {
  const started: Partial<ViewSites> & { closers: (() => Promise<void>)[] } = { closers: [] };
  test.beforeAll(async () => {
    started.indexability = await startSiteServer(path.resolve('tests/fixtures/indexability'));
    started.robots = await startSiteServer(path.resolve('tests/fixtures/robots-ok'));
    const crawl = await startCrawlSites();
    started.crawl = crawl;
    started.closers = [started.indexability.close, started.robots.close, crawl.close];
  });
  test.afterAll(async () => {
    await Promise.all(started.closers.map((close) => close()));
  });
  const get = <K extends keyof ViewSites>(key: K): ViewSites[K] => {
    const value = started[key];
    if (!value) throw new Error('The view sites start before the first test of the file.');
    return value as ViewSites[K];
  };
  return {
    get indexability() {
      return get('indexability');
    },
    get robots() {
      return get('robots');
    },
    get crawl() {
      return get('crawl');
    },
  };
}

/** The popup's Page tab on a page robots.txt blocks for Googlebot: every part of the verdict shows. */
export async function showPageView(open: OpenExtensionPage, sites: ViewSites): Promise<Page> {
  const { tabId, popup } = await openSiteTab(
    open,
    `${sites.indexability.origin}/private/secret.html`,
  );
  await showPopup(popup, tabId, { robot: 'googlebot' });
  await expect(popup.getByTestId('robots-line')).toContainText('Disallow: /private/');
  return popup;
}

/** The popup's robots.txt tab: fetch, policy, tester answer, findings, groups, the file. */
export async function showRobotsView(open: OpenExtensionPage, sites: ViewSites): Promise<Page> {
  const { tabId, popup } = await openSiteTab(open, `${sites.robots.origin}/private/open.html`);
  await showPopup(popup, tabId, { robot: 'googlebot', view: 'robots' });
  await expect(popup.locator('.test-results li')).toHaveCount(1);
  return popup;
}

export interface FinishedCrawl {
  /** The popup on its Crawl tab, the crawl finished. */
  popup: Page;
  /** The crawled site's start page, in its own tab. */
  page: Page;
  origin: string;
}

/** Crawls the crawl fixture site from the popup's Crawl tab, to the end. */
export async function finishCrawl(
  open: OpenExtensionPage,
  sites: ViewSites,
): Promise<FinishedCrawl> {
  const origin = sites.crawl.site.origin;
  const { popup, page } = await crawlTab(open, `${origin}/`, CRAWL_SETTINGS);
  // Found by role, not wording: the views are shown in every language.
  await popup.locator('button[data-action="start-root"]').click();
  await expect(popup.getByTestId('crawl-phase')).toHaveClass(/phase-finished/, { timeout: 90_000 });
  return { popup, page, origin };
}

/** The report page of the finished crawl. */
export async function openReportView(open: OpenExtensionPage, origin: string): Promise<Page> {
  const report = await open('report.html', { origin });
  await expect(report.getByTestId('broken-table')).toBeVisible();
  return report;
}

/**
 * Marks the links of the crawled page; resolves once the legend is there and every link has its
 * mark. The overlay is in a closed shadow root: read through the DevTools protocol.
 */
export async function showLegend(crawl: FinishedCrawl): Promise<() => Promise<void>> {
  await crawl.popup.locator('button[data-action="highlight"]').click();
  const links = await crawl.page.locator('a[href]:visible').count();
  const shown = async () => {
    await expect
      .poll(async () => (await readOverlay(crawl.page))?.legend ?? '')
      .toMatch(/RobotLens/);
    await expect
      .poll(async () => (await readOverlay(crawl.page))?.marks.length ?? 0, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(links);
  };
  await shown();
  return shown;
}
