/**
 * `--format sarif`: the crawl's broken links as SARIF 2.1.0, the format
 * code-scanning UIs (GitHub's upload-sarif among them) display. One result
 * per broken link and page carrying it, located at that page and, when the
 * crawl read it, the line of the link. With `--compare`, each result says
 * whether it is new since the previous crawl (`baselineState`). Data, so
 * English.
 */
import type { CrawlReport } from '../../lib/crawl/report.ts';
import type { ReportSections } from '../../lib/crawl/report-sections.ts';
import type { Translator } from '../../lib/i18n/translator.ts';
import { PRODUCT_TOKEN, PROJECT_URL, VERSION } from '../../lib/identity.ts';
import { stringifySafeJson } from '../../lib/text/safe-json.ts';
import type { CrawlChanges } from '../../lib/watch/types.ts';
import { brokenRows, pagesOf } from './broken-rows.ts';

export const SARIF_SCHEMA =
  'https://docs.oasis-open.org/sarif/sarif/v2.1.0/os/schemas/sarif-schema-2.1.0.json';
export const BROKEN_LINK_RULE = 'broken-link';

export interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: 'error' | 'warning';
  message: { text: string };
  locations: {
    physicalLocation: {
      artifactLocation: { uri: string };
      region?: { startLine: number };
    };
  }[];
  baselineState?: 'new' | 'unchanged';
}

export function crawlSarif(
  report: CrawlReport,
  sections: ReportSections,
  changes: CrawlChanges | null,
  english: Translator,
): string {
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: PRODUCT_TOKEN,
            version: VERSION,
            informationUri: PROJECT_URL,
            rules: [
              {
                id: BROKEN_LINK_RULE,
                name: 'BrokenLink',
                shortDescription: { text: english.t('ci_rule_broken') },
                fullDescription: { text: english.t('ci_rule_broken_help') },
                helpUri: `${PROJECT_URL}#use-in-ci`,
                defaultConfiguration: { level: 'error' },
              },
            ],
          },
        },
        results: sarifResults(report, sections, changes, english),
      },
    ],
  };
  return `${stringifySafeJson(log, 2)}\n`;
}

export function sarifResults(
  report: CrawlReport,
  sections: ReportSections,
  changes: CrawlChanges | null,
  { t }: Translator,
): SarifResult[] {
  const isNew = new Set(changes?.broken.added.map((row) => row.url));
  return brokenRows(report, sections).flatMap((row) =>
    pagesOf(row).map(({ page, links }) => {
      const first = links[0];
      const line = first?.line;
      const status = row.status ?? t('no_response');
      const text = t('ci_sarif_broken', {
        url: row.url,
        status,
        kind: row.kind,
        text: first?.text ?? '',
      });
      return {
        ruleId: BROKEN_LINK_RULE,
        ruleIndex: 0,
        level: row.internal ? ('error' as const) : ('warning' as const),
        message: { text },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: page },
              ...(line !== undefined && line > 0 ? { region: { startLine: line } } : {}),
            },
          },
        ],
        ...(changes
          ? { baselineState: isNew.has(row.url) ? ('new' as const) : ('unchanged' as const) }
          : {}),
      };
    }),
  );
}
