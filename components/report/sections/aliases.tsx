/** Aliases: links written differently that are the same URL once normalized, and why. */
import type { CrawlReport } from '../../../lib/crawl/report.ts';
import type { PlainMessageKey } from '../../../lib/i18n/catalog.ts';
import type { Translator } from '../../../lib/i18n/translator.ts';
import type { AliasReason } from '../../../lib/url/alias-reasons.ts';
import { PageText } from '../../PageText.tsx';
import { urlColumn, type Row } from '../columns.tsx';
import { ReportTable } from '../ReportTable.tsx';
import type { ReportSection } from '../section-model.ts';
import type { TableSpec } from '../table/table-model.ts';

const ALIAS_REASONS: Record<AliasReason, PlainMessageKey> = {
  whitespace: 'alias_whitespace',
  backslash: 'alias_backslash',
  'scheme-case': 'alias_scheme_case',
  credentials: 'alias_credentials',
  'host-case': 'alias_host_case',
  'idn-host': 'alias_idn_host',
  'ip-address': 'alias_ip_address',
  'default-port': 'alias_default_port',
  'empty-path': 'alias_empty_path',
  'dot-segment': 'alias_dot_segment',
  'unreserved-escape': 'alias_unreserved_escape',
  'escape-case': 'alias_escape_case',
  'unencoded-character': 'alias_unencoded_character',
  fragment: 'alias_fragment',
};

/** Why two spellings are one URL, in words; an unknown code (a newer crawl) as itself. */
function aliasText(code: string, { t }: Translator): string {
  return Object.hasOwn(ALIAS_REASONS, code) ? t(ALIAS_REASONS[code as AliasReason]) : code;
}

export function aliasesSpec(report: CrawlReport, i18n: Translator): TableSpec<Row<'aliases'>> {
  const { t, plural } = i18n;
  return {
    id: 'aliases',
    count: (n) => plural('rows_aliases', n),
    noun: t('noun_aliases'),
    rows: report.aliases,
    searchText: (r) => `${r.raw}\n${r.url}\n${r.page}`,
    columns: [
      {
        id: 'raw',
        label: t('col_link_as_written'),
        width: 'wide',
        sortValue: (r) => r.raw,
        render: (r) => (
          <code class="url">
            <PageText text={r.raw} />
          </code>
        ),
      },
      urlColumn('url', t('col_same_url_as')),
      urlColumn('page', t('col_on_page')),
      {
        id: 'reasons',
        label: t('col_why'),
        sortValue: (r) => r.reasons.join(', '),
        render: (r) => r.reasons.map((code) => aliasText(code, i18n)).join(t('list_separator')),
      },
    ],
  };
}

export const section: ReportSection = {
  id: 'aliases',
  label: 'section_aliases',
  about: 'about_aliases',
  lists: ['aliases'],
  count: (report) => report.aliases.length,
  Body: ({ report }) => <ReportTable report={report} build={aliasesSpec} />,
};
