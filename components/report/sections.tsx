/** The report's sections (one tab each) and the panel that shows one. */
import { useMemo } from 'preact/hooks';
import type { CrawlReport } from '../../lib/crawl/report.ts';
import type { PlainMessageKey } from '../../lib/i18n/catalog.ts';
import type { Translator } from '../../lib/i18n/translator.ts';
import { useI18n } from '../i18n.tsx';
import { UrlList } from './cells.tsx';
import { DataTable } from './DataTable.tsx';
import {
  aliasesSpec,
  blockedSpec,
  brokenSpec,
  duplicatesSpec,
  forbiddenSpec,
  notFollowedSpec,
  rateLimitedSpec,
  redirectsSpec,
  robotsPagesSpec,
  robotsTxtSpec,
  sitemapSpec,
  skippedSpec,
  soft404Spec,
  trapsSpec,
} from './specs.tsx';
import { noindexPageRows, robotsProblemRows, sitemapRows, soft404Rows } from './section-rows.ts';
import type { TableSpec } from './table-model.ts';

export type SectionId =
  | 'broken'
  | 'redirects'
  | 'traps'
  | 'duplicates'
  | 'noindex'
  | 'skipped'
  | 'blocked'
  | 'rate-limited'
  | 'forbidden'
  | 'aliases'
  | 'sitemap'
  | 'soft-404'
  | 'robots';

export interface Section {
  id: SectionId;
  label: PlainMessageKey;
  count: number;
}

/**
 * The sections of a report, with their counts: the rows of the tables each
 * shows (section-rows.ts), counted from the same lists. The sitemap section
 * only when sitemaps were read.
 */
export function sectionsOf(report: CrawlReport): Section[] {
  const sitemap = report.sitemap;
  const sections: (Section | null)[] = [
    { id: 'broken', label: 'section_broken', count: report.broken.length },
    { id: 'redirects', label: 'section_redirects', count: report.redirects.length },
    { id: 'traps', label: 'section_traps', count: report.traps.length },
    { id: 'duplicates', label: 'section_duplicates', count: report.duplicates.length },
    {
      id: 'noindex',
      label: 'section_noindex',
      count: noindexPageRows(report).length + report.notFollowed.length,
    },
    { id: 'skipped', label: 'section_skipped', count: report.skipped.length },
    { id: 'blocked', label: 'section_blocked', count: report.blocked.length },
    { id: 'rate-limited', label: 'section_rate_limited', count: report.rateLimited.length },
    { id: 'forbidden', label: 'section_forbidden', count: report.forbidden.length },
    { id: 'aliases', label: 'section_aliases', count: report.aliases.length },
    sitemap
      ? {
          id: 'sitemap',
          label: 'section_sitemap',
          count: sitemapRows(report).length,
        }
      : null,
    { id: 'soft-404', label: 'section_soft_404', count: soft404Rows(report).length },
    { id: 'robots', label: 'section_robots', count: robotsProblemRows(report).length },
  ];
  return sections.filter((s): s is Section => s !== null);
}

const ABOUT: Record<SectionId, PlainMessageKey> = {
  broken: 'about_broken',
  redirects: 'about_redirects',
  traps: 'about_traps',
  duplicates: 'about_duplicates',
  noindex: 'about_noindex',
  skipped: 'about_skipped',
  blocked: 'about_blocked',
  'rate-limited': 'about_rate_limited',
  forbidden: 'about_forbidden',
  aliases: 'about_aliases',
  sitemap: 'about_sitemap',
  'soft-404': 'about_soft_404',
  robots: 'about_robots',
};

/** One section's tables; memoized on the report, so switching back is cheap. */
export function SectionPanel({ id, report }: { id: SectionId; report: CrawlReport }) {
  const { t } = useI18n();
  return (
    <>
      <p class="about">{t(ABOUT[id])}</p>
      {id === 'broken' ? <Table report={report} build={brokenSpec} /> : null}
      {id === 'redirects' ? <Table report={report} build={redirectsSpec} /> : null}
      {id === 'traps' ? <Table report={report} build={trapsSpec} /> : null}
      {id === 'duplicates' ? <Table report={report} build={duplicatesSpec} /> : null}
      {id === 'noindex' ? (
        <>
          <h2>{t('noindex_pages_heading')}</h2>
          <Table report={report} build={robotsPagesSpec} />
          <h2>{t('not_followed_heading')}</h2>
          <Table report={report} build={notFollowedSpec} />
        </>
      ) : null}
      {id === 'skipped' ? <Table report={report} build={skippedSpec} /> : null}
      {id === 'blocked' ? <Table report={report} build={blockedSpec} /> : null}
      {id === 'rate-limited' ? <Table report={report} build={rateLimitedSpec} /> : null}
      {id === 'forbidden' ? <Table report={report} build={forbiddenSpec} /> : null}
      {id === 'aliases' ? <Table report={report} build={aliasesSpec} /> : null}
      {id === 'sitemap' ? <SitemapPanel report={report} /> : null}
      {id === 'soft-404' ? <Table report={report} build={soft404Spec} /> : null}
      {id === 'robots' ? <Table report={report} build={robotsTxtSpec} /> : null}
    </>
  );
}

function Table<R>({
  report,
  build,
}: {
  report: CrawlReport;
  build: (report: CrawlReport, i18n: Translator) => TableSpec<R>;
}) {
  const i18n = useI18n();
  const spec = useMemo(() => build(report, i18n), [build, report, i18n]);
  return <DataTable spec={spec} />;
}

function SitemapPanel({ report }: { report: CrawlReport }) {
  const { t, number, say } = useI18n();
  const sitemap = report.sitemap;
  if (!sitemap) return <p class="empty">{t('sitemap_not_read')}</p>;
  return (
    <>
      <dl class="facts">
        <dt>{t('sitemap_sitemaps')}</dt>
        <dd>
          {sitemap.sitemaps.length > 0 ? <UrlList urls={sitemap.sitemaps} /> : t('none_found')}
        </dd>
        <dt>{t('sitemap_urls_listed')}</dt>
        <dd>{number(sitemap.urls)}</dd>
        {sitemap.errors.length > 0 ? (
          <>
            <dt>{t('sitemap_errors')}</dt>
            <dd>
              <ul class="plain">
                {sitemap.errors.map((error, index) => (
                  <li key={index} class="error">
                    {say(error)}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
      <Table report={report} build={sitemapSpec} />
    </>
  );
}
