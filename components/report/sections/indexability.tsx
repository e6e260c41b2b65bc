/**
 * Indexability: every crawled page with its verdict for the audit robot
 * (job 1 for the whole site), its reasons blocking first, title and
 * canonical, and the META directives the crawl itself obeyed; then the
 * pages whose links were not followed. Filter by verdict and by reason.
 */
import { indexabilityCsv } from '../../../lib/crawl/audit-csv.ts';
import type { CrawlReport } from '../../../lib/crawl/report.ts';
import { isPhrase } from '../../../lib/i18n/phrase.ts';
import type { Translator } from '../../../lib/i18n/translator.ts';
import { englishTranslator } from '../../english.ts';
import { useI18n } from '../../i18n.tsx';
import { PageText } from '../../PageText.tsx';
import { UrlText } from '../cells.tsx';
import {
  countColumn,
  statusColumn,
  textColumn,
  urlColumn,
  urlListColumn,
  type Row,
} from '../columns.tsx';
import { TableExports } from '../ExportButtons.tsx';
import { ReportTable } from '../ReportTable.tsx';
import type { ReportSection } from '../section-model.ts';
import type { TableSpec } from '../table/table-model.ts';

type Page = Row<'pages'>;
type Verdict = 'indexable' | 'not-indexable' | 'not-audited';

const verdictOf = (page: Page): Verdict =>
  page.indexable === null ? 'not-audited' : page.indexable ? 'indexable' : 'not-indexable';

/** Not indexable first: what a webmaster came for. */
const VERDICT_ORDER: Record<Verdict, number> = {
  'not-indexable': 0,
  indexable: 1,
  'not-audited': 2,
};

export function verdictText(verdict: string, { t }: Translator): string {
  return verdict === 'indexable'
    ? t('verdict_indexable')
    : verdict === 'not-indexable'
      ? t('verdict_not_indexable')
      : t('verdict_not_audited');
}

const directivesOf = (page: Page) =>
  [page.noindex ? 'noindex' : '', page.nofollow ? 'nofollow' : ''].filter(Boolean).join(', ');

/** Blocking reasons first, as the verdict lists them (kept so whatever the report's order). */
const reasonsOf = (page: Page) => [
  ...page.reasons.filter((r) => r.blocking),
  ...page.reasons.filter((r) => !r.blocking),
];

const sourceText = (source: Page['reasons'][number]['source'], { say }: Translator) =>
  isPhrase(source) ? say(source) : source;

export function indexabilitySpec(report: CrawlReport, i18n: Translator): TableSpec<Page> {
  const { t, plural, say } = i18n;
  return {
    id: 'indexability',
    count: (n) => plural('rows_pages', n),
    noun: t('noun_pages'),
    rows: report.pages,
    searchText: (p) =>
      [
        p.url,
        p.title ?? '',
        p.canonical ?? '',
        ...p.reasons.flatMap((r) => [r.code, say(r.detail), sourceText(r.source, i18n)]),
      ].join('\n'),
    filters: [
      {
        label: t('col_verdict'),
        valueOf: verdictOf,
        labelOf: (verdict) => verdictText(verdict, i18n),
      },
      { label: t('col_reason'), valueOf: (p) => [...new Set(p.reasons.map((r) => r.code))] },
    ],
    initialSort: { column: 'verdict', direction: 'ascending' },
    columns: [
      urlColumn('url', t('col_page')),
      {
        id: 'verdict',
        label: t('col_verdict'),
        width: 'narrow',
        sortValue: (p) => VERDICT_ORDER[verdictOf(p)],
        render: (p) => (
          <span class={`verdict-cell verdict-cell-${verdictOf(p)}`}>
            {verdictText(verdictOf(p), i18n)}
          </span>
        ),
      },
      statusColumn('status', t('col_status'), i18n),
      {
        id: 'title',
        label: t('tag_title'),
        sortValue: (p) => p.title,
        render: (p) => (p.title !== null ? <PageText text={p.title} /> : null),
      },
      {
        id: 'reasons',
        label: t('col_reasons'),
        width: 'wide',
        sortValue: (p) =>
          reasonsOf(p)
            .map((r) => r.code)
            .join(' ') || null,
        render: (p) => <ReasonList page={p} />,
      },
      textColumn('directives', t('col_directives'), directivesOf),
      {
        id: 'canonical',
        label: t('tag_canonical'),
        width: 'wide',
        sortValue: (p) => p.canonical,
        render: (p) => (p.canonical !== null ? <UrlText url={p.canonical} /> : null),
      },
    ],
  };
}

/** Each reason: blocking or a note (in words, not colour alone), its code, what it means, where it was found. */
function ReasonList({ page }: { page: Page }) {
  const i18n = useI18n();
  const { t, say } = i18n;
  const reasons = reasonsOf(page);
  if (reasons.length === 0) return null;
  return (
    <ul class="plain reasons-cell">
      {reasons.map((reason, index) => (
        <li key={index} data-code={reason.code} class={reason.blocking ? 'blocking' : 'note'}>
          <span class="reason-kind">
            {reason.blocking ? t('reason_blocking') : t('reason_note')}
          </span>{' '}
          <code class="reason-code">{reason.code}</code> <PageText text={say(reason.detail)} />{' '}
          <span class="muted where">
            <PageText text={t('reason_source', { source: sourceText(reason.source, i18n) })} />
          </span>
        </li>
      ))}
    </ul>
  );
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

/** "N pages indexable for googlebot, M not", and the count of each blocking reason. */
function IndexabilitySummary({ report }: { report: CrawlReport }) {
  const { t, plural } = useI18n();
  const audit = report.audit;
  if (!audit) return <p class="empty">{t('indexability_not_audited')}</p>;
  const robot = audit.robot === '*' ? t('robot_any_lower') : audit.robot;
  const reasons = Object.entries(audit.byReason).sort(
    ([a, x], [b, y]) => y - x || (a < b ? -1 : 1),
  );
  return (
    <div class="audit-summary" data-testid="indexability-summary">
      <p>{plural('indexability_summary', audit.indexable, { robot, not: audit.notIndexable })}</p>
      {reasons.length > 0 ? (
        <p>
          {t('indexability_by_reason')}{' '}
          {reasons.map(([code, count], index) => (
            <span key={code} class="reason-count">
              {index > 0 ? ', ' : ''}
              {t('table_option', { value: code, count })}
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}

function IndexabilityPanel({ report }: { report: CrawlReport }) {
  const { t } = useI18n();
  return (
    <>
      <IndexabilitySummary report={report} />
      <h2>{t('indexability_pages_heading')}</h2>
      <TableExports
        report={report}
        part="indexability"
        noun={t('noun_pages')}
        csv={() => indexabilityCsv(report, englishTranslator.say)}
        json={() => ({ audit: report.audit, pages: report.pages })}
      />
      <ReportTable report={report} build={indexabilitySpec} />
      <h2>{t('not_followed_heading')}</h2>
      <ReportTable report={report} build={notFollowedSpec} />
    </>
  );
}

export const section: ReportSection = {
  id: 'indexability',
  label: 'section_indexability',
  about: 'about_indexability',
  lists: ['pages', 'notFollowed'],
  count: (report) => report.pages.length + report.notFollowed.length,
  Body: IndexabilityPanel,
};
