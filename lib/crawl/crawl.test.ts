import { describe, expect, it } from 'vitest';
import { withText } from '../i18n/with-text.ts';
import { english } from '../../components/english.ts';
import { fakeSite, page, type FakeAnswer } from '../../tests/support/fake-site.ts';
import { systemClock } from './clock.ts';
import type { CrawlCheckpoint } from './crawl-book.ts';
import { Crawler, type CrawlPorts } from './crawl.ts';
import { buildReport } from './report.ts';
import type { CrawlOptions, UrlRecord } from './types.ts';

const O = 'http://site.test';
const X = 'http://elsewhere.test';

async function crawl(
  answers: Record<string, FakeAnswer>,
  options: Partial<CrawlOptions> = {},
  ports: Partial<CrawlPorts> = {},
) {
  const site = fakeSite(answers);
  const crawler = Crawler.start(
    { startUrls: [`${O}/`], delayMs: 0, ...options },
    { http: site.http, clock: systemClock, ...ports },
  );
  const checkpoint = await crawler.run();
  // Worded in English, as the JSON report is, for the assertions on reasons.
  const report = withText(buildReport(checkpoint, crawler.stats()), english);
  const record = (url: string) => {
    const found: UrlRecord | undefined = checkpoint.records.find((r) => r.url === url);
    return found && withText(found, english);
  };
  return { site, checkpoint, report, record };
}

const robots = (text: string): FakeAnswer => ({
  body: text,
  headers: [['content-type', 'text/plain']],
});

describe('Crawler', () => {
  it('finds broken links with every page and anchor text that carry them', async () => {
    const { report, record } = await crawl({
      [`${O}/`]: {
        html: page('Home', [
          ['/a.html', 'Page A'],
          ['/gone.html', 'Old page'],
        ]),
      },
      [`${O}/a.html`]: {
        html: page('A', [
          ['/gone.html', 'the old page'],
          ['/', 'home'],
        ]),
      },
    });
    expect(record(`${O}/a.html`)?.status).toBe('ok');
    expect(report.broken).toHaveLength(1);
    const broken = report.broken[0]!;
    expect(broken).toMatchObject({
      url: `${O}/gone.html`,
      status: 404,
      kind: 'http-4xx',
      linkCount: 2,
    });
    expect(broken.foundOn.map((s) => [s.page, s.element, s.text])).toEqual([
      [`${O}/`, 'a', 'Old page'],
      [`${O}/a.html`, 'a', 'the old page'],
    ]);
  });

  it('fetches robots.txt before anything else on an origin and never requests what it disallows', async () => {
    const { site, record } = await crawl({
      [`${O}/robots.txt`]: robots(
        'User-agent: *\nDisallow: /private/\n\nUser-agent: RobotLens\nDisallow: /not-for-us.html\n',
      ),
      [`${O}/`]: {
        html: page('Home', [
          ['/private/x.html', 'x'],
          ['/not-for-us.html', 'y'],
          ['/ok.html', 'z'],
          [`${X}/page`, 'out'],
        ]),
      },
      [`${O}/ok.html`]: { html: page('OK') },
      [`${X}/page`]: { status: 200 },
    });
    expect(site.requests[0]!.url).toBe(`${O}/robots.txt`);
    const firstExternal = site.requests.findIndex((r) => r.url.startsWith(X));
    expect(site.requests[firstExternal]!.url).toBe(`${X}/robots.txt`);
    expect(site.count(`${O}/not-for-us.html`)).toBe(0);
    expect(site.count(`${O}/private/x.html`)).toBe(1); // the RobotLens group replaces the * group
    expect(record(`${O}/not-for-us.html`)).toMatchObject({ status: 'blocked' });
    expect(record(`${X}/page`)).toMatchObject({ status: 'ok', method: 'HEAD', internal: false });
  });

  it('uses a fresh robots.txt answer it is given instead of asking again', async () => {
    const site = fakeSite({ [`${O}/`]: { html: page('Home', [['/private/x', 'x']]) } });
    const known = {
      url: `${O}/robots.txt`,
      status: 200,
      redirects: [],
      body: new TextEncoder().encode('User-agent: *\nDisallow: /private/\n'),
      contentType: 'text/plain',
      fetchedAtMs: Date.now(),
    };
    const crawler = Crawler.start(
      { startUrls: [`${O}/`], delayMs: 0 },
      { http: site.http, clock: systemClock, knownRobots: [known] },
    );
    const checkpoint = await crawler.run();
    expect(site.count(`${O}/robots.txt`)).toBe(0);
    expect(checkpoint.records.find((r) => r.url === `${O}/private/x`)?.status).toBe('blocked');
  });

  it('checks outside links with HEAD and never crawls them', async () => {
    const { site } = await crawl({
      [`${O}/`]: { html: page('Home', [[`${X}/a`, 'out']]) },
      [`${X}/a`]: { html: page('Out', [[`${X}/b`, 'deeper']]) },
    });
    expect(site.requests.filter((r) => r.url === `${X}/a`).map((r) => r.method)).toEqual(['HEAD']);
    expect(site.count(`${X}/b`)).toBe(0);
  });

  it('records redirect chains hop by hop, and loops and redirects to errors as broken', async () => {
    const redirect = (status: number, to: string): FakeAnswer => ({
      status,
      headers: [['location', to]],
    });
    const { report, record, site } = await crawl({
      [`${O}/`]: {
        html: page('Home', [
          ['/r1', 'chain'],
          ['/loop-a', 'loop'],
          ['/to-404', 'dead end'],
        ]),
      },
      [`${O}/r1`]: redirect(301, '/r2'),
      [`${O}/r2`]: redirect(302, '/final.html'),
      [`${O}/final.html`]: { html: page('Final') },
      [`${O}/loop-a`]: redirect(301, '/loop-b'),
      [`${O}/loop-b`]: redirect(301, '/loop-a'),
      [`${O}/to-404`]: redirect(301, '/nothing-here'),
    });
    expect(record(`${O}/r1`)).toMatchObject({
      status: 'redirected',
      httpStatus: 200,
      finalUrl: `${O}/final.html`,
    });
    expect(report.redirects.find((r) => r.from === `${O}/r1`)?.chain).toEqual([
      { url: `${O}/r1`, status: 301 },
      { url: `${O}/r2`, status: 302 },
    ]);
    expect(record(`${O}/loop-a`)).toMatchObject({
      status: 'broken',
      brokenReason: 'redirect-loop',
    });
    expect(record(`${O}/to-404`)).toMatchObject({
      status: 'broken',
      brokenReason: 'redirect-to-error',
      httpStatus: 404,
    });
    expect(site.count(`${O}/final.html`)).toBe(1);
  });

  it('refuses repeating paths, query spaces and too-deep URLs, and says which rule caught them', async () => {
    const { report, site } = await crawl(
      {
        [`${O}/`]: {
          html: page('Home', [
            ['/a/', 'loop'],
            ...Array.from(
              { length: 30 },
              (_, i) => [`/search?q=${i}`, `q${i}`] as [string, string],
            ),
          ]),
        },
        [`${O}/a/`]: { html: page('A', [['a/', 'deeper']]) },
        [`${O}/a/a/`]: { html: page('A, one level down', [['a/', 'deeper']]) },
        [`${O}/search`]: { html: page('Search') },
      },
      { maxQueriesPerPath: 5 },
    );
    const kinds = new Set(report.traps.map((t) => t.kind));
    expect(kinds).toEqual(new Set(['repeating-path', 'query-space']));
    expect(report.traps.find((t) => t.kind === 'repeating-path')?.url).toBe(`${O}/a/a/a/`);
    expect(site.requests.filter((r) => r.url.includes('/search?')).length).toBe(5);
  });

  it('stops expanding a page whose content and links were already seen (symlink alias)', async () => {
    const same = page('Same', [['/x.html', 'x']]);
    const { record, report } = await crawl({
      [`${O}/`]: {
        html: page('Home', [
          ['/one/', '1'],
          ['/two/', '2'],
        ]),
      },
      [`${O}/one/`]: { html: same },
      [`${O}/two/`]: { html: same },
      [`${O}/x.html`]: { html: page('X') },
    });
    expect(record(`${O}/two/`)?.duplicateOf).toBe(`${O}/one/`);
    expect(report.duplicates).toEqual([
      { fingerprint: expect.any(String), urls: [`${O}/one/`, `${O}/two/`] },
    ]);
  });

  it('checks the links of a duplicate in another folder, where they lead elsewhere', async () => {
    // Apache's manual: /de/guide.html is a symlink to the English page, whose
    // relative link exists under /en/ only.
    const guide = page('Guide', [
      ['dict.html', 'Terms'],
      ['/', 'Home'],
    ]);
    const { site, record, report } = await crawl({
      [`${O}/`]: {
        html: page('Home', [
          ['/en/guide.html', 'English'],
          ['/de/guide.html', 'Deutsch'],
        ]),
      },
      [`${O}/en/guide.html`]: { html: guide },
      [`${O}/de/guide.html`]: { html: guide },
      [`${O}/en/dict.html`]: { html: page('Terms') },
    });
    expect(record(`${O}/de/guide.html`)?.duplicateOf).toBe(`${O}/en/guide.html`);
    expect(report.broken.map((b) => [b.url, b.foundOn.map((f) => f.page)])).toEqual([
      [`${O}/de/dict.html`, [`${O}/de/guide.html`]],
    ]);
    expect(site.count(`${O}/en/dict.html`)).toBe(1);
  });

  it('lists the links of a nofollow page without fetching them', async () => {
    const { site, report } = await crawl({
      [`${O}/`]: {
        html: page('Home', [
          ['/nf.html', 'nf'],
          ['/hdr.html', 'hdr'],
        ]),
      },
      [`${O}/nf.html`]: {
        html: page('NF', [['/secret-1.html', 's']], '<meta name="robots" content="nofollow">'),
      },
      [`${O}/hdr.html`]: {
        html: page('HDR', [['/secret-2.html', 's']]),
        headers: [['x-robots-tag', 'nofollow']],
      },
    });
    expect(site.count(`${O}/secret-1.html`)).toBe(0);
    expect(site.count(`${O}/secret-2.html`)).toBe(0);
    expect(report.notFollowed.map((n) => n.links)).toEqual([
      [`${O}/secret-1.html`],
      [`${O}/secret-2.html`],
    ]);
  });

  it('waits out a 429 with Retry-After, and calls a never-ending one rate-limited, not broken', async () => {
    const { record } = await crawl({
      [`${O}/`]: {
        html: page('Home', [
          ['/busy.html', 'busy'],
          ['/always.html', 'always'],
        ]),
      },
      [`${O}/busy.html`]: {
        sequence: [{ status: 429, headers: [['retry-after', '0']] }, { html: page('Busy') }],
      },
      [`${O}/always.html`]: { status: 429, headers: [['retry-after', '99999']] },
    });
    expect(record(`${O}/busy.html`)).toMatchObject({ status: 'ok', attempts: 2 });
    expect(record(`${O}/always.html`)).toMatchObject({ status: 'rate-limited', httpStatus: 429 });
    expect(record(`${O}/always.html`)?.reason).toBe(
      'HTTP 429: the server asks to wait 28 h (Retry-After), longer than the 60 s the crawl waits; not counted as broken',
    );
  });

  it('repeats a refused HEAD with GET', async () => {
    const { record, site } = await crawl({
      [`${O}/`]: { html: page('Home', [['/doc.pdf', 'manual']]) },
      [`${O}/doc.pdf`]: {
        body: '%PDF',
        headers: [['content-type', 'application/pdf']],
        head: { status: 405 },
      },
    });
    expect(site.requests.filter((r) => r.url === `${O}/doc.pdf`).map((r) => r.method)).toEqual([
      'HEAD',
      'GET',
    ]);
    expect(record(`${O}/doc.pdf`)).toMatchObject({ status: 'ok', method: 'GET' });
  });

  it('keeps forbidden (403) and network failures apart', async () => {
    const { record, report } = await crawl({
      [`${O}/`]: {
        html: page('Home', [
          ['/members.html', 'm'],
          [`${X}/down`, 'down'],
        ]),
      },
      [`${O}/members.html`]: { status: 403 },
      [`${X}/down`]: { error: 'dns' },
    });
    expect(record(`${O}/members.html`)?.status).toBe('forbidden');
    expect(record(`${X}/down`)).toMatchObject({ status: 'broken', brokenReason: 'dns' });
    expect(report.broken.map((b) => b.url)).toEqual([`${X}/down`]);
  });

  it('calls a link to an unreachable server broken, without requesting it, when even robots.txt cannot be reached', async () => {
    const Y = 'http://slow.test';
    const { record, site } = await crawl({
      [`${O}/`]: {
        html: page('Home', [
          [`${X}/page`, 'down'],
          ['/moved', 'moved away'],
          [`${Y}/page`, 'slow'],
        ]),
      },
      [`${O}/moved`]: { status: 301, headers: [['location', `${X}/new`]] },
      [`${X}/robots.txt`]: { error: 'connection' },
      [`${Y}/robots.txt`]: { error: 'timeout' },
    });
    expect(record(`${X}/page`)).toMatchObject({
      status: 'broken',
      brokenReason: 'connection',
      reason:
        'the connection failed (refused or reset) (robots.txt: fake connection; the URL itself was not requested)',
    });
    expect(record(`${O}/moved`)).toMatchObject({ status: 'broken', brokenReason: 'connection' });
    expect(site.count(`${X}/page`) + site.count(`${X}/new`)).toBe(0);
    // A robots.txt that only timed out says nothing certain about the server: blocked for now.
    expect(record(`${Y}/page`)?.status).toBe('blocked');
  });

  it('drops the user name and password of a redirect target before requesting it', async () => {
    const { record, site } = await crawl({
      [`${O}/`]: { html: page('Home', [['/login', 'log in']]) },
      [`${O}/login`]: { status: 302, headers: [['location', 'http://robot:secret@site.test/in']] },
      [`${O}/in`]: { html: page('In') },
    });
    expect(site.requests.map((r) => r.url).filter((url) => url.includes('secret'))).toEqual([]);
    expect(record(`${O}/login`)).toMatchObject({ status: 'redirected', finalUrl: `${O}/in` });
  });

  it('never requests a block-listed URL: not a link, a start URL, a redirect hop, nor with robots.txt ignored', async () => {
    const { site, record } = await crawl(
      {
        [`${O}/robots.txt`]: robots('User-agent: *\nDisallow: /private/\n'),
        [`${O}/`]: {
          html: page('Home', [
            ['/admin/users', 'admin'],
            ['/go', 'redirect'],
            ['/private/x.html', 'private'],
            ['/ok.html', 'ok'],
          ]),
        },
        [`${O}/go`]: { status: 302, headers: [['location', '/logout?next=/']] },
        [`${O}/ok.html`]: { html: page('OK') },
        [`${O}/private/x.html`]: { html: page('Private') },
      },
      {
        startUrls: [`${O}/`, `${O}/admin/start`],
        blockList: ['/admin/*', `${O}/logout*`],
        obeyRobots: false,
      },
    );
    const requested = site.requests.map((r) => new URL(r.url).pathname);
    expect(requested.filter((path) => path.startsWith('/admin/') || path === '/logout')).toEqual(
      [],
    );
    expect(record(`${O}/admin/users`)).toMatchObject({
      status: 'skipped',
      trap: 'blocked-pattern',
    });
    expect(record(`${O}/admin/start`)).toMatchObject({
      status: 'skipped',
      trap: 'blocked-pattern',
      reason: 'The URL matches the block-list pattern "/admin/*".',
    });
    expect(record(`${O}/go`)).toMatchObject({
      status: 'blocked',
      reason: `redirects to ${O}/logout?next=/, which is on the block list`,
    });
    // robots.txt is not obeyed here, so the private page is fetched: only the block list holds.
    expect(record(`${O}/private/x.html`)?.status).toBe('ok');
    expect(requested).not.toContain('/robots.txt');
  });

  it('stops at max-pages and reports the rest as skipped', async () => {
    const links = Array.from(
      { length: 10 },
      (_, i) => [`/p${i}.html`, `p${i}`] as [string, string],
    );
    const answers: Record<string, FakeAnswer> = { [`${O}/`]: { html: page('Home', links) } };
    for (let i = 0; i < 10; i++) answers[`${O}/p${i}.html`] = { html: page(`P${i}`) };
    const { site, report } = await crawl(answers, { maxPages: 4 });
    expect(site.requests.filter((r) => /\/p\d\.html$/.test(r.url))).toHaveLength(3);
    expect(report.skipped.filter((s) => s.reason.includes('--max-pages'))).toHaveLength(7);
  });

  it('resumes from a checkpoint with nothing lost and nothing fetched twice', async () => {
    const links = Array.from(
      { length: 30 },
      (_, i) => [`/p${i}.html`, `p${i}`] as [string, string],
    );
    const answers: Record<string, FakeAnswer> = {
      [`${O}/`]: { html: page('Home', [...links, ['/gone', 'gone']]) },
    };
    for (let i = 0; i < 30; i++)
      answers[`${O}/p${i}.html`] = { html: page(`P${i}`, [[`/q${i}.html`, 'q']]) };
    const whole = await crawl(answers);

    const site = fakeSite(answers);
    const stop = new AbortController();
    let results = 0;
    const first = Crawler.start(
      { startUrls: [`${O}/`], delayMs: 0 },
      {
        http: site.http,
        clock: systemClock,
        onEvent: (e) => e.type === 'result' && ++results === 20 && stop.abort(),
      },
    );
    const checkpoint: CrawlCheckpoint = JSON.parse(JSON.stringify(await first.run(stop.signal)));
    expect(checkpoint.finished).toBe(false);
    const inFlightAtStop = checkpoint.queue.filter((e) => site.count(e.url) > 0).map((e) => e.url);
    const resumed = Crawler.resume(checkpoint, { http: site.http, clock: systemClock });
    const final = await resumed.run();
    const summary = (records: UrlRecord[]) => records.map((r) => `${r.url} ${r.status}`).sort();
    expect(summary(final.records)).toEqual(summary(whole.checkpoint.records));
    const twice = [...new Set(site.requests.map((r) => r.url))].filter(
      (url) => site.count(url) > 1,
    );
    for (const url of twice) expect(inFlightAtStop).toContain(url);
  });

  it('re-crawls reading every page again: an unchanged site gives the same report', async () => {
    const tagged = (html: string, tag: string): FakeAnswer => ({ html, headers: [['etag', tag]] });
    const answers: Record<string, FakeAnswer> = {
      [`${O}/`]: tagged(
        page('Home', [
          ['/a.html', 'Page A'],
          ['/gone.html', 'Old page'],
          [`${X}/out`, 'elsewhere'],
          ['/copy.html', 'A again'],
        ]),
        '"home"',
      ),
      [`${O}/a.html`]: tagged(
        page('A', [
          ['/gone.html', 'the old page'],
          ['./a.html', 'me'],
        ]),
        '"a"',
      ),
      [`${O}/copy.html`]: tagged(
        page('A', [
          ['/gone.html', 'the old page'],
          ['./a.html', 'me'],
        ]),
        '"copy"',
      ),
    };
    const first = await crawl(answers, { checkExternal: false });
    // No validator is kept: a record holds nothing a re-crawl would not use.
    expect(first.checkpoint.records.filter((r) => r.etag ?? r.lastModified)).toEqual([]);
    // The server would answer 304 to any validator: none may be sent.
    const site = fakeSite(answers);
    const http: CrawlPorts['http'] = (request) =>
      request.headers?.['If-None-Match'] || request.headers?.['If-Modified-Since']
        ? Promise.resolve({
            requestedUrl: request.url,
            url: request.url,
            status: 304,
            headers: [],
            redirects: [],
            body: new Uint8Array(0),
            truncated: false,
          })
        : site.http(request);
    const crawler = Crawler.recrawl(first.checkpoint, { http, clock: systemClock });
    const again = withText(buildReport(await crawler.run(), crawler.stats()), english);
    expect(site.requests.filter((r) => r.headers?.['If-None-Match'])).toEqual([]);
    const sameParts = (report: typeof again) => ({
      broken: report.broken,
      skipped: report.skipped,
      aliases: report.aliases,
      findings: report.findings,
      audit: report.audit,
      duplicates: report.duplicates,
      pages: report.pages.map((p) => [p.url, p.status, p.outcome, p.fingerprint, p.title]),
    });
    expect(first.report.broken[0]?.foundOn.map((s) => s.text)).toEqual([
      'Old page',
      'the old page',
    ]);
    expect(first.report.skipped.map((s) => s.url)).toEqual([`${X}/out`]);
    expect(first.report.duplicates).toHaveLength(1);
    expect(sameParts(again)).toEqual(sameParts(first.report));
  });

  it('drops the validators and links an older checkpoint kept for conditional re-crawls', async () => {
    const answers: Record<string, FakeAnswer> = {
      [`${O}/`]: { html: page('Home', [['/a.html', 'A']]) },
      [`${O}/a.html`]: { html: page('A') },
    };
    const first = await crawl(answers, { checkExternal: false });
    const old: CrawlCheckpoint = {
      ...first.checkpoint,
      records: first.checkpoint.records.map((r) => ({
        ...r,
        etag: '"v1"',
        lastModified: 'Tue, 01 Dec 2026 00:00:00 GMT',
        links: [`${O}/a.html`],
      })),
    };
    const resumed = Crawler.resume(old, { http: fakeSite(answers).http, clock: systemClock });
    const kept = (await resumed.run()).records;
    expect(kept.map((r) => r.url).sort()).toEqual([`${O}/`, `${O}/a.html`]);
    expect(kept.filter((r) => r.etag ?? r.lastModified ?? r.links)).toEqual([]);
  });

  it('re-crawls what was not HTML last time with HEAD', async () => {
    const answers: Record<string, FakeAnswer> = {
      [`${O}/`]: { html: page('Home', [['/download', 'file']]) },
      [`${O}/download`]: { body: 'zip', headers: [['content-type', 'application/zip']] },
    };
    const first = await crawl(answers);
    expect(first.site.requests.find((r) => r.url === `${O}/download`)?.method).toBe('GET');
    const site = fakeSite(answers);
    await Crawler.recrawl(first.checkpoint, { http: site.http, clock: systemClock }).run();
    expect(site.requests.filter((r) => r.url === `${O}/download`).map((r) => r.method)).toEqual([
      'HEAD',
    ]);
  });

  it('pauses when the checkpoint cannot be saved, losing nothing it found', async () => {
    const links = Array.from(
      { length: 20 },
      (_, i) => [`/p${i}.html`, `p${i}`] as [string, string],
    );
    const answers: Record<string, FakeAnswer> = { [`${O}/`]: { html: page('Home', links) } };
    for (let i = 0; i < 20; i++) answers[`${O}/p${i}.html`] = { html: page(`P${i}`) };
    const site = fakeSite(answers);
    let saves = 0;
    let lastGood: CrawlCheckpoint | undefined;
    const crawler = Crawler.start(
      { startUrls: [`${O}/`], delayMs: 0 },
      {
        http: site.http,
        clock: systemClock,
        checkpointEveryMs: 0,
        save: async (checkpoint) => {
          if (++saves > 3) throw new Error('storage quota exceeded');
          lastGood = checkpoint;
        },
      },
    );
    const paused = await crawler.run();
    expect(paused.stoppedBecause).toBe('save-failed');
    expect(paused.finished).toBe(false);
    expect(crawler.saveError?.message).toMatch(/quota/);
    expect(lastGood!.records.length).toBeGreaterThan(0);
    // What was found after the last good save is still in memory…
    expect(paused.records.length).toBeGreaterThanOrEqual(lastGood!.records.length);
    // …and resuming from it, once storage works again, finishes with every page.
    const resumed = Crawler.resume(paused, { http: site.http, clock: systemClock });
    const final = await resumed.run();
    expect(final.finished).toBe(true);
    expect(final.records.filter((r) => r.status === 'ok')).toHaveLength(21);
  });

  it('sends the page a link was found on as Referer', async () => {
    const { site } = await crawl({
      [`${O}/`]: { html: page('Home', [['/a.html', 'a']]) },
      [`${O}/a.html`]: { html: page('A') },
    });
    expect(site.requests.find((r) => r.url === `${O}/a.html`)?.headers?.Referer).toBe(`${O}/`);
    expect(site.requests.every((r) => r.method === 'GET' || r.method === 'HEAD')).toBe(true);
  });
});
