import { describe, expect, it } from 'vitest';
import { fakeSite, page, type FakeAnswer } from '../../tests/support/fake-site.ts';
import {
  checkpointOfRows,
  joinRows,
  rowsOfCheckpoint,
  type StoredHead,
} from './checkpoint-rows.ts';
import { systemClock } from './clock.ts';
import type { CrawlCheckpoint } from './crawl-book.ts';
import { Crawler } from './crawl.ts';
import { checkpointContent } from '../../tests/support/checkpoint-content.ts';
import { RowStore } from '../../tests/support/row-store.ts';

const O = 'http://site.test';

function site() {
  const links = Array.from({ length: 30 }, (_, i) => [`/p${i}.html`, `p${i}`] as [string, string]);
  const answers: Record<string, FakeAnswer> = {
    [`${O}/`]: { html: page('Home', [...links, ['/gone', 'gone'], ['/img.png', 'img']]) },
  };
  for (let i = 0; i < 30; i++)
    answers[`${O}/p${i}.html`] = {
      html: page(`P${i}`, [
        [`/q${i}.html`, 'q'],
        ['/', 'home'],
        ['/gone', 'gone'],
      ]),
    };
  return answers;
}

describe('checkpoint rows', () => {
  it('turn a checkpoint into rows and back with nothing lost', async () => {
    const whole = await Crawler.start(
      { startUrls: [`${O}/`], delayMs: 0 },
      { http: fakeSite(site()).http, clock: systemClock },
    ).run();
    const { head, rows, links, tail } = rowsOfCheckpoint(whole);
    expect(checkpointContent(checkpointOfRows(head, joinRows(rows, links), tail))).toEqual(
      checkpointContent(whole),
    );
  });

  it('load a checkpoint stored as whole rows and a head with the growing lists', async () => {
    const whole = await Crawler.start(
      { startUrls: [`${O}/`], delayMs: 0 },
      { http: fakeSite(site()).http, clock: systemClock },
    ).run();
    whole.aliases.push({ raw: '/./p1.html', url: `${O}/p1.html`, page: `${O}/`, reasons: ['dot'] });
    whole.notFollowed.push({ page: `${O}/p2.html`, links: [`${O}/q2.html`] });
    expect(whole.contentSeen.length).toBeGreaterThan(0);
    const { head, rows, links } = rowsOfCheckpoint(whole);
    const { contentSeen, aliases, notFollowed } = whole;
    const before: StoredHead = { ...head, contentSeen, aliases, notFollowed };
    expect(checkpointContent(checkpointOfRows(before, joinRows(links, rows)))).toEqual(
      checkpointContent(whole),
    );
  });

  it('are saved as they change: the stored rows are the checkpoint, and a save holds only what changed', async () => {
    const store = new RowStore();
    const crawler = Crawler.start(
      { startUrls: [`${O}/`], delayMs: 0, concurrency: 2 },
      {
        http: fakeSite(site()).http,
        clock: systemClock,
        checkpointEveryMs: 0,
        saveChanges: store.save,
      },
    );
    const final = await crawler.run();
    expect(checkpointContent(store.checkpoint())).toEqual(checkpointContent(final));
    expect(store.saves[0]?.replace).toBe(true);
    expect(store.saves.slice(1).every((save) => !save.replace)).toBe(true);
    // Far fewer rows written than every URL at every save.
    const written = store.saves.reduce((sum, save) => sum + save.rows.length, 0);
    expect(written).toBeLessThan((store.rows.size * store.saves.length) / 4);
    // A record is written when it is made, not again each time another page links to its URL.
    const records = store.saves.flatMap((save) => save.rows.filter((row) => row.record));
    expect(records.length).toBeLessThan(final.records.length * 1.1);
    // Each item of a growing list is written once; the head holds none of them.
    const seen = store.saves.flatMap((save) => save.tail.filter((t) => t.list === 'contentSeen'));
    expect(seen.length).toBe(final.contentSeen.length);
    expect(store.saves.every((save) => !('contentSeen' in save.head))).toBe(true);
  });

  it('resume from the store after a kill, fetching again only what was in flight', async () => {
    const answers = site();
    const whole = await Crawler.start(
      { startUrls: [`${O}/`], delayMs: 0 },
      { http: fakeSite(answers).http, clock: systemClock },
    ).run();

    const web = fakeSite(answers);
    const store = new RowStore();
    const stop = new AbortController();
    let results = 0;
    let killed = false;
    const first = Crawler.start(
      { startUrls: [`${O}/`], delayMs: 0, concurrency: 2 },
      {
        http: web.http,
        clock: systemClock,
        checkpointEveryMs: 0,
        saveChanges: async (changes) => {
          if (!killed) store.apply(changes);
        },
        onEvent: (e) => {
          if (e.type === 'result' && ++results === 25) {
            killed = true;
            stop.abort();
          }
        },
      },
    );
    await first.run(stop.signal);
    const stored = store.checkpoint();
    expect(stored.finished).toBe(false);
    const requestsAtKill = web.requests.length;

    const resumed = Crawler.resume(structuredClone(stored), {
      http: web.http,
      clock: systemClock,
      checkpointEveryMs: 0,
      storeHolds: true,
      saveChanges: store.save,
    });
    const final = await resumed.run();
    expect(final.finished).toBe(true);
    const summary = (c: CrawlCheckpoint) => c.records.map((r) => `${r.url} ${r.status}`).sort();
    expect(summary(final)).toEqual(summary(whole));
    expect(summary(store.checkpoint())).toEqual(summary(whole));
    // Counters continue from the store.
    expect(final.requests).toBeGreaterThanOrEqual(stored.requests);
    // Asked again: only URLs the stored state still had queued and the server had already answered.
    const twice = [...new Set(web.requests.map((r) => r.url))].filter((url) => web.count(url) > 1);
    const queuedAtKill = new Set(stored.queue.map((e) => e.url));
    for (const url of twice) expect(queuedAtKill.has(url)).toBe(true);
    expect(twice.length).toBeLessThanOrEqual(2 + 1);
    expect(web.requests.length).toBeGreaterThan(requestsAtKill);
  });
});
