/** The report's sections (one tab each) and the panel that shows one. */
import { useMemo } from 'preact/hooks';
import { isRobotsProblem, type CrawlReport } from '../../lib/crawl/report.ts';
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
  label: string;
  count: number;
}

/** The sections of a report, with their counts; the sitemap one only when sitemaps were read. */
export function sectionsOf(report: CrawlReport): Section[] {
  const sitemap = report.sitemap;
  const sections: (Section | null)[] = [
    { id: 'broken', label: 'Broken links', count: report.broken.length },
    { id: 'redirects', label: 'Redirects', count: report.redirects.length },
    { id: 'traps', label: 'Traps', count: report.traps.length },
    { id: 'duplicates', label: 'Duplicates', count: report.duplicates.length },
    {
      id: 'noindex',
      label: 'Noindex / nofollow',
      count: report.pages.filter((p) => p.noindex || p.nofollow).length + report.notFollowed.length,
    },
    { id: 'skipped', label: 'Skipped', count: report.skipped.length },
    { id: 'blocked', label: 'Blocked', count: report.blocked.length },
    { id: 'rate-limited', label: 'Rate-limited', count: report.rateLimited.length },
    { id: 'forbidden', label: 'Forbidden', count: report.forbidden.length },
    { id: 'aliases', label: 'Aliases', count: report.aliases.length },
    sitemap
      ? {
          id: 'sitemap',
          label: 'Sitemap',
          count: sitemap.notLinked.length + sitemap.missingFromSitemap.length,
        }
      : null,
    {
      id: 'soft-404',
      label: 'Soft 404',
      count: report.soft404.filter((s) => s.detected).length,
    },
    { id: 'robots', label: 'robots.txt', count: report.robots.filter(isRobotsProblem).length },
  ];
  return sections.filter((s): s is Section => s !== null);
}

const ABOUT: Record<SectionId, string> = {
  broken: 'Links that lead nowhere, with every page and anchor text that carry them.',
  redirects: 'URLs that redirect: each hop with the status it answered, and where it ends.',
  traps:
    'URLs the crawl refused because they look endless (calendars, repeating paths, query spaces), with the rule that caught them.',
  duplicates: 'Pages of this site whose text is the same.',
  noindex:
    'Pages that ask robots not to index them or not to follow their links, and the links so left unfollowed.',
  skipped: 'Every URL that was not requested, and why (robots.txt blocks and traps included).',
  blocked: 'URLs robots.txt forbids for the robot the crawl obeyed.',
  'rate-limited':
    'URLs the site asked the crawl to come back to later (429/503 with a long Retry-After).',
  forbidden: 'URLs that answered 401, 403 or 999: bot walls and logins, kept apart from broken.',
  aliases: 'Links written differently that are the same URL once normalised.',
  sitemap: 'How the sitemaps robots.txt names compare with what the crawl found.',
  'soft-404': 'Whether each site answers a random missing path with an error, as it should.',
  robots:
    "Each site's robots.txt: how it answered and what the crawl made of it (an error, an HTML page or an image is not a robots.txt).",
};

/** One section's tables; memoised on the report, so switching back is cheap. */
export function SectionPanel({ id, report }: { id: SectionId; report: CrawlReport }) {
  return (
    <>
      <p class="about">{ABOUT[id]}</p>
      {id === 'broken' ? <Table report={report} build={brokenSpec} /> : null}
      {id === 'redirects' ? <Table report={report} build={redirectsSpec} /> : null}
      {id === 'traps' ? <Table report={report} build={trapsSpec} /> : null}
      {id === 'duplicates' ? <Table report={report} build={duplicatesSpec} /> : null}
      {id === 'noindex' ? (
        <>
          <h2>Pages with noindex or nofollow</h2>
          <Table report={report} build={robotsPagesSpec} />
          <h2>Links not followed</h2>
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
  build: (report: CrawlReport) => TableSpec<R>;
}) {
  const spec = useMemo(() => build(report), [build, report]);
  return <DataTable spec={spec} />;
}

function SitemapPanel({ report }: { report: CrawlReport }) {
  const sitemap = report.sitemap;
  if (!sitemap) return <p class="empty">Sitemaps were not read in this crawl.</p>;
  return (
    <>
      <dl class="facts">
        <dt>Sitemaps</dt>
        <dd>{sitemap.sitemaps.length > 0 ? <UrlList urls={sitemap.sitemaps} /> : 'none found'}</dd>
        <dt>URLs listed</dt>
        <dd>{sitemap.urls.toLocaleString('en')}</dd>
        {sitemap.errors.length > 0 ? (
          <>
            <dt>Errors</dt>
            <dd>
              <ul class="plain">
                {sitemap.errors.map((error, index) => (
                  <li key={index} class="error">
                    {error}
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
