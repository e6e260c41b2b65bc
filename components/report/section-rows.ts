/**
 * The rows of each report section: one source for a tab's count and the
 * tables it shows, so "Soft 404 (0)" can never sit over a table with a row.
 * Sections list findings only — a site whose robots.txt answered as it
 * should, or that answers a missing page with a 404, is not one.
 */
import { findingFamily, type FindingFamily } from '../../lib/audit/finding-labels.ts';
import type { SiteFinding } from '../../lib/audit/types.ts';
import type { CrawlReport } from '../../lib/crawl/report.ts';
import { isRobotsProblem } from '../../lib/crawl/robots-problem.ts';

type Rows<K extends keyof CrawlReport> = CrawlReport[K] extends (infer R)[] | null ? R[] : never;

export interface SitemapRow {
  url: string;
  finding: 'not-linked' | 'missing-from-sitemap';
}

/** The findings of one family of checks (lib/audit/finding-labels.ts), in the report's order. */
export const findingRows = (report: CrawlReport, family: FindingFamily): SiteFinding[] =>
  report.findings.filter((f) => findingFamily(f.code) === family);

export const soft404Rows = (report: CrawlReport): Rows<'soft404'> =>
  report.soft404.filter((s) => s.detected);

export const robotsProblemRows = (report: CrawlReport): Rows<'robots'> =>
  report.robots.filter(isRobotsProblem);

export function sitemapRows(report: CrawlReport): SitemapRow[] {
  const sitemap = report.sitemap;
  if (!sitemap) return [];
  return [
    ...sitemap.notLinked.map((url) => ({ url, finding: 'not-linked' as const })),
    ...sitemap.missingFromSitemap.map((url) => ({
      url,
      finding: 'missing-from-sitemap' as const,
    })),
  ];
}
