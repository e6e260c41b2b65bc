/**
 * A hand-made crawl report with the site audit filled in: pages with every
 * kind of verdict (indexable, blocked by META, by robots.txt, not audited),
 * one finding per SiteFindingCode, and page data that looks like markup.
 * For the report page's tests until the crawl fills these itself.
 */
import { FINDING_FAMILIES } from '../../lib/audit/finding-labels.ts';
import type { SiteFinding, SiteFindingCode } from '../../lib/audit/types.ts';
import { CrawlBook } from '../../lib/crawl/crawl-book.ts';
import { buildReport, type CrawlReport } from '../../lib/crawl/report.ts';
import { checkpointStats } from '../../lib/crawl/stats.ts';
import { DEFAULT_CRAWL_OPTIONS } from '../../lib/crawl/types.ts';
import { asWritten, phrase } from '../../lib/i18n/phrase.ts';

export const AUDIT_SITE = 'https://audit.example';
export const HOSTILE_TITLE = '<img src=x onerror=alert(1)>';

type Page = CrawlReport['pages'][number];

const at = (path: string) => `${AUDIT_SITE}${path}`;

function page(path: string, fields: Partial<Page>): Page {
  return {
    url: at(path),
    status: 200,
    outcome: 'ok',
    depth: 1,
    contentType: 'text/html',
    fingerprint: null,
    noindex: false,
    nofollow: false,
    duplicateOf: null,
    truncated: false,
    indexable: true,
    reasons: [],
    title: `Title of ${path}`,
    canonical: null,
    ...fields,
  };
}

/** Pages: 3 indexable, 3 not (META noindex twice, robots.txt once, one also X-Robots-Tag), 1 not audited. */
export const AUDIT_PAGES: Page[] = [
  page('/', { depth: 0, title: 'Home', canonical: at('/') }),
  page('/hostile.html', { title: HOSTILE_TITLE }),
  page('/notes.html', {
    title: '=SUM(A1:A9)',
    reasons: [
      {
        code: 'nosnippet',
        blocking: false,
        source: '<meta name="robots" content="nosnippet">',
        detail: asWritten('No text snippet is shown.'),
      },
    ],
  }),
  page('/hidden.html', {
    indexable: false,
    noindex: true,
    nofollow: true,
    reasons: [
      {
        code: 'meta-robots',
        blocking: true,
        source: '<meta name="robots" content="noindex, nofollow">',
        detail: asWritten('A robots META says noindex.'),
      },
      {
        code: 'nofollow',
        blocking: false,
        source: '<meta name="robots" content="noindex, nofollow">',
        detail: asWritten('Links on this page are not followed.'),
      },
    ],
  }),
  page('/both.html', {
    indexable: false,
    noindex: true,
    reasons: [
      {
        code: 'x-robots-tag',
        blocking: true,
        source: 'X-Robots-Tag: noindex',
        detail: asWritten('The X-Robots-Tag header says noindex.'),
      },
      {
        code: 'meta-robots',
        blocking: true,
        source: '<meta name="googlebot" content="noindex">',
        detail: asWritten('A googlebot META says noindex.'),
      },
    ],
  }),
  page('/private/a.html', {
    indexable: false,
    title: null,
    reasons: [
      {
        code: 'robots-txt',
        blocking: true,
        source: phrase('robots_line_rule', { line: '2', rule: 'Disallow: /private/' }),
        detail: asWritten('robots.txt forbids fetching it.'),
      },
    ],
  }),
  page('/price-list.csv', { contentType: 'text/csv', indexable: null, title: null }),
];

const CODES = Object.keys(FINDING_FAMILIES) as SiteFindingCode[];

/** One finding per code, with a target, a value and related pages on some. */
export const AUDIT_FINDINGS: SiteFinding[] = CODES.map((code, index) => ({
  code,
  severity: index % 3 === 0 ? 'error' : index % 3 === 1 ? 'warning' : 'note',
  url: at(`/page-${index}.html`),
  ...(index % 2 === 0 ? { target: at(`/target-${index}.html`) } : {}),
  ...(code === 'title-duplicate'
    ? {
        value: HOSTILE_TITLE,
        related: [at('/a.html'), at('/b.html'), at('/c.html'), at('/d.html')],
      }
    : {}),
  ...(code === 'hreflang-invalid-code' ? { value: 'en-XX-bogus' } : {}),
  detail: asWritten(`What ${code} means.`),
}));

/** The report: an empty crawl's, with the pages, the audit and the findings above. */
export function auditReport(): CrawlReport {
  const checkpoint = CrawlBook.start(
    { ...DEFAULT_CRAWL_OPTIONS, startUrls: [`${AUDIT_SITE}/`] },
    Date.UTC(2026, 0, 15, 12),
  ).toJSON();
  const report = buildReport(checkpoint, checkpointStats(checkpoint));
  const byFinding: Partial<Record<SiteFindingCode, number>> = {};
  for (const f of AUDIT_FINDINGS) byFinding[f.code] = (byFinding[f.code] ?? 0) + 1;
  return {
    ...report,
    pages: AUDIT_PAGES,
    audit: {
      robot: 'googlebot',
      pages: 6,
      indexable: 3,
      notIndexable: 3,
      byReason: { 'meta-robots': 2, 'robots-txt': 1, 'x-robots-tag': 1 },
      byFinding,
    },
    findings: AUDIT_FINDINGS,
  };
}
