/**
 * The site audit's findings of one family of checks as a table (severity,
 * what, page, target, value, related pages, detail), filterable by code and
 * severity, with its own CSV and JSON; and the report section that shows one
 * family (sections/canonical.tsx, hreflang.tsx, titles.tsx, links.tsx).
 */
import {
  SEVERITY_RANK,
  findingText,
  severityText,
  type FindingFamily,
} from '../../lib/audit/finding-labels.ts';
import type { SiteFinding } from '../../lib/audit/types.ts';
import { findingsCsv } from '../../lib/crawl/audit-csv.ts';
import type { CrawlReport } from '../../lib/crawl/report.ts';
import type { PlainMessageKey } from '../../lib/i18n/catalog.ts';
import type { Translator } from '../../lib/i18n/translator.ts';
import { englishTranslator } from '../english.ts';
import { useI18n } from '../i18n.tsx';
import { PageText } from '../PageText.tsx';
import { UrlList, UrlText } from './cells.tsx';
import { pageTextColumn, textColumn, urlColumn } from './columns.tsx';
import { TableExports } from './ExportButtons.tsx';
import { ReportTable, type SpecBuilder } from './ReportTable.tsx';
import { findingRows } from './section-rows.ts';
import type { ReportSection } from './section-model.ts';
import type { TableSpec } from './table/table-model.ts';

/** A severity sorts by rank; an unknown one (a newer report) last. */
const rankOf = (severity: string): number =>
  Object.hasOwn(SEVERITY_RANK, severity)
    ? SEVERITY_RANK[severity as keyof typeof SEVERITY_RANK]
    : Number.MAX_SAFE_INTEGER;

export function findingsSpec(
  rows: readonly SiteFinding[],
  id: string,
  i18n: Translator,
): TableSpec<SiteFinding> {
  const { t, plural, say } = i18n;
  const codeText = (f: SiteFinding) => findingText(f.code, i18n);
  return {
    id,
    count: (n) => plural('rows_findings', n),
    noun: t('noun_findings'),
    rows,
    searchText: (f) =>
      [codeText(f), f.url, f.target ?? '', f.value ?? '', ...(f.related ?? []), say(f.detail)].join(
        '\n',
      ),
    filters: [
      {
        label: t('col_finding'),
        valueOf: (f) => f.code,
        labelOf: (code) => findingText(code, i18n),
      },
      {
        label: t('col_severity'),
        valueOf: (f) => f.severity,
        labelOf: (severity) => severityText(severity, i18n),
      },
    ],
    initialSort: { column: 'severity', direction: 'ascending' },
    columns: [
      {
        id: 'severity',
        label: t('col_severity'),
        width: 'narrow',
        sortValue: (f) => rankOf(f.severity),
        render: (f) => (
          <span class={`severity severity-${f.severity}`}>{severityText(f.severity, i18n)}</span>
        ),
      },
      textColumn('code', t('col_finding'), codeText),
      urlColumn('url', t('col_page')),
      {
        id: 'target',
        label: t('col_target'),
        width: 'wide',
        sortValue: (f) => f.target ?? null,
        render: (f) => (f.target ? <UrlText url={f.target} /> : null),
      },
      {
        id: 'value',
        label: t('col_value'),
        sortValue: (f) => f.value ?? null,
        render: (f) => (f.value !== undefined ? <PageText text={f.value} /> : null),
      },
      {
        id: 'related',
        label: t('col_related'),
        width: 'wide',
        sortValue: (f) => f.related?.length ?? 0,
        render: (f) => <RelatedPages urls={f.related ?? []} />,
      },
      pageTextColumn('detail', t('col_detail'), (f) => say(f.detail)),
    ],
  };
}

/** Related pages folded under their count: a duplicate title may be shared by hundreds. */
function RelatedPages({ urls }: { urls: string[] }) {
  const { plural } = useI18n();
  if (urls.length === 0) return null;
  return (
    <details class="related">
      <summary>{plural('rows_pages', urls.length)}</summary>
      <UrlList urls={urls} />
    </details>
  );
}

/** A family's findings: its table, under the buttons that save it. */
export function FindingsPanel({ report, family }: { report: CrawlReport; family: FindingFamily }) {
  const { t } = useI18n();
  const build = findingsBuilder(family);
  return (
    <>
      <TableExports
        report={report}
        part={`findings-${family}`}
        noun={t('noun_findings')}
        csv={() => findingsCsv(findingRows(report, family), englishTranslator.say)}
        json={() => findingRows(report, family)}
      />
      <ReportTable report={report} build={build} />
    </>
  );
}

/** One spec builder per family, made once: ReportTable memoizes on it. */
const builders = new Map<FindingFamily, SpecBuilder<SiteFinding>>();
function findingsBuilder(family: FindingFamily): SpecBuilder<SiteFinding> {
  let build = builders.get(family);
  if (!build) {
    build = (report, i18n) => findingsSpec(findingRows(report, family), `findings-${family}`, i18n);
    builders.set(family, build);
  }
  return build;
}

/**
 * The section of one family of checks: shown when the site audit ran (with
 * no findings it says so), counted by its findings.
 */
export function findingsSection(
  family: Exclude<FindingFamily, 'sitemap'>,
  label: PlainMessageKey,
  about: PlainMessageKey,
): ReportSection {
  return {
    id: family,
    label,
    about,
    lists: [`findings.${family}`],
    count: (report) => findingRows(report, family).length,
    shownFor: (report) => report.audit !== null,
    Body: ({ report }) => <FindingsPanel report={report} family={family} />,
  };
}
