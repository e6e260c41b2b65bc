/**
 * The report's sections in tab order (one file each in sections/, named by
 * its id), and the panel that shows one.
 */
import type { CrawlReport } from '../../lib/crawl/report.ts';
import type { PlainMessageKey } from '../../lib/i18n/catalog.ts';
import { useI18n } from '../i18n.tsx';
import type { ReportSection, SectionId } from './section-model.ts';
import { section as aliases } from './sections/aliases.tsx';
import { section as blocked } from './sections/blocked.tsx';
import { section as broken } from './sections/broken.tsx';
import { section as canonical } from './sections/canonical.tsx';
import { section as duplicates } from './sections/duplicates.tsx';
import { section as forbidden } from './sections/forbidden.tsx';
import { section as hreflang } from './sections/hreflang.tsx';
import { section as indexability } from './sections/indexability.tsx';
import { section as links } from './sections/links.tsx';
import { section as rateLimited } from './sections/rate-limited.tsx';
import { section as redirects } from './sections/redirects.tsx';
import { section as robots } from './sections/robots.tsx';
import { section as sitemap } from './sections/sitemap.tsx';
import { section as skipped } from './sections/skipped.tsx';
import { section as soft404 } from './sections/soft-404.tsx';
import { section as titles } from './sections/titles.tsx';
import { section as traps } from './sections/traps.tsx';

export type { SectionId } from './section-model.ts';

export const SECTIONS: readonly ReportSection[] = [
  broken,
  redirects,
  traps,
  duplicates,
  indexability,
  canonical,
  hreflang,
  titles,
  links,
  skipped,
  blocked,
  rateLimited,
  forbidden,
  aliases,
  sitemap,
  soft404,
  robots,
];

export interface Section {
  id: SectionId;
  label: PlainMessageKey;
  count: number;
}

/**
 * The sections of a report, with their counts: the rows of the tables each
 * shows (section-rows.ts), counted from the same lists. The sitemap section
 * only when sitemaps were read (or audited), the audit's checks only when it ran.
 */
export function sectionsOf(report: CrawlReport): Section[] {
  return SECTIONS.filter((s) => s.shownFor?.(report) ?? true).map((s) => ({
    id: s.id,
    label: s.label,
    count: s.count(report),
  }));
}

/** One section's tables; memoized on the report, so switching back is cheap. */
export function SectionPanel({ id, report }: { id: SectionId; report: CrawlReport }) {
  const { t } = useI18n();
  const { about, Body } = SECTIONS.find((s) => s.id === id)!;
  return (
    <>
      <p class="about">{t(about)}</p>
      <Body report={report} />
    </>
  );
}
