/**
 * `--format junit`: the crawl as JUnit XML, the test report every CI system
 * shows (Jenkins' junit-4 schema, checked in the tests). A suite per check:
 * "Broken links", each broken link a failing test case whose text lists
 * every page and anchor text that carries it; with `--compare`, "Changes",
 * each change for the worse a failing case. A check with nothing wrong
 * has one passing case, so CI shows that it ran. Data, so English.
 */
import type { CrawlReport } from '../../lib/crawl/report.ts';
import type { ReportSections } from '../../lib/crawl/report-sections.ts';
import type { Translator } from '../../lib/i18n/translator.ts';
import type { CrawlChanges } from '../../lib/watch/types.ts';
import { brokenRows, pagesOf, type BrokenRow } from './broken-rows.ts';
import { isoSeconds } from './changes-date.ts';
import { worseChanges } from './worse-changes.ts';
import { xmlAttribute, xmlText } from './xml-text.ts';

export interface TestCase {
  name: string;
  /** Null: the case passed. */
  failure: { message: string; type: string; text: string } | null;
}

export interface TestSuite {
  name: string;
  cases: TestCase[];
}

export function crawlJunit(
  report: CrawlReport,
  sections: ReportSections,
  changes: CrawlChanges | null,
  english: Translator,
): string {
  const suites = [brokenSuite(report, sections, english)];
  if (changes) suites.push(changesSuite(changes, english));
  return junitXml(suites, report.stats.durationMs / 1000);
}

export function brokenSuite(
  report: CrawlReport,
  sections: ReportSections,
  english: Translator,
): TestSuite {
  const { t } = english;
  const rows = brokenRows(report, sections);
  const cases: TestCase[] = rows.map((row) => ({
    name: row.url,
    failure: {
      message: english.plural('ci_broken_message', row.pageCount, {
        url: row.url,
        status: row.status ?? t('no_response'),
        kind: row.kind,
      }),
      type: row.kind,
      text: pageList(row, english),
    },
  }));
  return {
    name: t('ci_suite_broken'),
    cases: cases.length
      ? cases
      : [{ name: t('ci_case_no_broken', { url: report.startUrl }), failure: null }],
  };
}

/** Every page that carries the link, each link on it with its line and anchor text. */
function pageList(row: BrokenRow, { t }: Translator): string {
  const pages = pagesOf(row);
  const lines = pages.flatMap(({ page, links }) =>
    links.map(({ text, line }) =>
      line === undefined
        ? t('ci_link_on_page_no_line', { page, text })
        : t('ci_link_on_page', { page, line, text }),
    ),
  );
  const more = row.pageCount - pages.length;
  if (more > 0) lines.push(t('ci_more_pages', { count: more }));
  return lines.join('\n');
}

export function changesSuite(changes: CrawlChanges, english: Translator): TestSuite {
  const { t } = english;
  const cases = worseChanges(changes, english).map((change) => ({
    name: change.title,
    failure: { message: change.title, type: change.kind, text: change.detail },
  }));
  return {
    name: t('ci_suite_changes'),
    cases: cases.length
      ? cases
      : [
          {
            name: t('ci_case_nothing_worse', { date: isoSeconds(changes.sinceMs) }),
            failure: null,
          },
        ],
  };
}

export function junitXml(suites: TestSuite[], seconds: number): string {
  const failuresOf = (suite: TestSuite) => suite.cases.filter((c) => c.failure).length;
  const tests = suites.reduce((sum, suite) => sum + suite.cases.length, 0);
  const failures = suites.reduce((sum, suite) => sum + failuresOf(suite), 0);
  const time = seconds.toFixed(3);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="RobotLens" tests="${tests}" failures="${failures}" errors="0" time="${time}">`,
  ];
  for (const suite of suites) {
    const name = xmlAttribute(suite.name);
    out.push(
      `  <testsuite name="${name}" tests="${suite.cases.length}" failures="${failuresOf(suite)}" errors="0" skipped="0" time="${time}">`,
    );
    for (const { name: caseName, failure } of suite.cases) {
      const head = `    <testcase classname="${name}" name="${xmlAttribute(caseName)}"`;
      if (!failure) {
        out.push(`${head}/>`);
        continue;
      }
      const attributes = `message="${xmlAttribute(failure.message)}" type="${xmlAttribute(failure.type)}"`;
      out.push(`${head}>`, `      <failure ${attributes}>${xmlText(failure.text)}</failure>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}
