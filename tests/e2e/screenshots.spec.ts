/**
 * The README's screenshots: every view, with real data from the fixture
 * sites, in light and dark — docs/<view>-<scheme>.png:
 *
 *   popup-page, popup-robots, popup-crawl  the popup's three tabs (420 px wide)
 *   report                                 the report page of that crawl
 *   highlight                              a page with its links marked, and the legend
 *   options                                the Options page
 *
 * One set per language in LANGUAGES; English is the one without a suffix,
 * another language adds `-<lang>` (docs/report-dark-ko.png) and needs the
 * browser to run in that language. The crawl fixture has Korean anchor
 * text: without a Hangul font (Debian: fonts-nanum) it shows as boxes.
 */
import type { Page } from '@playwright/test';
import { E2E_EXTENSION_DIR, expect, test } from './extension.ts';
import {
  finishCrawl,
  openReportView,
  showLegend,
  showPageView,
  showRobotsView,
  useViewSites,
} from './views.ts';

test.use({ extensionDir: E2E_EXTENSION_DIR });

const LANGUAGES = [{ lang: 'en' }, { lang: 'ko' }] as const;
const SCHEMES = ['light', 'dark'] as const;
/** The popup's width (entrypoints/popup/style.css), and a desktop window's. */
const POPUP_WIDTH = 420;
const PAGE_WIDTH = 1280;
const MIN_HEIGHT = 400;

const sites = useViewSites();

function screenshotPath(view: string, scheme: string, lang: string): string {
  return `docs/${view}-${scheme}${lang === 'en' ? '' : `-${lang}`}.png`;
}

/**
 * Saves the whole page in each scheme, once `ready` says it is drawn, at
 * `width` and as tall as the page: without a scrollbar, which would take
 * its width from the page.
 */
async function shoot(
  page: Page,
  view: string,
  lang: string,
  width: number,
  ready: () => Promise<void>,
) {
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await ready();
    // Short first: the document is never shorter than the viewport.
    await page.setViewportSize({ width, height: MIN_HEIGHT });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: screenshotPath(view, colorScheme, lang) });
  }
}

for (const { lang } of LANGUAGES) {
  test.describe(`screenshots (${lang})`, () => {
    test.use({ uiLanguage: lang });

    test('the Options page', async ({ openExtensionPage }) => {
      const options = await openExtensionPage('options.html');
      await shoot(options, 'options', lang, PAGE_WIDTH, () =>
        expect(options.getByRole('heading', { level: 1 })).toBeVisible(),
      );
    });

    test("the popup's Page and robots.txt tabs", async ({ openExtensionPage }) => {
      const pageView = await showPageView(openExtensionPage, sites);
      await shoot(pageView, 'popup-page', lang, POPUP_WIDTH, () =>
        expect(pageView.getByTestId('verdict')).toBeVisible(),
      );
      const robotsView = await showRobotsView(openExtensionPage, sites);
      await shoot(robotsView, 'popup-robots', lang, POPUP_WIDTH, () =>
        expect(robotsView.locator('.file-line.highlighted')).toBeVisible(),
      );
    });

    test('the Crawl tab, the report and the highlighted links after a crawl', async ({
      openExtensionPage,
    }) => {
      test.setTimeout(150_000);
      const crawl = await finishCrawl(openExtensionPage, sites);
      await shoot(crawl.popup, 'popup-crawl', lang, POPUP_WIDTH, () =>
        expect(crawl.popup.getByTestId('crawl-phase')).toHaveClass(/phase-finished/),
      );
      const report = await openReportView(openExtensionPage, crawl.origin);
      await shoot(report, 'report', lang, PAGE_WIDTH, () =>
        expect(report.getByTestId('broken-table')).toBeVisible(),
      );
      // Every link has its mark before the picture is taken.
      const legendShown = await showLegend(crawl);
      await shoot(crawl.page, 'highlight', lang, PAGE_WIDTH, legendShown);
    });
  });
}
