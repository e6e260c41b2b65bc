import { describe, expect, it } from 'vitest';
import { english } from '../../components/english.ts';
import { AUDIT_SITE, auditReport } from '../../tests/support/audit-report.ts';
import type { CrawlReport } from '../crawl/report.ts';
import { asWritten } from '../i18n/phrase.ts';
import { withText } from '../i18n/with-text.ts';
import { snapshotOfReport, snapshotOfSavedReport } from './snapshot.ts';
import type { CrawlSnapshot } from './types.ts';

const at = (path: string) => `${AUDIT_SITE}${path}`;
const source = { element: 'a', attribute: 'href', raw: 'x' };

/** The audit report with one of every row a snapshot keeps. */
function fullReport(): CrawlReport {
  const report = auditReport();
  return {
    ...report,
    stats: { ...report.stats, startedAtMs: Date.UTC(2026, 0, 15, 12) },
    broken: [
      {
        url: at('/gone.html'),
        status: 404,
        reason: asWritten('HTTP 404'),
        kind: 'http-404',
        internal: true,
        linkCount: 3,
        pageCount: 2,
        foundOn: [],
        pages: [
          {
            page: at('/'),
            linkCount: 2,
            links: [
              { ...source, text: 'Gone', line: 12 },
              { ...source, text: 'Gone again', line: 40 },
            ],
          },
          { page: at('/notes.html'), linkCount: 1, links: [{ ...source, text: 'see' }] },
        ],
      },
      {
        url: 'https://elsewhere.example/',
        status: null,
        reason: asWritten('DNS'),
        kind: 'dns',
        internal: false,
        linkCount: 1,
        pageCount: 1,
        foundOn: [],
        pages: [{ page: at('/'), linkCount: 1, links: [] }],
      },
    ],
    redirects: [
      {
        from: at('/old'),
        chain: [
          { url: at('/old'), status: 301 },
          { url: at('/older'), status: 302 },
        ],
        to: at('/new'),
        finalStatus: 200,
        outcome: 'ok',
        foundOn: [],
      },
    ],
    traps: [{ url: at('/cal?y=3000'), kind: 'calendar', detail: asWritten('a'), foundOn: [] }],
    robots: [
      {
        origin: AUDIT_SITE,
        url: at('/robots.txt'),
        status: 200,
        policy: 'rules',
        code: 'ok',
        reason: asWritten('ok'),
        text: 'User-agent: *\nDisallow: /private/\n',
      },
    ],
    sitemap: {
      sitemaps: [at('/sitemap.xml')],
      urls: 2,
      listed: [at('/'), at('/notes.html')],
      notLinked: [],
      missingFromSitemap: [],
      errors: [asWritten('one error')],
      notFetched: [],
    },
  };
}

const EXPECTED: CrawlSnapshot = {
  version: 1,
  startUrl: at('/'),
  startedAtMs: Date.UTC(2026, 0, 15, 12),
  robot: 'RobotLens',
  auditRobot: 'googlebot',
  finished: false,
  pages: [
    { url: at('/'), status: 200, indexable: true, blocking: [] },
    { url: at('/hostile.html'), status: 200, indexable: true, blocking: [] },
    { url: at('/notes.html'), status: 200, indexable: true, blocking: [] },
    { url: at('/hidden.html'), status: 200, indexable: false, blocking: ['meta-robots'] },
    {
      url: at('/both.html'),
      status: 200,
      indexable: false,
      blocking: ['x-robots-tag', 'meta-robots'],
    },
    { url: at('/private/a.html'), status: 200, indexable: false, blocking: ['robots-txt'] },
    { url: at('/price-list.csv'), status: 200, indexable: null, blocking: [] },
  ],
  broken: [
    {
      url: at('/gone.html'),
      status: 404,
      kind: 'http-404',
      internal: true,
      pageCount: 2,
      pages: [
        { page: at('/'), text: 'Gone', line: 12 },
        { page: at('/notes.html'), text: 'see' },
      ],
    },
    {
      url: 'https://elsewhere.example/',
      status: null,
      kind: 'dns',
      internal: false,
      pageCount: 1,
      pages: [{ page: at('/'), text: '' }],
    },
  ],
  redirects: [{ from: at('/old'), to: at('/new'), hops: 2, finalStatus: 200 }],
  traps: [{ url: at('/cal?y=3000'), kind: 'calendar' }],
  robots: [
    {
      origin: AUDIT_SITE,
      url: at('/robots.txt'),
      status: 200,
      text: 'User-agent: *\nDisallow: /private/\n',
    },
  ],
  sitemap: { sitemaps: [at('/sitemap.xml')], urls: [at('/'), at('/notes.html')] },
};

/** The report as `robotlens crawl --format json` writes it, parsed back. */
const saved = (report: CrawlReport): Record<string, unknown> =>
  JSON.parse(JSON.stringify(withText(report, english), null, 2)) as Record<string, unknown>;

describe('snapshotOfReport', () => {
  it('keeps what a later crawl is compared with', () => {
    expect(snapshotOfReport(fullReport())).toEqual(EXPECTED);
  });

  it('has no audit robot when the audit was off, and no sitemap when none was read', () => {
    const snapshot = snapshotOfReport({ ...fullReport(), audit: null, sitemap: null });
    expect(snapshot.auditRobot).toBeNull();
    expect(snapshot.sitemap).toBeNull();
  });
});

describe('snapshotOfSavedReport', () => {
  it('reads back a saved JSON report (English text added) as the same snapshot', () => {
    expect(snapshotOfSavedReport(saved(fullReport()))).toEqual(EXPECTED);
  });

  it('reads a report saved before robots.txt text and sitemap URLs were kept', () => {
    const json = saved(fullReport());
    for (const row of json.robots as Record<string, unknown>[]) delete row.text;
    delete (json.sitemap as Record<string, unknown>).listed;
    const snapshot = snapshotOfSavedReport(json);
    expect(snapshot.robots[0]!.text).toBeNull();
    expect(snapshot.sitemap).toEqual({ sitemaps: [at('/sitemap.xml')], urls: [] });
  });

  it('reads a report saved before the audit (no verdicts, no reasons)', () => {
    const json = saved(fullReport());
    delete json.audit;
    for (const row of json.pages as Record<string, unknown>[]) {
      delete row.indexable;
      delete row.reasons;
    }
    const snapshot = snapshotOfSavedReport(json);
    expect(snapshot.auditRobot).toBeNull();
    expect(snapshot.pages.every((p) => p.indexable === null && p.blocking.length === 0)).toBe(true);
  });

  it('counts the pages of a broken link saved without pageCount', () => {
    const json = saved(fullReport());
    delete (json.broken as Record<string, unknown>[])[0]!.pageCount;
    expect(snapshotOfSavedReport(json).broken[0]!.pageCount).toBe(2);
  });

  /** Each case: a change to a good saved report, and the message it must give. */
  const GARBAGE: [string, (json: Record<string, unknown>) => unknown, string][] = [
    ['null', () => null, 'the file is not an object'],
    ['a list', () => [], 'the file is not an object'],
    ['a string', () => 'pages', 'the file is not an object'],
    ['no pages', (j) => (delete j.pages, j), '`pages` is missing'],
    ['pages not a list', (j) => ({ ...j, pages: { length: 1 } }), '`pages` is not a list'],
    ['a page not an object', (j) => ({ ...j, pages: [7] }), '`pages[0]` is not an object'],
    [
      'a hole in pages',
      (j) => ({ ...j, pages: Object.assign(new Array<unknown>(2), { 1: {} }) }),
      '`pages[0]` is not an object',
    ],
    [
      'a page url not text',
      (j) => ({ ...j, pages: [{ url: 1, status: 200 }] }),
      '`pages[0].url` is not text',
    ],
    [
      'a page without url',
      (j) => ({ ...j, pages: [{ status: 200 }] }),
      '`pages[0].url` is missing',
    ],
    [
      'a status as text',
      (j) => ({ ...j, pages: [{ url: 'u', status: '200' }] }),
      '`pages[0].status` is not a number',
    ],
    [
      'an unknown reason',
      (j) => ({
        ...j,
        pages: [
          {
            url: 'u',
            status: 200,
            indexable: false,
            reasons: [{ code: 'toString', blocking: true }],
          },
        ],
      }),
      '`pages[0].reasons[0].code` is not a reason code',
    ],
    ['no stats', (j) => (delete j.stats, j), '`stats` is missing'],
    ['no start time', (j) => ({ ...j, stats: {} }), '`stats.startedAtMs` is missing'],
    [
      'a start time of NaN',
      (j) => ({ ...j, stats: { startedAtMs: 'NaN' } }),
      '`stats.startedAtMs` is not a number',
    ],
    ['finished as text', (j) => ({ ...j, finished: 'yes' }), '`finished` is not true or false'],
    [
      'robots text a number',
      (j) => ({ ...j, robots: [{ origin: 'o', url: 'u', status: 200, text: 5 }] }),
      '`robots[0].text` is not text',
    ],
    [
      'sitemap URLs not text',
      (j) => ({ ...j, sitemap: { sitemaps: [], listed: ['a', {}] } }),
      '`sitemap.listed[1]` is not text',
    ],
    [
      'a broken link line as text',
      (j) => ({
        ...j,
        broken: [
          {
            url: 'u',
            status: 404,
            kind: 'k',
            internal: true,
            pages: [{ page: 'p', links: [{ text: 't', line: '3' }] }],
          },
        ],
      }),
      '`broken[0].pages[0].links[0].line` is not a number',
    ],
    [
      'a redirect without chain',
      (j) => ({ ...j, redirects: [{ from: 'a', to: 'b', finalStatus: 200 }] }),
      '`redirects[0].chain` is missing',
    ],
  ];

  it.each(GARBAGE)('rejects %s cleanly', (_name, spoil, message) => {
    const json = spoil(saved(fullReport()));
    expect(() => snapshotOfSavedReport(json)).toThrow(`not a RobotLens crawl report: ${message}`);
  });

  it('reads keys only as own fields: prototype keys are data, not inherited', () => {
    const json = JSON.parse(
      '{"__proto__": {"pages": []}, "constructor": 1, "startUrl": "u", "robot": "r", "finished": true}',
    ) as unknown;
    expect(() => snapshotOfSavedReport(json)).toThrow('`stats` is missing');
    const inherited = Object.create({ pages: [] }) as Record<string, unknown>;
    Object.assign(inherited, saved(fullReport()));
    delete inherited.pages;
    expect(() => snapshotOfSavedReport(inherited)).toThrow('`pages` is missing');
  });

  it('keeps huge strings as data and throws only clean Errors', () => {
    const huge = 'x'.repeat(5_000_000);
    const json = saved(fullReport());
    (json.pages as Record<string, unknown>[])[0]!.url = huge;
    expect(snapshotOfSavedReport(json).pages[0]!.url).toHaveLength(huge.length);
    expect(() => snapshotOfSavedReport({ ...json, robot: { [huge]: 1 } })).toThrow(
      /^not a RobotLens crawl report: `robot` is not text$/,
    );
  });
});
