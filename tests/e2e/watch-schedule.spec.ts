/**
 * Watching a site (issue 18), in the browser: a site crawled from the popup,
 * scheduled daily on the Options page, changed (tests/fixtures/watch-site:
 * before → after, four changes), re-crawled by its real alarm; then the
 * notification, the global badge, get-crawl-changes and mark-changes-seen.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startSiteServer } from '../../cli/site-server.ts';
import { DEFAULT_SETTINGS } from '../../lib/settings/settings.ts';
import { recrawlAlarmName } from '../../lib/settings/schedule.ts';
import type { CrawlChanges } from '../../lib/watch/types.ts';
import { expectAccessible } from './axe.ts';
import { crawlTab } from './crawl-popup.ts';
import { E2E_EXTENSION_DIR, expect, test } from './extension.ts';

test.use({ extensionDir: E2E_EXTENSION_DIR });

const FIXTURE = path.resolve('tests/fixtures/watch-site');

test('a scheduled re-crawl that got worse: notification, badge, changes, seen', async ({
  context,
  openExtensionPage,
}) => {
  test.setTimeout(120_000);
  const root = await mkdtemp(path.join(os.tmpdir(), 'robotlens-watch-'));
  await cp(path.join(FIXTURE, 'before'), root, { recursive: true });
  const server = await startSiteServer(root);
  try {
    const { origin } = server;
    const { popup } = await crawlTab(openExtensionPage, `${origin}/`, {
      ...DEFAULT_SETTINGS.crawl,
      delayMs: 0,
    });
    await popup.getByRole('button', { name: 'Start crawl from the site root' }).click();
    await expect(popup.getByTestId('crawl-phase')).toContainText('Finished', { timeout: 60_000 });

    // Daily, through the Options page.
    const options = await openExtensionPage('options.html');
    const select = options.getByRole('combobox', { name: `How often to re-crawl ${origin}` });
    await select.selectOption('daily');
    await expect(options.getByTestId('schedule-status')).toHaveText('Schedule saved.');
    await expectAccessible(options, () => expect(select).toHaveValue('daily'));
    const alarm = recrawlAlarmName(origin);
    await expect
      .poll(() => options.evaluate((name) => chrome.alarms.get(name), alarm))
      .toMatchObject({ name: alarm, periodInMinutes: 1440 });

    // The deploy: the same origin now serves after/.
    await rm(root, { recursive: true, force: true });
    await cp(path.join(FIXTURE, 'after'), root, { recursive: true });

    // The real alarm, due at once: its onAlarm listener re-crawls.
    const worker = context.serviceWorkers()[0]!;
    await worker.evaluate((name) => chrome.alarms.create(name, { when: Date.now() + 100 }), alarm);

    const changesOf = () =>
      options.evaluate(
        (o) => chrome.runtime.sendMessage({ type: 'get-crawl-changes', origin: o }),
        origin,
      ) as Promise<{ ok: true; changes: CrawlChanges | null; seen: boolean }>;
    await expect
      .poll(async () => (await changesOf()).changes !== null, { timeout: 60_000 })
      .toBe(true);
    const { changes, seen } = await changesOf();
    expect(seen).toBe(false);
    expect(changes!.broken.added.map((b) => b.url)).toEqual([`${origin}/guide.html`]);
    expect(changes!.broken.fixed.map((b) => b.url)).toEqual([`${origin}/old-link.html`]);
    // news.html gained noindex; the two /archive/ pages are blocked by the new robots.txt line.
    expect(changes!.indexability.lost.map((c) => [c.url, c.now])).toEqual([
      [`${origin}/archive/2024.html`, ['robots-txt']],
      [`${origin}/archive/2025.html`, ['robots-txt']],
      [`${origin}/news.html`, ['meta-robots']],
    ]);
    // And nothing else changed.
    expect(changes!.indexability.regained).toEqual([]);
    expect(changes!.redirects.added).toEqual([]);
    expect(changes!.traps.added).toEqual([]);
    expect(changes!.sitemap).toBeNull();
    expect(changes!.robots).toHaveLength(1);
    expect(changes!.robots[0]!.lines.filter((l) => l.op !== 'kept')).toEqual([
      { op: 'added', oldLine: null, newLine: 3, text: 'Disallow: /archive/' },
    ]);
    expect(changes!.robots[0]!.effects.map((e) => [e.line, e.nowBlocked])).toContainEqual([3, 2]);

    // The alarm is periodic again after its one-off run.
    await expect
      .poll(() => options.evaluate((name) => chrome.alarms.get(name), alarm))
      .toMatchObject({ periodInMinutes: 1440 });

    // The notification, read from an extension page.
    const notifications = await options.evaluate(() => chrome.notifications.getAll());
    expect(Object.keys(notifications)).toEqual([`robotlens-worse:${origin}`]);

    // The global badge: one site got worse; a tab's own verdict badge is apart from it.
    const badge = () => options.evaluate(() => chrome.action.getBadgeText({}));
    expect(await badge()).toBe('1');

    // Seen: the badge goes quiet and the notification goes away.
    await options.evaluate(
      (o) => chrome.runtime.sendMessage({ type: 'mark-changes-seen', origin: o }),
      origin,
    );
    expect(await badge()).toBe('');
    expect((await changesOf()).seen).toBe(true);
    expect(await options.evaluate(() => chrome.notifications.getAll())).toEqual({});
  } finally {
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
});
