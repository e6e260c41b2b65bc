import { describe, expect, it } from 'vitest';
import { fakeSite, page, type FakeAnswer } from '../../tests/support/fake-site.ts';
import { systemClock } from '../crawl/clock.ts';
import { CrawlBook, type CrawlCheckpoint } from '../crawl/crawl-book.ts';
import { Crawler } from '../crawl/crawl.ts';
import { buildReport } from '../crawl/report.ts';
import type { CrawlOptions } from '../crawl/types.ts';
import { auditPages } from './audit-pages.ts';
import { siteAuditInput } from './site-audit-input.ts';
import { DEFAULT_SITE_AUDIT_SETTINGS } from './types.ts';

const O = 'http://site.test';

const robotsTxt: FakeAnswer = {
  body: 'User-agent: googlebot\nDisallow: /not-for-google\nDisallow: /both\n\nUser-agent: *\nDisallow: /both\n',
  headers: [['content-type', 'text/plain']],
};

const SITE: Record<string, FakeAnswer> = {
  '/robots.txt': robotsTxt,
  '/': {
    html: page('Home', [
      ['/gbot-noindex', 'a'],
      ['/header', 'b'],
      ['/expired', 'c'],
      ['/not-for-google', 'd'],
      ['/both', 'e'],
      ['/missing', 'f'],
      ['/old', 'g'],
      ['/refresh', 'h'],
      ['/canonical', 'i'],
      ['/nofollow-page', 'j'],
    ]),
  },
  '/gbot-noindex': { html: page('G', [], '<meta name="googlebot" content="noindex">') },
  '/header': { html: page('H'), headers: [['x-robots-tag', 'googlebot: noindex']] },
  '/expired': {
    html: page('E'),
    headers: [['x-robots-tag', 'unavailable_after: 2001-01-01']],
  },
  '/not-for-google': { html: page('N') },
  '/old': { status: 301, headers: [['location', '/new']] },
  '/new': { html: page('New') },
  '/refresh': { html: page('R', [], '<meta http-equiv="refresh" content="0;url=/new">') },
  '/canonical': {
    html: page('C', [['/orphan-ish', 'x']], '<link rel="canonical" href="/canonical">'),
  },
  '/nofollow-page': {
    html: page('NF', [['/only-from-nofollow', 'y']], '<meta name="robots" content="nofollow">'),
  },
  '/only-from-nofollow': { html: page('O') },
  '/orphan-ish': {
    html: `<title>Self</title><link rel="canonical" href="/orphan-ish"><a href="/orphan-ish">me</a><a href="/" rel="nofollow">home</a>`,
  },
};

async function crawl(options: Partial<CrawlOptions> = {}) {
  const site = fakeSite(SITE);
  const crawler = Crawler.start(
    { startUrls: [`${O}/`], delayMs: 0, checkExternal: false, ...options },
    { http: site.http, clock: systemClock },
  );
  const checkpoint = await crawler.run();
  return { checkpoint, crawler };
}

const blockingCodes = (audits: ReturnType<typeof auditPages>, url: string) =>
  audits
    .find((audit) => audit.url === url)
    ?.reasons.filter((reason) => reason.blocking)
    .map((reason) => reason.code);

describe('auditPages: a verdict per page of the crawl, for the audit robot', () => {
  it.each<[string, string[] | undefined, boolean]>([
    ['/', [], false],
    ['/gbot-noindex', ['meta-robots'], false],
    ['/header', ['x-robots-tag'], false],
    ['/expired', ['unavailable-after'], false],
    ['/not-for-google', ['robots-txt'], true],
    ['/both', ['robots-txt'], true],
    ['/missing', ['http-status'], false],
    ['/new', [], false],
    ['/canonical', [], false],
  ])('%s: blocking %j, blocked for Googlebot %s', async (path, codes, blocked) => {
    const { checkpoint } = await crawl();
    const audits = auditPages(checkpoint);
    expect(blockingCodes(audits, `${O}${path}`)).toEqual(codes);
    expect(audits.find((audit) => audit.url === `${O}${path}`)?.blockedForRobot).toBe(blocked);
  });

  it('notes redirects, meta refresh and the canonical, and reads the title', async () => {
    const audits = auditPages((await crawl()).checkpoint);
    const of = (path: string) => audits.find((audit) => audit.url === `${O}${path}`)!;
    expect(of('/old').reasons.map((r) => r.code)).toContain('redirect');
    expect(of('/refresh').reasons.map((r) => r.code)).toContain('meta-refresh');
    expect(of('/canonical').canonical).toBe(`${O}/canonical`);
    expect(of('/new').title).toBe('New');
    expect(of('/both').status).toBeNull();
  });

  it('gives the pages without reasons or alternates one frozen empty list', async () => {
    const audits = auditPages((await crawl()).checkpoint);
    const plain = audits.filter((audit) => audit.reasons.length === 0);
    expect(plain.length).toBeGreaterThan(1);
    expect(new Set(plain.map((audit) => audit.reasons)).size).toBe(1);
    expect(new Set(audits.map((audit) => audit.hreflang)).size).toBe(1);
    expect(Object.isFrozen(plain[0]!.reasons)).toBe(true);
  });

  it('lists nothing when the audit is off, and the report says so', async () => {
    const { checkpoint, crawler } = await crawl({ audit: null });
    expect(auditPages(checkpoint)).toEqual([]);
    expect(checkpoint.records.some((record) => record.audit)).toBe(false);
    const report = buildReport(checkpoint, crawler.stats());
    expect(report.audit).toBeNull();
    expect(report.findings).toEqual([]);
    expect(report.pages.every((row) => row.indexable === null)).toBe(true);
  });

  it('fills the report: per-page verdicts and the counts by reason', async () => {
    const { checkpoint, crawler } = await crawl();
    const report = buildReport(checkpoint, crawler.stats());
    expect(report.audit).toMatchObject({ robot: 'googlebot', indexable: expect.any(Number) });
    expect(report.audit!.byReason['robots-txt']).toBe(2);
    expect(report.pages.find((row) => row.url === `${O}/gbot-noindex`)).toMatchObject({
      indexable: false,
      title: 'G',
    });
  });
});

describe('the link graph notes', () => {
  it('count links from other pages only, followed links and rel=nofollow links', async () => {
    const { checkpoint } = await crawl();
    const input = siteAuditInput(checkpoint, auditPages(checkpoint), DEFAULT_SITE_AUDIT_SETTINGS);
    // Linked by /canonical, and by itself (not counted).
    expect(input.linkedFrom(`${O}/orphan-ish`)).toEqual({ count: 1, pages: [`${O}/canonical`] });
    expect(input.hasFollowedLink(`${O}/orphan-ish`)).toBe(true);
    // Linked only from a nofollow page: linked, but not followed.
    expect(input.linkedFrom(`${O}/only-from-nofollow`).count).toBe(1);
    expect(input.hasFollowedLink(`${O}/only-from-nofollow`)).toBe(false);
    expect(input.nofollowLinkCount).toBe(1);
    expect(input.nofollowLinks[0]).toMatchObject({
      page: `${O}/orphan-ish`,
      url: `${O}/`,
      text: 'home',
    });
    expect(input.robotAllows(`${O}/not-for-google`)).toBe(false);
    expect(input.robotAllows(`${O}/new`)).toBe(true);
    expect(input.redirectLinks).toEqual([{ url: `${O}/old`, to: `${O}/new`, pages: [`${O}/`] }]);
  });

  it('survive a checkpoint round trip; an old checkpoint without them still loads, audit on', async () => {
    const { checkpoint } = await crawl();
    const json = JSON.parse(JSON.stringify(checkpoint)) as CrawlCheckpoint;
    expect(new CrawlBook(json).toJSON()).toEqual(json);
    const { linkGraph: _graph, ...old } = json;
    const { audit: _audit, ...oldOptions } = old.options;
    const book = new CrawlBook({ ...old, options: oldOptions as CrawlOptions });
    expect(book.options.audit).toEqual(DEFAULT_SITE_AUDIT_SETTINGS);
    expect(book.toJSON().linkGraph).toBeUndefined();
  });
});
