/**
 * The broken links the CI outputs (JUnit, SARIF, Markdown) list: the ones
 * the exit code counts — the site's own, then those to other sites, not
 * the unverifiable ones — each with every page that carries it.
 */
import type { CrawlReport } from '../../lib/crawl/report.ts';
import type { ReportSections } from '../../lib/crawl/report-sections.ts';

export type BrokenRow = CrawlReport['broken'][number];

export function brokenRows(report: CrawlReport, sections: ReportSections): BrokenRow[] {
  const byUrl = new Map(report.broken.map((row) => [row.url, row]));
  return [...sections.siteBroken, ...sections.offSiteBroken].flatMap((problem) => {
    const row = byUrl.get(problem.url);
    return row ? [row] : [];
  });
}

/** A row's pages; a report saved before `pages` existed has only its first sources. */
export function pagesOf(row: BrokenRow): BrokenRow['pages'] {
  if (row.pages?.length) return row.pages;
  const pages = new Map<string, BrokenRow['pages'][number]>();
  for (const { page, ...link } of row.foundOn) {
    const seen = pages.get(page);
    if (seen) {
      seen.linkCount++;
      seen.links.push(link);
    } else pages.set(page, { page, linkCount: 1, links: [link] });
  }
  return [...pages.values()];
}
