/**
 * The report's lists as table specs: columns, search text and filter of
 * each. Pure functions of the report, memoized by their callers.
 */
import type { CrawlReport } from '../../lib/crawl/report.ts';
import { FoundOn, UrlList, UrlText, statusText } from './cells.tsx';
import {
  noindexPageRows,
  robotsProblemRows,
  sitemapRows,
  soft404Rows,
  type SitemapRow,
} from './section-rows.ts';
import type { TableSpec } from './table-model.ts';
import type { PlainMessageKey } from '../../lib/i18n/catalog.ts';
import type { Phrase } from '../../lib/i18n/phrase.ts';
import type { Translator } from '../../lib/i18n/translator.ts';
import { outcomeText } from '../../lib/i18n/labels.ts';
import type { AliasReason } from '../../lib/url/alias-reasons.ts';
import { PageText } from '../PageText.tsx';

/** A report row's reason, in the reader's language. */
interface ReasonRow {
  reason: Phrase;
}

function reasonText(row: ReasonRow, { say }: Translator): string {
  return say(row.reason);
}

/** The rule that caught a trap, likewise. */
function trapText(row: { detail: Phrase }, { say }: Translator): string {
  return say(row.detail);
}

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

type Row<K extends keyof CrawlReport> = CrawlReport[K] extends (infer R)[] | null ? R : never;
type Page = Row<'pages'>;

/** The URL column most lists start with: sortable, shown as text (a link only when http/https). */
function urlColumn<R extends { url: string }>(label: string): TableSpec<R>['columns'][number] {
  return {
    id: 'url',
    label,
    width: 'wide',
    sortValue: (r) => r.url,
    render: (r) => <UrlText url={r.url} />,
  };
}

const sourcesText = (sources: { page: string; text: string }[]) =>
  sources.map((s) => `${s.page}\n${s.text}`).join('\n');

export function brokenSpec(report: CrawlReport, i18n: Translator): TableSpec<Row<'broken'>> {
  const { t, plural } = i18n;
  return {
    id: 'broken',
    count: (n) => plural('rows_broken_links', n),
    noun: t('noun_broken_links'),
    rows: report.broken,
    searchText: (r) => `${r.url}\n${reasonText(r, i18n)}\n${sourcesText(r.foundOn)}`,
    filter: { label: t('col_kind'), valueOf: (r) => r.kind },
    columns: [
      {
        id: 'url',
        label: t('col_broken_url'),
        width: 'wide',
        sortValue: (r) => r.url,
        render: (r) => (
          <>
            <UrlText url={r.url} />
            {r.internal ? null : <span class="tag">{t('tag_other_site')}</span>}
          </>
        ),
      },
      {
        id: 'status',
        label: t('col_status'),
        width: 'narrow',
        sortValue: (r) => r.status,
        render: (r) => statusText(r.status, i18n),
      },
      {
        id: 'kind',
        label: t('col_kind_and_reason'),
        sortValue: (r) => r.kind,
        render: (r) => (
          <>
            <span class="kind">{r.kind}</span>{' '}
            <span class="muted">
              <PageText text={reasonText(r, i18n)} />
            </span>
          </>
        ),
      },
      {
        id: 'links',
        label: t('col_links'),
        width: 'narrow',
        sortValue: (r) => r.linkCount,
        render: (r) => i18n.number(r.linkCount),
      },
      {
        id: 'foundOn',
        label: t('col_found_on_page_anchor_text'),
        width: 'wide',
        sortValue: (r) => r.foundOn[0]?.page ?? null,
        render: (r) => <FoundOn sources={r.foundOn} linkCount={r.linkCount} />,
      },
    ],
  };
}

export function redirectsSpec(report: CrawlReport, i18n: Translator): TableSpec<Row<'redirects'>> {
  const { t, plural } = i18n;
  return {
    id: 'redirects',
    count: (n) => plural('rows_redirects', n),
    noun: t('noun_redirects'),
    rows: report.redirects,
    searchText: (r) => [r.from, ...r.chain.map((hop) => hop.url), r.to].join('\n'),
    filter: {
      label: t('col_outcome'),
      valueOf: (r) => r.outcome,
      labelOf: (value) => outcomeText(value, i18n),
    },
    columns: [
      {
        id: 'from',
        label: t('col_from'),
        width: 'wide',
        sortValue: (r) => r.from,
        render: (r) => <UrlText url={r.from} />,
      },
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
      {
        id: 'to',
        label: t('col_final_url'),
        width: 'wide',
        sortValue: (r) => r.to,
        render: (r) => <UrlText url={r.to} />,
      },
      {
        id: 'finalStatus',
        label: t('col_final_status'),
        width: 'narrow',
        sortValue: (r) => r.finalStatus,
        render: (r) => statusText(r.finalStatus, i18n),
      },
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

export function trapsSpec(report: CrawlReport, i18n: Translator): TableSpec<Row<'traps'>> {
  const { t, plural } = i18n;
  return {
    id: 'traps',
    count: (n) => plural('rows_traps', n),
    noun: t('noun_traps'),
    rows: report.traps,
    searchText: (r) => `${r.url}\n${trapText(r, i18n)}\n${sourcesText(r.foundOn)}`,
    filter: { label: t('col_kind'), valueOf: (r) => r.kind },
    columns: [
      {
        id: 'kind',
        label: t('col_kind'),
        width: 'narrow',
        sortValue: (r) => r.kind,
        render: (r) => <span class="kind">{r.kind}</span>,
      },
      urlColumn(t('col_url')),
      {
        id: 'detail',
        label: t('col_rule'),
        sortValue: (r) => trapText(r, i18n),
        render: (r) => <PageText text={trapText(r, i18n)} />,
      },
      {
        id: 'foundOn',
        label: t('col_found_on'),
        width: 'wide',
        render: (r) => <FoundOn sources={r.foundOn} />,
      },
    ],
  };
}

export function duplicatesSpec(
  report: CrawlReport,
  i18n: Translator,
): TableSpec<Row<'duplicates'>> {
  const { t, plural } = i18n;
  return {
    id: 'duplicates',
    count: (n) => plural('rows_duplicate_groups', n),
    noun: t('noun_duplicate_groups'),
    rows: report.duplicates,
    searchText: (r) => r.urls.join('\n'),
    columns: [
      {
        id: 'urls',
        label: t('col_pages_with_the_same_text'),
        width: 'wide',
        sortValue: (r) => r.urls[0] ?? null,
        render: (r) => <UrlList urls={r.urls} />,
      },
      {
        id: 'count',
        label: t('col_pages'),
        width: 'narrow',
        sortValue: (r) => r.urls.length,
        render: (r) => r.urls.length,
      },
      {
        id: 'fingerprint',
        label: t('col_fingerprint'),
        sortValue: (r) => r.fingerprint,
        render: (r) => <code title={r.fingerprint}>{r.fingerprint.slice(0, 12)}</code>,
      },
    ],
  };
}

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
    filter: { label: t('col_directives'), valueOf: directivesOf },
    columns: [
      urlColumn(t('col_page')),
      { id: 'directives', label: t('col_says'), sortValue: directivesOf, render: directivesOf },
      {
        id: 'status',
        label: t('col_status'),
        width: 'narrow',
        sortValue: (r) => r.status,
        render: (r) => statusText(r.status, i18n),
      },
      {
        id: 'depth',
        label: t('col_depth'),
        width: 'narrow',
        sortValue: (r) => r.depth,
        render: (r) => r.depth,
      },
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
      {
        id: 'page',
        label: t('col_page'),
        width: 'wide',
        sortValue: (r) => r.page,
        render: (r) => <UrlText url={r.page} />,
      },
      {
        id: 'count',
        label: t('col_links'),
        width: 'narrow',
        sortValue: (r) => r.links.length,
        render: (r) => r.links.length,
      },
      {
        id: 'links',
        label: t('col_links_not_followed'),
        width: 'wide',
        render: (r) => <UrlList urls={r.links} />,
      },
    ],
  };
}

/** `robots-txt: Disallow: /x` → `robots-txt`: the rule the reason names first. */
const ruleOf = (reason: Phrase) =>
  reason.key === 'skipped_rule' ? String(reason.values.rule) : 'not reached';

export function skippedSpec(report: CrawlReport, i18n: Translator): TableSpec<Row<'skipped'>> {
  const { t, plural } = i18n;
  return {
    id: 'skipped',
    count: (n) => plural('rows_skipped_urls', n),
    noun: t('noun_skipped_urls'),
    rows: report.skipped,
    searchText: (r) => `${r.url}\n${reasonText(r, i18n)}`,
    filter: { label: t('col_rule'), valueOf: (r) => ruleOf(r.reason) },
    columns: [
      urlColumn(t('col_url')),
      {
        id: 'reason',
        label: t('col_reason'),
        sortValue: (r) => reasonText(r, i18n),
        render: (r) => <PageText text={reasonText(r, i18n)} />,
      },
    ],
  };
}

export function blockedSpec(report: CrawlReport, i18n: Translator): TableSpec<Row<'blocked'>> {
  const { t, plural } = i18n;
  return {
    id: 'blocked',
    count: (n) => plural('rows_blocked_urls', n),
    noun: t('noun_blocked_urls'),
    rows: report.blocked,
    searchText: (r) => `${r.url}\n${reasonText(r, i18n)}`,
    columns: [
      urlColumn(t('col_url')),
      {
        id: 'reason',
        label: t('col_robots_txt_rule'),
        sortValue: (r) => reasonText(r, i18n),
        render: (r) => <PageText text={reasonText(r, i18n)} />,
      },
    ],
  };
}

function statusReasonColumns<R extends ReasonRow & { url: string; status: number | null }>(
  i18n: Translator,
) {
  const { t } = i18n;
  return [
    {
      id: 'url',
      label: t('col_url'),
      width: 'wide' as const,
      sortValue: (r: R) => r.url,
      render: (r: R) => <UrlText url={r.url} />,
    },
    {
      id: 'status',
      label: t('col_status'),
      width: 'narrow' as const,
      sortValue: (r: R) => r.status,
      render: (r: R) => statusText(r.status, i18n),
    },
    {
      id: 'reason',
      label: t('col_reason'),
      sortValue: (r: R) => reasonText(r, i18n),
      render: (r: R) => <PageText text={reasonText(r, i18n)} />,
    },
  ];
}

export function rateLimitedSpec(
  report: CrawlReport,
  i18n: Translator,
): TableSpec<Row<'rateLimited'>> {
  const { t, plural } = i18n;
  return {
    id: 'rate-limited',
    count: (n) => plural('rows_rate_limited_urls', n),
    noun: t('noun_rate_limited_urls'),
    rows: report.rateLimited,
    searchText: (r) => `${r.url}\n${reasonText(r, i18n)}`,
    filter: { label: t('col_status'), valueOf: (r) => statusText(r.status, i18n) },
    columns: statusReasonColumns(i18n),
  };
}

export function forbiddenSpec(report: CrawlReport, i18n: Translator): TableSpec<Row<'forbidden'>> {
  const { t, plural } = i18n;
  return {
    id: 'forbidden',
    count: (n) => plural('rows_forbidden_urls', n),
    noun: t('noun_forbidden_urls'),
    rows: report.forbidden,
    searchText: (r) => `${r.url}\n${reasonText(r, i18n)}\n${sourcesText(r.foundOn)}`,
    filter: { label: t('col_status'), valueOf: (r) => statusText(r.status, i18n) },
    columns: [
      ...statusReasonColumns<Row<'forbidden'>>(i18n),
      {
        id: 'foundOn',
        label: t('col_found_on'),
        width: 'wide',
        render: (r) => <FoundOn sources={r.foundOn} />,
      },
    ],
  };
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
      urlColumn(t('col_same_url_as')),
      {
        id: 'page',
        label: t('col_on_page'),
        width: 'wide',
        sortValue: (r) => r.page,
        render: (r) => <UrlText url={r.page} />,
      },
      {
        id: 'reasons',
        label: t('col_why'),
        sortValue: (r) => r.reasons.join(', '),
        render: (r) => r.reasons.map((code) => aliasText(code, i18n)).join(t('list_separator')),
      },
    ],
  };
}

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
    filter: {
      label: t('col_finding'),
      valueOf: (r) => r.finding,
      labelOf: (value) => t(SITEMAP_FINDINGS[value as SitemapRow['finding']]),
    },
    columns: [
      urlColumn(t('col_url')),
      {
        id: 'finding',
        label: t('col_finding'),
        sortValue: (r) => r.finding,
        render: (r) => t(SITEMAP_FINDINGS[r.finding]),
      },
    ],
  };
}

export function soft404Spec(report: CrawlReport, i18n: Translator): TableSpec<Row<'soft404'>> {
  const { t, plural } = i18n;
  return {
    id: 'soft-404',
    count: (n) => plural('crawlview_rows_soft_404_sites', n),
    noun: t('crawlview_noun_soft_404_sites'),
    rows: soft404Rows(report),
    searchText: (r) => r.origin,
    columns: [
      {
        id: 'origin',
        label: t('col_site'),
        width: 'wide',
        sortValue: (r) => r.origin,
        render: (r) => <UrlText url={r.origin} />,
      },
      {
        id: 'detected',
        label: t('col_a_random_missing_path_answers'),
        sortValue: (r) => (r.detected ? 1 : 0),
        render: (r) =>
          r.detected ? <strong class="bad">{t('soft404_detected')}</strong> : t('soft404_fine'),
      },
    ],
  };
}

export function robotsTxtSpec(report: CrawlReport, i18n: Translator): TableSpec<Row<'robots'>> {
  const { t, plural } = i18n;
  return {
    id: 'robots',
    count: (n) => plural('crawlview_rows_robots_problems', n),
    noun: t('crawlview_noun_robots_problems'),
    rows: robotsProblemRows(report),
    searchText: (r) => `${r.url}\n${r.code}\n${reasonText(r, i18n)}`,
    filter: { label: t('col_policy'), valueOf: (r) => r.policy },
    columns: [
      ...statusReasonColumns<Row<'robots'>>(i18n).map((column) =>
        column.id === 'reason'
          ? {
              ...column,
              render: (r: Row<'robots'>) => (
                <>
                  <span class="kind">{r.code}</span>{' '}
                  <span class="muted">{reasonText(r, i18n)}</span>
                </>
              ),
            }
          : column,
      ),
      { id: 'policy', label: t('col_policy'), sortValue: (r) => r.policy, render: (r) => r.policy },
    ],
  };
}
