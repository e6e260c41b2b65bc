/**
 * `--format markdown`: a summary for a CI job summary ($GITHUB_STEP_SUMMARY)
 * or a pull-request comment, in the user's language: the headline counts,
 * "Changes since <date>" when comparing (robots.txt as a ```diff block with
 * what each changed line now does), and a table of the broken links with
 * the pages carrying them. Page data is escaped (markdown-text.ts).
 */
import type { CrawlReport } from '../../lib/crawl/report.ts';
import type { ReportSections } from '../../lib/crawl/report-sections.ts';
import type { Translator } from '../../lib/i18n/translator.ts';
import type { CrawlChanges, RobotsChange } from '../../lib/watch/types.ts';
import { brokenRows, pagesOf } from './broken-rows.ts';
import { isoSeconds } from './changes-date.ts';
import { effectSentences } from './changes-text.ts';
import { markdownFence, markdownText } from './markdown-text.ts';
import { worseChanges } from './worse-changes.ts';

/** Broken links in the table, and pages named per link; the JSON report has them all. */
const ROWS_SHOWN = 100;
const PAGES_SHOWN = 3;

export function crawlMarkdown(
  report: CrawlReport,
  sections: ReportSections,
  changes: CrawlChanges | null,
  i18n: Translator,
): string {
  const { t } = i18n;
  const headline = t('md_headline', {
    pages: report.pages.length,
    broken: sections.siteBroken.length,
    offsite: sections.offSiteBroken.length,
    redirects: sections.redirectsToFix.length,
  });
  const parts = [`## ${t('md_title', { url: markdownText(report.startUrl) })}`, headline];
  if (changes) parts.push(changesMarkdown(changes, i18n, '###'));
  parts.push(`### ${t('ci_suite_broken')}`, brokenTable(report, sections, i18n));
  return `${parts.join('\n\n')}\n`;
}

/** `robotlens diff --format markdown`: the changes alone. */
export function diffMarkdown(changes: CrawlChanges, i18n: Translator): string {
  const title = `## ${i18n.t('md_diff_title', { url: markdownText(changes.startUrl) })}`;
  return `${title}\n\n${changesMarkdown(changes, i18n, '###')}\n`;
}

export function changesMarkdown(changes: CrawlChanges, i18n: Translator, level: string): string {
  const { t } = i18n;
  const since = t('cli_changes_since', {
    date: isoSeconds(changes.sinceMs),
    url: markdownText(changes.startUrl),
  });
  const parts = [`${level} ${since}`];
  const worse = worseChanges(changes, i18n).filter((change) => change.kind !== 'robots-change');
  if (worse.length) parts.push(worse.map((change) => `- ${markdownText(change.title)}`).join('\n'));
  for (const change of changes.robots) parts.push(robotsMarkdown(change, i18n));
  const better = [
    ...changes.broken.fixed.map((row) => row.url),
    ...changes.indexability.regained.map((row) => row.url),
  ];
  if (changes.broken.fixed.length)
    parts.push(
      `${t('cli_changes_broken_fixed', { count: changes.broken.fixed.length })}\n\n` +
        changes.broken.fixed.map((row) => `- ${markdownText(row.url)}`).join('\n'),
    );
  if (changes.indexability.regained.length)
    parts.push(
      `${t('cli_changes_regained', { robot: changes.auditRobot ?? '', count: changes.indexability.regained.length })}\n\n` +
        changes.indexability.regained.map((row) => `- ${markdownText(row.url)}`).join('\n'),
    );
  const nothing = worse.length === 0 && changes.robots.length === 0 && better.length === 0;
  parts.push(
    `**${nothing ? t('cli_changes_none') : t('cli_changes_worse', { count: changes.worse.total })}**`,
  );
  return parts.join('\n\n');
}

function robotsMarkdown(change: RobotsChange, i18n: Translator): string {
  const diff = change.lines.map((line) => {
    const mark = line.op === 'added' ? '+' : line.op === 'removed' ? '-' : ' ';
    return `${mark}${line.text}`;
  });
  const effects = change.effects.flatMap((effect) =>
    effectSentences(effect, i18n).map((sentence) => `- ${markdownText(sentence)}`),
  );
  return [
    i18n.t('cli_changes_robots', { url: markdownText(change.url) }),
    markdownFence('diff', diff.join('\n')),
    ...(effects.length ? [effects.join('\n')] : []),
  ].join('\n\n');
}

function brokenTable(report: CrawlReport, sections: ReportSections, i18n: Translator): string {
  const { t } = i18n;
  const rows = brokenRows(report, sections);
  if (rows.length === 0) return t('md_no_broken');
  const head = [
    `| ${t('md_col_url')} | ${t('md_col_status')} | ${t('md_col_pages')} |`,
    '| --- | --- | --- |',
  ];
  const body = rows.slice(0, ROWS_SHOWN).map((row) => {
    const pages = pagesOf(row);
    const shown = pages.slice(0, PAGES_SHOWN).map(({ page, links }) => {
      const text = links[0]?.text ? ` “${markdownText(links[0].text)}”` : '';
      return `${markdownText(page)}${text}`;
    });
    if (row.pageCount > shown.length)
      shown.push(t('ci_more_pages', { count: row.pageCount - shown.length }));
    const status = `${row.status ?? t('no_response')} ${row.kind}`;
    return `| ${markdownText(row.url)} | ${markdownText(status)} | ${shown.join('<br>')} |`;
  });
  const more = rows.length - ROWS_SHOWN;
  return [...head, ...body, ...(more > 0 ? [`… +${more}`] : [])].join('\n');
}
