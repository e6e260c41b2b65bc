/** Noindex: pages that say noindex or nofollow, and pages whose links were not followed. */
import type { CrawlReport } from '../../../lib/crawl/report.ts';
import type { Translator } from '../../../lib/i18n/translator.ts';
import { useI18n } from '../../i18n.tsx';
import {
  countColumn,
  statusColumn,
  textColumn,
  urlColumn,
  urlListColumn,
  type Row,
} from '../columns.tsx';
import { ReportTable } from '../ReportTable.tsx';
import { noindexPageRows } from '../section-rows.ts';
import type { ReportSection } from '../section-model.ts';
import type { TableSpec } from '../table/table-model.ts';

type Page = Row<'pages'>;

const directivesOf = (page: Page) =>
  [page.noindex ? 'noindex' : '', page.nofollow ? 'nofollow' : ''].filter(Boolean).join(', ');

export function robotsPagesSpec(report: CrawlReport, i18n: Translator): TableSpec<Page> {
  const { t, plural } = i18n;
  return {
    id: 'noindex',
    count: (n) => plural('rows_noindex_or_nofollow_pages', n),
    noun: t('noun_noindex_or_nofollow_pages'),
    rows: noindexPageRows(report),
    searchText: (r) => r.url,
    filters: [{ label: t('col_directives'), valueOf: directivesOf }],
    columns: [
      urlColumn('url', t('col_page')),
      textColumn('directives', t('col_says'), directivesOf),
      statusColumn('status', t('col_status'), i18n),
      countColumn('depth', t('col_depth'), (r) => r.depth),
    ],
  };
}

export function notFollowedSpec(
  report: CrawlReport,
  i18n: Translator,
): TableSpec<Row<'notFollowed'>> {
  const { t, plural } = i18n;
  return {
    id: 'not-followed',
    count: (n) => plural('rows_pages_with_links_not_followed', n),
    noun: t('noun_pages_with_links_not_followed'),
    rows: report.notFollowed,
    searchText: (r) => `${r.page}\n${r.links.join('\n')}`,
    columns: [
      urlColumn('page', t('col_page')),
      countColumn('count', t('col_links'), (r) => r.links.length),
      urlListColumn('links', t('col_links_not_followed'), (r) => r.links),
    ],
  };
}

function NoindexTables({ report }: { report: CrawlReport }) {
  const { t } = useI18n();
  return (
    <>
      <h2>{t('noindex_pages_heading')}</h2>
      <ReportTable report={report} build={robotsPagesSpec} />
      <h2>{t('not_followed_heading')}</h2>
      <ReportTable report={report} build={notFollowedSpec} />
    </>
  );
}

export const section: ReportSection = {
  id: 'noindex',
  label: 'section_noindex',
  about: 'about_noindex',
  lists: ['pages', 'notFollowed'],
  count: (report) => noindexPageRows(report).length + report.notFollowed.length,
  Body: NoindexTables,
};
