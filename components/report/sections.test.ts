/**
 * Every list of the crawl report that the report page shows has its section
 * (one file in sections/, named by its id) and its row in the README's
 * table of the report page's sections; a list the page does not show is
 * named as such. A new list in `CrawlReport` fails here until it has one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FINDING_FAMILIES } from '../../lib/audit/finding-labels.ts';
import { systemClock } from '../../lib/crawl/clock.ts';
import { Crawler } from '../../lib/crawl/crawl.ts';
import { buildReport, type CrawlReport } from '../../lib/crawl/report.ts';
import { fakeSite, page } from '../../tests/support/fake-site.ts';
import type { ReportList, ReportSection } from './section-model.ts';
import { SECTIONS, sectionsOf } from './sections.tsx';

/** A list as the report names it: the findings of one family (`findings.canonical`) are `findings`. */
const reportListOf = (list: string) => (list.startsWith('findings.') ? 'findings' : list);

/** The report's lists the page does not show (the JSON export has them). */
const NOT_ON_THE_PAGE: ReportList[] = ['unreachableStart', 'sitemap.notFetched', 'sitemap.listed'];

const O = 'http://site.test';

/** A real report, sitemap comparison included, so every list it has is present. */
async function crawledReport(): Promise<CrawlReport> {
  const site = fakeSite({
    [`${O}/robots.txt`]: { body: `Sitemap: ${O}/sitemap.xml\n` },
    [`${O}/sitemap.xml`]: {
      body: `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${O}/listed.html</loc></url></urlset>`,
    },
    [`${O}/`]: { html: page('Home', [['/a.html', 'A']]) },
  });
  const crawler = Crawler.start(
    { startUrls: [`${O}/`], delayMs: 0, useSitemaps: true },
    { http: site.http, clock: systemClock },
  );
  return buildReport(await crawler.run(), crawler.stats());
}

/** The report's array fields, and those one level down (`sitemap.notLinked`). */
function listsOf(report: CrawlReport): string[] {
  return Object.entries(report).flatMap(([key, value]: [string, unknown]) => {
    if (Array.isArray(value)) return [key];
    if (value === null || typeof value !== 'object') return [];
    return Object.entries(value)
      .filter(([, inner]) => Array.isArray(inner))
      .map(([inner]) => `${key}.${inner}`);
  });
}

/** The README's table of the report page's sections: section id → the lists its row names. */
function readmeRows(): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of readFileSync('README.md', 'utf8').split('\n')) {
    const file = /\]\(components\/report\/sections\/([\w-]+)\.tsx\)/.exec(line);
    if (!file || !line.trimStart().startsWith('|')) continue;
    const lists = line.split('|')[2] ?? '';
    rows.set(
      file[1]!,
      [...lists.matchAll(/`([\w.]+)`/g)].map((m) => m[1]!),
    );
  }
  return rows;
}

const sorted = (values: Iterable<string>) => [...values].sort();

describe('report sections', () => {
  it('shows every list of the report in a section, or names it as not on the page', async () => {
    const report = await crawledReport();
    expect(report.sitemap).not.toBeNull();
    const shown = new Set(SECTIONS.flatMap((s) => s.lists).map(reportListOf));
    expect(sorted(listsOf(report))).toEqual(sorted([...shown, ...NOT_ON_THE_PAGE]));
  });

  it('shows every family of site-audit findings, each in one section', () => {
    const families = SECTIONS.flatMap((s) => s.lists)
      .filter((list) => list.startsWith('findings.'))
      .map((list) => list.slice('findings.'.length));
    expect(sorted(families)).toEqual(sorted(new Set(Object.values(FINDING_FAMILIES))));
  });

  it('gives each list one section', () => {
    const shown = SECTIONS.flatMap((s) => s.lists);
    expect(shown).toEqual([...new Set(shown)]);
  });

  it('keeps each section in its own file, named by its id', async () => {
    const files = readdirSync('components/report/sections').filter((f) => f.endsWith('.tsx'));
    expect(sorted(files)).toEqual(sorted(SECTIONS.map((s) => `${s.id}.tsx`)));
    for (const section of SECTIONS) {
      const module = (await import(`./sections/${section.id}.tsx`)) as { section: ReportSection };
      expect(module.section).toBe(section);
    }
  });

  it('has a README row per section, naming the lists the section shows', () => {
    const rows = readmeRows();
    expect(sorted(rows.keys())).toEqual(sorted(SECTIONS.map((s) => s.id)));
    for (const section of SECTIONS) expect(rows.get(section.id)).toEqual([...section.lists]);
  });

  it('names in the README the lists the page does not show', () => {
    const readme = readFileSync('README.md', 'utf8');
    const sentence = /The report's other lists,([^]*?) are in/.exec(readme)?.[1] ?? '';
    expect(sorted([...sentence.matchAll(/`([\w.]+)`/g)].map((m) => m[1]!))).toEqual(
      sorted(NOT_ON_THE_PAGE),
    );
  });

  it('shows the sitemap tab only when sitemaps were read', async () => {
    const report = await crawledReport();
    expect(sectionsOf(report).map((s) => s.id)).toContain('sitemap');
    // Without sitemaps there are no sitemap findings either (the sitemap checks need them).
    const withoutSitemaps = { ...report, sitemap: null, findings: [] };
    expect(sectionsOf(withoutSitemaps).map((s) => s.id)).not.toContain('sitemap');
  });
});
