/**
 * Hostile web, hostile input, in the real browser with the built extension:
 *
 * - page data never becomes markup: a site whose every string is a payload
 *   (tests/fixtures/hostile-markup) goes through the popup's three tabs and
 *   the report page, and no payload runs, loads or parses in any extension
 *   page; bidi controls and invisible characters show as `⟨U+202E⟩`;
 *   exports keep the data exact, with spreadsheet formulas neutralized;
 * - a page cannot make the extension fetch anything: it can post messages
 *   and dispatch events at will, and nothing is requested because of them;
 * - nothing is sent anywhere but the site being audited: every request the
 *   browser makes while the extension checks, audits, crawls and reports
 *   goes to the fixture site.
 *
 * Every payload, if it ever ran or became an element, would hit the
 * sentinel server, set `window.__pwned`, log ROBOTLENS-PWNED, open a dialog
 * or trip the extension's CSP; the last test proves those detectors work.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import type { CrawlReport } from '../../lib/crawl/report.ts';
import { startSiteServer, type SiteServer } from '../../cli/site-server.ts';
import { CRAWL_SETTINGS as TEST_CRAWL_SETTINGS } from './crawl-sites.ts';
import { E2E_EXTENSION_DIR, expect, test } from './extension.ts';
import { markOfLink, readOverlay } from './link-overlay.ts';
import { badgeText, openSiteTab, showPopup, turnOnBrowseCheck } from './site-tab.ts';
import { storeSettings } from './stored-settings.ts';

test.use({ extensionDir: E2E_EXTENSION_DIR });

/** A server that must never be asked anything: every payload points at it. */
interface Sentinel {
  origin: string;
  hits: string[];
  close(): Promise<void>;
}

async function startSentinel(): Promise<Sentinel> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let sentinel: Sentinel;
let site: SiteServer;

test.beforeEach(async () => {
  sentinel = await startSentinel();
  site = await startSiteServer(path.resolve('tests/fixtures/hostile-markup'), {
    vars: { sentinel: sentinel.origin },
  });
});
test.afterEach(async () => {
  await site.close();
  await sentinel.close();
});

/** What an extension page saw that it should not have: dialogs, marker logs, CSP refusals, errors. */
interface PageAlarms {
  dialogs: string[];
  console: string[];
}

/** Every document of the context reports CSP violations into `window.__csp`. */
async function recordCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const w = window as unknown as { __csp?: string[] };
      (w.__csp ??= []).push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
}

function watch(page: Page): PageAlarms {
  const alarms: PageAlarms = { dialogs: [], console: [] };
  page.on('dialog', (dialog) => {
    alarms.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/PWNED|Content Security Policy|Refused to/i.test(text)) alarms.console.push(text);
  });
  page.on('pageerror', (error) => alarms.console.push(`page error: ${error.message}`));
  return alarms;
}

/** Raw bidi controls and invisible characters; shown text must have none (they appear as ⟨U+…⟩). */
const RAW_INVISIBLE = /[\p{Cf}\u2028\u2029\u3164\u115F]|[^\P{Cc}\t\n]/gu;

/** Asserts the extension page shows page data as inert text only. */
async function expectInert(page: Page, alarms: PageAlarms): Promise<void> {
  const found = await page.evaluate((invisible) => {
    const all = [...document.body.querySelectorAll('*')];
    return {
      pwned: (window as unknown as { __pwned?: string }).__pwned ?? null,
      csp: (window as unknown as { __csp?: string[] }).__csp ?? [],
      elements: all
        .filter((e) =>
          /^(script|img|svg|iframe|frame|object|embed|math|style|link|base|meta)$/i.test(e.tagName),
        )
        .map((e) => e.tagName),
      handlers: all.flatMap((e) =>
        [...e.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${e.tagName} ${a.name}`),
      ),
      links: [...document.querySelectorAll('a[href]')]
        .map((a) => a.getAttribute('href')!)
        .filter((href) => !/^https?:\/\//.test(href)),
      rawInvisible: [...document.body.innerText.matchAll(new RegExp(invisible, 'gu'))].map(
        ([c]) => `U+${c.codePointAt(0)!.toString(16)}`,
      ),
    };
  }, RAW_INVISIBLE.source);
  expect(found).toEqual({
    pwned: null,
    csp: [],
    elements: [],
    handlers: [],
    links: [],
    rawInvisible: [],
  });
  expect(alarms).toEqual({ dialogs: [], console: [] });
}

/** Every request the browser makes, from pages and from the extension's service worker. */
function recordRequests(context: BrowserContext): { url: string; fromWorker: boolean }[] {
  const requests: { url: string; fromWorker: boolean }[] = [];
  context.on('request', (request) =>
    requests.push({ url: request.url(), fromWorker: request.serviceWorker() !== null }),
  );
  return requests;
}

/** The http(s) requests that went anywhere but the audited site. */
function requestsElsewhere(requests: { url: string }[]): string[] {
  return requests
    .map((r) => r.url)
    .filter((url) => /^https?:/.test(url) && new URL(url).origin !== site.origin);
}

const CRAWL_SETTINGS = { ...TEST_CRAWL_SETTINGS, maxPages: 100, maxDepth: 5, delayMs: 0 };

test('no page data becomes markup in the popup, the report or the exports; nothing leaves for another host', async ({
  context,
  openExtensionPage,
}) => {
  const requests = recordRequests(context);
  await recordCspViolations(context);
  const s = sentinel.origin;
  const { tabId, popup, page } = await openSiteTab(openExtensionPage, `${site.origin}/`);
  const popupAlarms = watch(popup);

  // Page tab: the verdict, its reasons and every tag, as text.
  await showPopup(popup, tabId);
  await expect(popup.getByTestId('verdict')).toContainText('Not indexable');
  const tags = popup.getByRole('region', { name: 'Tags found' });
  const tag = (name: string) =>
    tags.locator('tr', { has: popup.getByRole('rowheader', { name, exact: true }) });
  await expect(tag('Title').locator('td')).toHaveText(
    `Title <script>window.__pwned='title';console.log('ROBOTLENS-PWNED title');fetch('${s}/pwned/title')</script> <img src=${s}/pwned/title.png onerror=alert('title')> invoice⟨U+202E⟩fdp.exe ⟨U+2066⟩isolated⟨U+2069⟩ no⟨U+200B⟩index`,
  );
  await expect(tag('Description').locator('td')).toHaveText(
    `<script>window.__pwned='description'</script> "><svg onload=alert('description')> <img src=${s}/pwned/description.png onerror=alert('description')> ⟨U+202E⟩txt.exe`,
  );
  await expect(tag('Keywords').locator('td')).toContainText(`javascript:alert('keywords')`);
  await expect(tag('Keywords').locator('td')).toContainText(
    'zero⟨U+200B⟩width, ⟨U+2067⟩rtl⟨U+2069⟩',
  );
  await expect(tags.locator('th', { hasText: 'hreflang' })).toHaveText(
    `hreflang "><svg onload=alert('hreflang')>`,
  );
  await expect(tag('X-Robots-Tag').locator('td')).toHaveText(
    `"><svg onload=alert('header')>, <script>alert('header')</script>`,
  );
  await expect(tag('og:title').locator('td')).toHaveText(
    `<script>alert('og')</script> ⟨U+2068⟩first⟨U+2069⟩`,
  );
  const googlebot = popup.locator('.reasons-blocking li[data-code="meta-robots"]');
  // The source is the tag as written, its quote escaped as in HTML.
  await expect(googlebot.locator('.reason-source')).toHaveText(
    `<meta name="googlebot" content="noindex, &quot;><svg onload=alert('googlebot')> ⟨U+202D⟩override⟨U+202C⟩">`,
  );
  // The override is a visible, labelled mark, not a character that acts.
  await expect(googlebot.locator('.invisible-char').first()).toHaveAttribute(
    'title',
    'U+202D left-to-right override',
  );
  await expectInert(popup, popupAlarms);

  // robots.txt tab: the file, its groups, sitemaps and findings, as text; no sitemap fetched.
  await showPopup(popup, tabId, { view: 'robots' });
  const fileLine = (n: number) => popup.locator(`.file-line[data-line="${n}"] code`);
  await expect(fileLine(1)).toHaveText(
    `# <script>window.__pwned='robots';fetch('${s}/pwned/robots-comment')</script> ⟨U+202E⟩gnp.exe`,
  );
  await expect(fileLine(2)).toHaveText(
    `User-agent: <img src=${s}/pwned/ua.png onerror=alert('ua')>`,
  );
  await expect(fileLine(3)).toHaveText(`Disallow: /"><svg onload=alert('path')>`);
  await expect(fileLine(7)).toHaveText('Disallow: /⟨U+202E⟩exe.txt');
  await expect(fileLine(8)).toHaveText('Allow: /zero⟨U+200B⟩width');
  const groups = popup.getByRole('region', { name: 'Groups' });
  await expect(groups).toContainText(`User-agent: <img src=${s}/pwned/ua.png onerror=alert('ua')>`);
  await expect(groups).toContainText(`${s}/pwned/sitemap.xml`);
  await expect(groups).toContainText(`javascript:alert('sitemap')`);
  await expect(popup.getByRole('region', { name: 'Findings' })).toContainText('Noindex');
  await expectInert(popup, popupAlarms);

  // Crawl tab: crawl the site from its root, other sites not checked.
  await storeSettings(popup, (stored) => ({
    ...stored,
    crawl: { ...stored.crawl, ...CRAWL_SETTINGS },
  }));
  await popup.goto(popup.url().replace(/\?.*$/, `?tabId=${tabId}#crawl`));
  await popup.reload();
  await popup.getByRole('button', { name: 'Start crawl from the site root' }).click();
  await expect(popup.getByTestId('crawl-phase')).toContainText('Finished', { timeout: 30_000 });
  await expectInert(popup, popupAlarms);

  // The report page, opened from the popup.
  const [report] = await Promise.all([
    context.waitForEvent('page'),
    popup.getByRole('button', { name: 'Open report' }).click(),
  ]);
  const reportAlarms = watch(report);
  const broken = report.getByTestId('broken-table');
  const row = (pathname: string) =>
    broken.locator('tbody tr', {
      has: report.locator('td[data-column="url"]', { hasText: `${site.origin}${pathname}` }),
    });
  await expect(row('/gone/script').locator('.anchor-text')).toHaveText(
    `<script>window.__pwned='anchor';console.log('ROBOTLENS-PWNED anchor');fetch('${s}/pwned/anchor')</script>`,
  );
  await expect(row('/gone/img').locator('.anchor-text')).toHaveText(
    `<img src=${s}/pwned/anchor.png onerror=alert('anchor')>`,
  );
  await expect(row('/gone/svg').locator('.anchor-text')).toHaveText(
    `"><svg onload=alert('anchor')>`,
  );
  await expect(row('/gone/bidi').locator('.anchor-text')).toHaveText(
    'invoice⟨U+202E⟩fdp.exe ⟨U+2066⟩isolated⟨U+2069⟩ no⟨U+200B⟩index',
  );
  // A hostile path is a percent-encoded URL; a redirect's hostile Location is a hop, as text.
  await expect(row(`/gone/%22%3E%3Csvg%20onload=alert('href')%3E`)).toHaveCount(1);
  await report.getByRole('tab', { name: /^Redirects/ }).click();
  await expect(report.getByTestId('redirects-table')).toContainText(
    `${site.origin}/redirect/%3Cscript%3Ealert('location')%3C/script%3E`,
  );
  await report.getByRole('tab', { name: /^Blocked/ }).click();
  await expect(report.getByTestId('blocked-table')).toContainText(
    // Google's reading: a raw `<` in a rule does not match the link's `%3C`; the escaped rule does.
    `Disallow: /private/%3Csvg/onload=alert('rule')%3E`,
  );
  await report.getByRole('tab', { name: /^Skipped/ }).click();
  await expect(report.getByTestId('skipped-table')).toContainText(`${s}/pwned/outside`);
  await expectInert(report, reportAlarms);

  // Exports: the data as found, but no CSV cell starts a formula, and no control, bidi or
  // invisible character is written raw (⟨U+202E⟩ in CSV, \u202e in JSON, which reads back the same).
  const [csvDownload] = await Promise.all([
    report.waitForEvent('download'),
    report.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = await readFile((await csvDownload.path())!, 'utf8');
  expect(csv).toContain(`"'=HYPERLINK(""${s}/pwned/formula"",""click"")"`);
  expect(csv).toContain(`,'+cmd|' /C calc'!A0,`);
  expect(csv).toContain(`,'-2+3,`);
  expect(csv).toContain(`,'@SUM(A1:A9),`);
  expect(csv).toContain('invoice⟨U+202E⟩fdp.exe ⟨U+2066⟩isolated⟨U+2069⟩ no⟨U+200B⟩index');
  expect(csv).not.toMatch(/[\u200B\u202E\u2066\u2069]/);
  const cells = csv.split(/,|\r\n/);
  for (const cell of cells) expect(cell, 'a CSV cell that would run').not.toMatch(/^[=+\-@\t\r]/);
  const [jsonDownload] = await Promise.all([
    report.waitForEvent('download'),
    report.getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  const jsonText = await readFile((await jsonDownload.path())!, 'utf8');
  expect(jsonText).toContain('invoice\\u202efdp.exe \\u2066isolated\\u2069 no\\u200bindex');
  const json = JSON.parse(jsonText) as CrawlReport;
  const texts = json.broken.flatMap((b) => b.foundOn.map((source) => source.text));
  expect(texts).toContain(`"><svg onload=alert('anchor')>`);
  expect(texts).toContain('invoice\u202Efdp.exe \u2066isolated\u2069 no\u200Bindex');
  expect(texts).toContain(`=HYPERLINK("${s}/pwned/formula","click")`);

  // Highlighting the page's links marks them by what the crawl found, page data as text.
  await popup.getByRole('button', { name: 'Highlight links on this page' }).click();
  const outsideLink = 'a link to another site: listed, never requested';
  await expect.poll(() => markOfLink(page, outsideLink)).toBe('skipped');
  await page.getByRole('link', { name: outsideLink }).hover();
  await expect
    .poll(async () => (await readOverlay(page))?.tooltip)
    .toMatch(/links to other sites are not checked/);
  expect(await markOfLink(page, 'a hostile path')).toBe('broken');
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned ?? null),
  ).toBeNull();

  // Nothing but the audited site was ever asked anything, by anyone.
  expect(sentinel.hits).toEqual([]);
  expect(requestsElsewhere(requests)).toEqual([]);
  // The recording sees the service worker's own requests (else the check above proves nothing).
  const fromWorker = requests.filter((r) => r.fromWorker).map((r) => new URL(r.url).pathname);
  expect(fromWorker).toContain('/robots.txt');
  expect(fromWorker).toContain('/gone/script');
});

test('a page cannot reach the background or make the extension fetch anything', async ({
  context,
  extensionId,
  openExtensionPage,
}) => {
  await turnOnBrowseCheck(openExtensionPage);
  const requests = recordRequests(context);
  const { page, tabId, popup } = await openSiteTab(openExtensionPage, `${site.origin}/`);
  // The content script has read the page and the background has checked it (the badge says so).
  await expect.poll(() => badgeText(popup, tabId)).toBe('NO');
  site.reset();
  requests.length = 0;

  const tried = await page.evaluate(
    async ({ id, s }) => {
      const facts = { url: `${s}/pwned/facts`, title: null, metas: [], links: [], refresh: [] };
      const messages = [
        {
          type: 'same-origin-fetch',
          url: `${s}/pwned/fetch`,
          method: 'GET',
          maxBytes: 9,
          timeoutMs: 9,
        },
        { type: 'page-facts', facts: { ...facts, anchorCount: 0, nofollowAnchorCount: 0 } },
        { type: 'start-crawl', startUrl: `${s}/pwned/crawl`, settings: {} },
        { type: 'get-crawl-report', origin: s },
        { type: 'highlight-links', tabId: 1, checkExternal: true },
        {
          type: 'mark-links',
          marks: [{ url: `${s}/pwned/mark`, mark: 'ok', detail: '<img src=x>' }],
        },
      ];
      for (const message of messages) {
        window.postMessage(message, '*');
        window.dispatchEvent(
          new MessageEvent('message', { data: message, origin: location.origin }),
        );
        document.dispatchEvent(new CustomEvent(message.type, { detail: message }));
        document.dispatchEvent(new CustomEvent('robotlens', { detail: message }));
      }
      document.dispatchEvent(new Event('visibilitychange'));
      // No extension API is given to web pages (no externally_connectable)...
      const runtime = (window as unknown as { chrome?: { runtime?: { sendMessage?: unknown } } })
        .chrome?.runtime;
      // ... and none of its files can be loaded (no web_accessible_resources).
      const file = await fetch(`chrome-extension://${id}/manifest.json`).then(
        () => 'read',
        () => 'refused',
      );
      // The page rewrites what the content script reads: a canonical and a base to another
      // site, and its own URL (same origin: a page cannot claim another).
      const link = document.createElement('link');
      link.rel = 'canonical';
      link.href = `${s}/pwned/canonical`;
      const base = document.createElement('base');
      base.href = `${s}/pwned/base/`;
      document.head.prepend(base, link);
      history.pushState(null, '', `${location.origin}/pushed-by-the-page`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      return { runtime: typeof runtime?.sendMessage, file };
    },
    { id: extensionId, s: sentinel.origin },
  );
  expect(tried).toEqual({ runtime: 'undefined', file: 'refused' });
  // Nothing happened: no request anywhere, and the marks the page posted were never drawn.
  expect(site.log).toEqual([]);
  expect(sentinel.hits).toEqual([]);
  expect(await readOverlay(page)).toBeNull();

  // "Check again" reads the rewritten page: it is checked at its own origin, and nothing else.
  await showPopup(popup, tabId);
  await popup.getByRole('button', { name: 'Check again' }).click();
  await expect(popup.getByTestId('page-url')).toHaveText(`${site.origin}/pushed-by-the-page`);
  await expect(popup.getByTestId('http-status')).toHaveText('404');
  await expect(
    popup.getByRole('region', { name: 'Tags found' }).getByRole('row', { name: /^Canonical/ }),
  ).toContainText(`${sentinel.origin}/pwned/canonical`);
  // One GET of the page as the server sends it (compared with what the browser rendered).
  expect(site.log.map((entry) => `${entry.method} ${entry.url}`)).toEqual([
    'GET /pushed-by-the-page',
  ]);
  expect(sentinel.hits).toEqual([]);

  // Highlight with no crawl of the site: the page's <base> now sends every relative link to
  // another site, and links to other sites are not checked unless the crawl settings say so.
  site.reset();
  await popup.goto(popup.url().replace(/#.*$|$/, '#crawl'));
  await popup.reload();
  await popup.getByRole('button', { name: 'Highlight links on this page' }).click();
  await expect.poll(() => markOfLink(page, 'a hostile path')).toBe('unknown');
  await page.getByRole('link', { name: 'a hostile path' }).hover();
  await expect
    .poll(async () => (await readOverlay(page))?.tooltip)
    .toMatch(/links to other sites are not checked/);
  expect(site.log).toEqual([]);
  expect(sentinel.hits).toEqual([]);
  expect(requestsElsewhere(requests)).toEqual([]);
});

test('the detectors work: injected markup would hit the sentinel and trip the CSP', async ({
  context,
  openExtensionPage,
}) => {
  await recordCspViolations(context);
  const page = await openExtensionPage('report.html');
  const alarms = watch(page);
  // What a markup injection would do: an element with an inline handler and a remote image.
  await page.evaluate((s) => {
    const img = document.createElement('img');
    img.setAttribute('onerror', "window.__pwned = 'control'");
    img.src = `${s}/pwned/control.png`;
    document.body.append(img);
  }, sentinel.origin);
  await expect.poll(() => sentinel.hits).toEqual(['GET /pwned/control.png']);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []))
    .toContainEqual('script-src-attr inline');
  // The extension's CSP refused the handler: it never ran...
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBe(
    undefined,
  );
  // ... and every alarm of expectInert goes off.
  await expect(expectInert(page, alarms)).rejects.toThrow(/IMG|onerror|script-src/);
  expect(alarms.console.join('\n')).toMatch(/Content Security Policy/);
});
