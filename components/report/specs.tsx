/**
 * The report's lists as table specs: columns, search text and filter of
 * each. Pure functions of the report, memoised by their callers.
 */
import type { CrawlReport } from '../../lib/crawl/report.ts';
import { FoundOn, UrlList, UrlText, statusText } from './cells.tsx';
import type { TableSpec } from './table-model.ts';
import { PageText } from '../PageText.tsx';

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

export function brokenSpec(report: CrawlReport): TableSpec<Row<'broken'>> {
  return {
    id: 'broken',
    noun: 'broken links',
    singular: 'broken link',
    rows: report.broken,
    searchText: (r) => `${r.url}\n${r.reason}\n${sourcesText(r.foundOn)}`,
    filter: { label: 'Kind', valueOf: (r) => r.kind },
    columns: [
      {
        id: 'url',
        label: 'Broken URL',
        width: 'wide',
        sortValue: (r) => r.url,
        render: (r) => (
          <>
            <UrlText url={r.url} />
            {r.internal ? null : <span class="tag">other site</span>}
          </>
        ),
      },
      {
        id: 'status',
        label: 'Status',
        width: 'narrow',
        sortValue: (r) => r.status,
        render: (r) => statusText(r.status),
      },
      {
        id: 'kind',
        label: 'Kind and reason',
        sortValue: (r) => r.kind,
        render: (r) => (
          <>
            <span class="kind">{r.kind}</span>{' '}
            <span class="muted">
              <PageText text={r.reason} />
            </span>
          </>
        ),
      },
      {
        id: 'links',
        label: 'Links',
        width: 'narrow',
        sortValue: (r) => r.linkCount,
        render: (r) => r.linkCount.toLocaleString('en'),
      },
      {
        id: 'foundOn',
        label: 'Found on (page, anchor text)',
        width: 'wide',
        sortValue: (r) => r.foundOn[0]?.page ?? null,
        render: (r) => <FoundOn sources={r.foundOn} linkCount={r.linkCount} />,
      },
    ],
  };
}

export function redirectsSpec(report: CrawlReport): TableSpec<Row<'redirects'>> {
  return {
    id: 'redirects',
    noun: 'redirects',
    singular: 'redirect',
    rows: report.redirects,
    searchText: (r) => [r.from, ...r.chain.map((hop) => hop.url), r.to].join('\n'),
    filter: { label: 'Outcome', valueOf: (r) => r.outcome },
    columns: [
      {
        id: 'from',
        label: 'From',
        width: 'wide',
        sortValue: (r) => r.from,
        render: (r) => <UrlText url={r.from} />,
      },
      {
        id: 'chain',
        label: 'Chain, hop by hop',
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
        label: 'Final URL',
        width: 'wide',
        sortValue: (r) => r.to,
        render: (r) => <UrlText url={r.to} />,
      },
      {
        id: 'finalStatus',
        label: 'Final status',
        width: 'narrow',
        sortValue: (r) => r.finalStatus,
        render: (r) => statusText(r.finalStatus),
      },
      {
        id: 'outcome',
        label: 'Outcome',
        width: 'narrow',
        sortValue: (r) => r.outcome,
        render: (r) => <span class={`outcome outcome-${r.outcome}`}>{r.outcome}</span>,
      },
    ],
  };
}

export function trapsSpec(report: CrawlReport): TableSpec<Row<'traps'>> {
  return {
    id: 'traps',
    noun: 'traps',
    singular: 'trap',
    rows: report.traps,
    searchText: (r) => `${r.url}\n${r.detail}\n${sourcesText(r.foundOn)}`,
    filter: { label: 'Kind', valueOf: (r) => r.kind },
    columns: [
      {
        id: 'kind',
        label: 'Kind',
        width: 'narrow',
        sortValue: (r) => r.kind,
        render: (r) => <span class="kind">{r.kind}</span>,
      },
      urlColumn('URL'),
      {
        id: 'detail',
        label: 'Rule',
        sortValue: (r) => r.detail,
        render: (r) => <PageText text={r.detail} />,
      },
      {
        id: 'foundOn',
        label: 'Found on',
        width: 'wide',
        render: (r) => <FoundOn sources={r.foundOn} />,
      },
    ],
  };
}

export function duplicatesSpec(report: CrawlReport): TableSpec<Row<'duplicates'>> {
  return {
    id: 'duplicates',
    noun: 'duplicate groups',
    singular: 'duplicate group',
    rows: report.duplicates,
    searchText: (r) => r.urls.join('\n'),
    columns: [
      {
        id: 'urls',
        label: 'Pages with the same text',
        width: 'wide',
        sortValue: (r) => r.urls[0] ?? null,
        render: (r) => <UrlList urls={r.urls} />,
      },
      {
        id: 'count',
        label: 'Pages',
        width: 'narrow',
        sortValue: (r) => r.urls.length,
        render: (r) => r.urls.length,
      },
      {
        id: 'fingerprint',
        label: 'Fingerprint',
        sortValue: (r) => r.fingerprint,
        render: (r) => <code title={r.fingerprint}>{r.fingerprint.slice(0, 12)}</code>,
      },
    ],
  };
}

const directivesOf = (page: Page) =>
  [page.noindex ? 'noindex' : '', page.nofollow ? 'nofollow' : ''].filter(Boolean).join(', ');

export function robotsPagesSpec(report: CrawlReport): TableSpec<Page> {
  return {
    id: 'noindex',
    noun: 'noindex or nofollow pages',
    singular: 'noindex or nofollow page',
    rows: report.pages.filter((p) => p.noindex || p.nofollow),
    searchText: (r) => r.url,
    filter: { label: 'Directives', valueOf: directivesOf },
    columns: [
      urlColumn('Page'),
      { id: 'directives', label: 'Says', sortValue: directivesOf, render: directivesOf },
      {
        id: 'status',
        label: 'Status',
        width: 'narrow',
        sortValue: (r) => r.status,
        render: (r) => statusText(r.status),
      },
      {
        id: 'depth',
        label: 'Depth',
        width: 'narrow',
        sortValue: (r) => r.depth,
        render: (r) => r.depth,
      },
    ],
  };
}

export function notFollowedSpec(report: CrawlReport): TableSpec<Row<'notFollowed'>> {
  return {
    id: 'not-followed',
    noun: 'pages with links not followed',
    singular: 'page with links not followed',
    rows: report.notFollowed,
    searchText: (r) => `${r.page}\n${r.links.join('\n')}`,
    columns: [
      {
        id: 'page',
        label: 'Page',
        width: 'wide',
        sortValue: (r) => r.page,
        render: (r) => <UrlText url={r.page} />,
      },
      {
        id: 'count',
        label: 'Links',
        width: 'narrow',
        sortValue: (r) => r.links.length,
        render: (r) => r.links.length,
      },
      {
        id: 'links',
        label: 'Links not followed',
        width: 'wide',
        render: (r) => <UrlList urls={r.links} />,
      },
    ],
  };
}

/** `robots-txt: Disallow: /x` → `robots-txt`: the rule before the colon. */
const ruleOf = (reason: string) => reason.split(':', 1)[0]!;

export function skippedSpec(report: CrawlReport): TableSpec<Row<'skipped'>> {
  return {
    id: 'skipped',
    noun: 'skipped URLs',
    singular: 'skipped URL',
    rows: report.skipped,
    searchText: (r) => `${r.url}\n${r.reason}`,
    filter: { label: 'Rule', valueOf: (r) => ruleOf(r.reason) },
    columns: [
      urlColumn('URL'),
      {
        id: 'reason',
        label: 'Reason',
        sortValue: (r) => r.reason,
        render: (r) => <PageText text={r.reason} />,
      },
    ],
  };
}

export function blockedSpec(report: CrawlReport): TableSpec<Row<'blocked'>> {
  return {
    id: 'blocked',
    noun: 'blocked URLs',
    singular: 'blocked URL',
    rows: report.blocked,
    searchText: (r) => `${r.url}\n${r.reason}`,
    columns: [
      urlColumn('URL'),
      {
        id: 'reason',
        label: 'robots.txt rule',
        sortValue: (r) => r.reason,
        render: (r) => <PageText text={r.reason} />,
      },
    ],
  };
}

function statusReasonColumns<R extends { url: string; status: number | null; reason: string }>() {
  return [
    {
      id: 'url',
      label: 'URL',
      width: 'wide' as const,
      sortValue: (r: R) => r.url,
      render: (r: R) => <UrlText url={r.url} />,
    },
    {
      id: 'status',
      label: 'Status',
      width: 'narrow' as const,
      sortValue: (r: R) => r.status,
      render: (r: R) => statusText(r.status),
    },
    {
      id: 'reason',
      label: 'Reason',
      sortValue: (r: R) => r.reason,
      render: (r: R) => <PageText text={r.reason} />,
    },
  ];
}

export function rateLimitedSpec(report: CrawlReport): TableSpec<Row<'rateLimited'>> {
  return {
    id: 'rate-limited',
    noun: 'rate-limited URLs',
    singular: 'rate-limited URL',
    rows: report.rateLimited,
    searchText: (r) => `${r.url}\n${r.reason}`,
    filter: { label: 'Status', valueOf: (r) => statusText(r.status) },
    columns: statusReasonColumns(),
  };
}

export function forbiddenSpec(report: CrawlReport): TableSpec<Row<'forbidden'>> {
  return {
    id: 'forbidden',
    noun: 'forbidden URLs',
    singular: 'forbidden URL',
    rows: report.forbidden,
    searchText: (r) => `${r.url}\n${r.reason}\n${sourcesText(r.foundOn)}`,
    filter: { label: 'Status', valueOf: (r) => statusText(r.status) },
    columns: [
      ...statusReasonColumns<Row<'forbidden'>>(),
      {
        id: 'foundOn',
        label: 'Found on',
        width: 'wide',
        render: (r) => <FoundOn sources={r.foundOn} />,
      },
    ],
  };
}

export function aliasesSpec(report: CrawlReport): TableSpec<Row<'aliases'>> {
  return {
    id: 'aliases',
    noun: 'aliases',
    singular: 'alias',
    rows: report.aliases,
    searchText: (r) => `${r.raw}\n${r.url}\n${r.page}`,
    columns: [
      {
        id: 'raw',
        label: 'Link as written',
        width: 'wide',
        sortValue: (r) => r.raw,
        render: (r) => (
          <code class="url">
            <PageText text={r.raw} />
          </code>
        ),
      },
      urlColumn('Same URL as'),
      {
        id: 'page',
        label: 'On page',
        width: 'wide',
        sortValue: (r) => r.page,
        render: (r) => <UrlText url={r.page} />,
      },
      {
        id: 'reasons',
        label: 'Why',
        sortValue: (r) => r.reasons.join(', '),
        render: (r) => r.reasons.join(', '),
      },
    ],
  };
}

export interface SitemapRow {
  url: string;
  finding: 'in a sitemap, no link to it' | 'crawled, missing from the sitemaps';
}

export function sitemapSpec(report: CrawlReport): TableSpec<SitemapRow> {
  const sitemap = report.sitemap;
  const rows: SitemapRow[] = sitemap
    ? [
        ...sitemap.notLinked.map((url) => ({
          url,
          finding: 'in a sitemap, no link to it' as const,
        })),
        ...sitemap.missingFromSitemap.map((url) => ({
          url,
          finding: 'crawled, missing from the sitemaps' as const,
        })),
      ]
    : [];
  return {
    id: 'sitemap',
    noun: 'sitemap differences',
    singular: 'sitemap difference',
    rows,
    searchText: (r) => r.url,
    filter: { label: 'Finding', valueOf: (r) => r.finding },
    columns: [
      urlColumn('URL'),
      { id: 'finding', label: 'Finding', sortValue: (r) => r.finding, render: (r) => r.finding },
    ],
  };
}

export function soft404Spec(report: CrawlReport): TableSpec<Row<'soft404'>> {
  return {
    id: 'soft-404',
    noun: 'sites probed for soft 404s',
    singular: 'site probed for soft 404s',
    rows: report.soft404,
    searchText: (r) => r.origin,
    columns: [
      {
        id: 'origin',
        label: 'Site',
        width: 'wide',
        sortValue: (r) => r.origin,
        render: (r) => <UrlText url={r.origin} />,
      },
      {
        id: 'detected',
        label: 'A random missing path answers',
        sortValue: (r) => (r.detected ? 1 : 0),
        render: (r) =>
          r.detected ? (
            <strong class="bad">200: soft 404 — missing pages look like pages</strong>
          ) : (
            'an error status, as it should'
          ),
      },
    ],
  };
}

export function robotsTxtSpec(report: CrawlReport): TableSpec<Row<'robots'>> {
  return {
    id: 'robots',
    noun: 'robots.txt answers',
    singular: 'robots.txt answer',
    rows: report.robots,
    searchText: (r) => `${r.url}\n${r.code}\n${r.reason}`,
    filter: { label: 'Policy', valueOf: (r) => r.policy },
    columns: [
      ...statusReasonColumns<Row<'robots'>>().map((column) =>
        column.id === 'reason'
          ? {
              ...column,
              render: (r: Row<'robots'>) => (
                <>
                  <span class="kind">{r.code}</span> <span class="muted">{r.reason}</span>
                </>
              ),
            }
          : column,
      ),
      { id: 'policy', label: 'Policy', sortValue: (r) => r.policy, render: (r) => r.policy },
    ],
  };
}
