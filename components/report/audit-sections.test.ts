/**
 * The site audit's sections on a hand-made report holding every finding
 * code: which tabs show, what they count, how the tables filter and sort.
 */
import { describe, expect, it } from 'vitest';
import {
  FINDING_FAMILIES,
  FINDING_LABELS,
  findingText,
  severityText,
} from '../../lib/audit/finding-labels.ts';
import type { SiteFindingCode } from '../../lib/audit/types.ts';
import { auditReport, HOSTILE_TITLE } from '../../tests/support/audit-report.ts';
import { englishTranslator as en } from '../english.ts';
import { findingsSpec } from './findings.tsx';
import { findingRows } from './section-rows.ts';
import { sectionsOf } from './sections.tsx';
import { indexabilitySpec } from './sections/indexability.tsx';
import { sitemapSpec } from './sections/sitemap.tsx';
import { filterOptions, matchRows, prepareRows, sortRows } from './table/table-model.ts';

const report = auditReport();
const CODES = Object.keys(FINDING_FAMILIES) as SiteFindingCode[];

describe('finding labels', () => {
  it('give every code its own words, and unknown codes as themselves', () => {
    const labels = CODES.map((code) => findingText(code, en));
    expect(new Set(labels).size).toBe(CODES.length);
    expect(new Set(Object.values(FINDING_LABELS)).size).toBe(CODES.length);
    expect(findingText('from-a-newer-version', en)).toBe('from-a-newer-version');
    expect(['error', 'warning', 'note'].map((s) => severityText(s, en))).toEqual([
      'error',
      'warning',
      'note',
    ]);
  });
});

describe('site audit sections', () => {
  it('each family counts its own findings, and together all of them', () => {
    const counts = Object.fromEntries(sectionsOf(report).map((s) => [s.id, s.count]));
    expect(counts).toMatchObject({
      indexability: report.pages.length,
      canonical: 8,
      hreflang: 7,
      titles: 8,
      links: 4,
      // No sitemap comparison in this report: only the audit's sitemap findings.
      sitemap: 7,
    });
    const families = new Set(Object.values(FINDING_FAMILIES));
    const total = [...families].reduce((sum, f) => sum + findingRows(report, f).length, 0);
    expect(total).toBe(report.findings.length);
    for (const family of families) {
      for (const finding of findingRows(report, family))
        expect(FINDING_FAMILIES[finding.code]).toBe(family);
    }
  });

  it.each([
    [
      'the audit did not run',
      { audit: null, findings: [] },
      ['indexability'],
      ['canonical', 'hreflang', 'titles', 'links', 'sitemap'],
    ],
    [
      'the audit ran and found nothing',
      { findings: [] },
      ['indexability', 'canonical', 'hreflang', 'titles', 'links'],
      ['sitemap'],
    ],
  ])('when %s: tabs shown and hidden', (_when, change, shown, hidden) => {
    const ids = sectionsOf({ ...report, ...change }).map((s) => s.id);
    for (const id of shown) expect(ids).toContain(id);
    for (const id of [...hidden, 'noindex']) expect(ids).not.toContain(id);
  });

  it('the sitemap tab counts its comparison and its findings together', () => {
    const sitemap = {
      sitemaps: ['https://audit.example/sitemap.xml'],
      urls: 3,
      notLinked: ['https://audit.example/orphan.html'],
      missingFromSitemap: [],
      errors: [],
      notFetched: [],
    };
    const withSitemap = { ...report, sitemap };
    expect(sectionsOf(withSitemap).find((s) => s.id === 'sitemap')?.count).toBe(1 + 7);
    expect(sitemapSpec(withSitemap, en).rows).toHaveLength(1);
  });
});

describe('the findings table', () => {
  const spec = findingsSpec(findingRows(report, 'titles'), 'findings-titles', en);
  const rows = prepareRows(spec);

  it('filters by code and by severity, with the words for each', () => {
    const codes = filterOptions(rows, 0).map((o) => spec.filters![0]!.labelOf!(o.value));
    expect(codes).toContain('Duplicate title');
    expect(codes).toHaveLength(8);
    const severities = filterOptions(rows, 1).map((o) => o.value);
    expect(severities.sort()).toEqual(['error', 'note', 'warning']);
    const duplicates = matchRows(rows, ['title-duplicate', ''], '');
    expect(duplicates.map((r) => r.row.value)).toEqual([HOSTILE_TITLE]);
  });

  it('sorts errors first at first, and searches related pages and details', () => {
    const severity = spec.columns.find((c) => c.id === 'severity');
    const sorted = sortRows(rows, severity, 'ascending').map((r) => r.row.severity);
    expect(sorted).toEqual([...sorted].sort((a, b) => rank(a) - rank(b)));
    expect(spec.initialSort).toEqual({ column: 'severity', direction: 'ascending' });
    expect(matchRows(rows, ['', ''], 'audit.example/d.html')).toHaveLength(1);
    expect(matchRows(rows, ['', ''], 'what title-too-long')).toHaveLength(1);
  });

  it('can sort by every column', () => {
    const unsortable = spec.columns.filter((c) => !c.sortValue).map((c) => c.id);
    expect(unsortable).toEqual([]);
  });
});

const rank = (severity: string) => ['error', 'warning', 'note'].indexOf(severity);

describe('the indexability table', () => {
  const spec = indexabilitySpec(report, en);
  const rows = prepareRows(spec);
  const urls = (selected: string[], query = '') =>
    matchRows(rows, selected, query).map((r) => r.row.url.replace('https://audit.example', ''));

  it('lists every page, with a verdict filter and a reason filter counting pages', () => {
    expect(rows).toHaveLength(report.pages.length);
    expect(filterOptions(rows, 0)).toEqual([
      { value: 'indexable', count: 3 },
      { value: 'not-indexable', count: 3 },
      { value: 'not-audited', count: 1 },
    ]);
    expect(filterOptions(rows, 0).map((o) => spec.filters![0]!.labelOf!(o.value))).toEqual([
      'Indexable',
      'Not indexable',
      'Not audited',
    ]);
    expect(filterOptions(rows, 1)).toEqual([
      { value: 'meta-robots', count: 2 },
      { value: 'nofollow', count: 1 },
      { value: 'nosnippet', count: 1 },
      { value: 'robots-txt', count: 1 },
      { value: 'x-robots-tag', count: 1 },
    ]);
  });

  it.each([
    [['not-indexable', ''], '', ['/hidden.html', '/both.html', '/private/a.html']],
    [['', 'meta-robots'], '', ['/hidden.html', '/both.html']],
    [['indexable', 'nosnippet'], '', ['/notes.html']],
    [['', ''], 'onerror', ['/hostile.html']],
    [['', ''], 'disallow: /private/', ['/private/a.html']],
  ])('filters %j, search %j → %j', (selected, query, expected) => {
    expect(urls(selected, query)).toEqual(expected);
  });

  it('sorts by every column; by verdict, not indexable first', () => {
    expect(spec.columns.filter((c) => !c.sortValue).map((c) => c.id)).toEqual([]);
    const verdict = spec.columns.find((c) => c.id === 'verdict');
    const sorted = sortRows(rows, verdict, 'ascending').map((r) => r.row.indexable);
    expect(sorted).toEqual([false, false, false, true, true, true, null]);
  });
});
