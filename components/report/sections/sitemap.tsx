/**
 * Sitemap: how the sitemaps robots.txt names compare with what the crawl
 * found (listed but not linked, linked but not listed), with the sitemaps
 * read, their URL count and their errors; and the site audit's sitemap
 * checks (listed URLs that redirect, are broken, noindex, blocked or not
 * canonical; indexable pages not listed). Shown when sitemaps were read or
 * the audit found something about them.
 */
import type { CrawlReport } from '../../../lib/crawl/report.ts';
import type { PlainMessageKey } from '../../../lib/i18n/catalog.ts';
import type { Translator } from '../../../lib/i18n/translator.ts';
import { useI18n } from '../../i18n.tsx';
import { UrlList } from '../cells.tsx';
import { urlColumn } from '../columns.tsx';
import { ReportTable } from '../ReportTable.tsx';
import { FindingsPanel } from '../findings.tsx';
import { findingRows, sitemapRows, type SitemapRow } from '../section-rows.ts';
import type { ReportSection } from '../section-model.ts';
import type { TableSpec } from '../table/table-model.ts';

const SITEMAP_FINDINGS: Record<SitemapRow['finding'], PlainMessageKey> = {
  'not-linked': 'sitemap_not_linked',
  'missing-from-sitemap': 'sitemap_missing',
};

export function sitemapSpec(report: CrawlReport, i18n: Translator): TableSpec<SitemapRow> {
  const { t, plural } = i18n;
  const rows = sitemapRows(report);
  return {
    id: 'sitemap',
    count: (n) => plural('rows_sitemap_differences', n),
    noun: t('noun_sitemap_differences'),
    rows,
    searchText: (r) => r.url,
    filters: [
      {
        label: t('col_finding'),
        valueOf: (r) => r.finding,
        labelOf: (value) => t(SITEMAP_FINDINGS[value as SitemapRow['finding']]),
      },
    ],
    columns: [
      urlColumn('url', t('col_url')),
      {
        id: 'finding',
        label: t('col_finding'),
        sortValue: (r) => r.finding,
        render: (r) => t(SITEMAP_FINDINGS[r.finding]),
      },
    ],
  };
}

function SitemapPanel({ report }: { report: CrawlReport }) {
  const { t } = useI18n();
  return (
    <>
      <SitemapComparison report={report} />
      {report.audit ? (
        <>
          <h2>{t('sitemap_checks_heading')}</h2>
          <FindingsPanel report={report} family="sitemap" />
        </>
      ) : null}
    </>
  );
}

function SitemapComparison({ report }: { report: CrawlReport }) {
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
      <ReportTable report={report} build={sitemapSpec} />
    </>
  );
}

export const section: ReportSection = {
  id: 'sitemap',
  label: 'section_sitemap',
  about: 'about_sitemap',
  lists: [
    'sitemap.notLinked',
    'sitemap.missingFromSitemap',
    'sitemap.sitemaps',
    'sitemap.errors',
    'findings.sitemap',
  ],
  count: (report) => sitemapRows(report).length + findingRows(report, 'sitemap').length,
  shownFor: (report) => Boolean(report.sitemap) || findingRows(report, 'sitemap').length > 0,
  Body: SitemapPanel,
};
