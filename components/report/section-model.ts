/**
 * What a report section is: one tab of the report page, one file in
 * sections/ named by its id, and one row of the README's table of the
 * report page's sections (sections.test.ts checks all three agree).
 * sections.tsx lists them in tab order.
 */
import type { FunctionComponent } from 'preact';
import type { FindingFamily } from '../../lib/audit/finding-labels.ts';
import type { CrawlReport } from '../../lib/crawl/report.ts';
import type { PlainMessageKey } from '../../lib/i18n/catalog.ts';

export type SectionId =
  | 'broken'
  | 'redirects'
  | 'traps'
  | 'duplicates'
  | 'indexability'
  | 'canonical'
  | 'hreflang'
  | 'titles'
  | 'links'
  | 'skipped'
  | 'blocked'
  | 'rate-limited'
  | 'forbidden'
  | 'aliases'
  | 'sitemap'
  | 'soft-404'
  | 'robots';

type ListKeys<T> = {
  [K in keyof T & string]-?: NonNullable<T[K]> extends readonly unknown[] ? K : never;
}[keyof T & string];

/**
 * The report's lists: its array fields, the sitemap comparison's
 * (`sitemap.notLinked`), and the findings of one family of checks
 * (`findings.canonical`): the findings are shown in one section per family.
 */
export type ReportList =
  | Exclude<ListKeys<CrawlReport>, 'findings'>
  | `sitemap.${ListKeys<NonNullable<CrawlReport['sitemap']>>}`
  | `findings.${FindingFamily}`;

export interface ReportSection {
  id: SectionId;
  /** Its tab's label: the section's heading. */
  label: PlainMessageKey;
  /** The sentence at the top of its panel. */
  about: PlainMessageKey;
  /** The report lists it shows. */
  lists: readonly ReportList[];
  /** Its tab's count: the rows of its tables, counted from the same lists (section-rows.ts). */
  count: (report: CrawlReport) => number;
  /** When absent, the section is always shown. */
  shownFor?: (report: CrawlReport) => boolean;
  /** Its tables, under the about line. */
  Body: FunctionComponent<{ report: CrawlReport }>;
}
