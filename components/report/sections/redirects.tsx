/** Redirects: every redirected link with its chain hop by hop and where it ends. */
import type { CrawlReport } from '../../../lib/crawl/report.ts';
import { outcomeText } from '../../../lib/crawl/outcome-labels.ts';
import type { Translator } from '../../../lib/i18n/translator.ts';
import { UrlText } from '../cells.tsx';
import { statusColumn, urlColumn, type Row } from '../columns.tsx';
import { ReportTable } from '../ReportTable.tsx';
import type { ReportSection } from '../section-model.ts';
import type { TableSpec } from '../table/table-model.ts';

export function redirectsSpec(report: CrawlReport, i18n: Translator): TableSpec<Row<'redirects'>> {
  const { t, plural } = i18n;
  return {
    id: 'redirects',
    count: (n) => plural('rows_redirects', n),
    noun: t('noun_redirects'),
    rows: report.redirects,
    searchText: (r) => [r.from, ...r.chain.map((hop) => hop.url), r.to].join('\n'),
    filters: [
      {
        label: t('col_outcome'),
        valueOf: (r) => r.outcome,
        labelOf: (value) => outcomeText(value, i18n),
      },
    ],
    columns: [
      urlColumn('from', t('col_from')),
      {
        id: 'chain',
        label: t('col_chain_hop_by_hop'),
        width: 'wide',
        sortValue: (r) => r.chain.length,
        render: (r) => (
          <ol class="chain">
            {r.chain.map((hop, index) => (
              <li key={index}>
                <span class="hop-status">{hop.status || '3xx'}</span> <UrlText url={hop.url} />
              </li>
            ))}
          </ol>
        ),
      },
      urlColumn('to', t('col_final_url')),
      statusColumn('finalStatus', t('col_final_status'), i18n),
      {
        id: 'outcome',
        label: t('col_outcome'),
        width: 'narrow',
        sortValue: (r) => r.outcome,
        render: (r) => (
          <span class={`outcome outcome-${r.outcome}`}>{outcomeText(r.outcome, i18n)}</span>
        ),
      },
    ],
  };
}

export const section: ReportSection = {
  id: 'redirects',
  label: 'section_redirects',
  about: 'about_redirects',
  lists: ['redirects'],
  count: (report) => report.redirects.length,
  Body: ({ report }) => <ReportTable report={report} build={redirectsSpec} />,
};
