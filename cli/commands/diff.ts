/**
 * `robotlens diff <older> <newer>`: what changed between two saved crawls of
 * a site (their JSON reports or state files), in text, JSON or Markdown.
 * Exit codes (README "Exit codes"): 0 nothing got worse, 1 something got
 * worse (`changes.worse.total` > 0) — with `--fail-on`, 1 only when a named
 * condition holds (`broken` never does: diff crawls nothing) — 2 error
 * (a file unreadable or not a saved crawl, a bad option).
 */
import { writeFile } from 'node:fs/promises';
import { phrase } from '../../lib/i18n/phrase.ts';
import type { Translator } from '../../lib/i18n/translator.ts';
import { stringifySafeJson } from '../../lib/text/safe-json.ts';
import { compareCrawls } from '../../lib/watch/compare-crawls.ts';
import type { CrawlChanges } from '../../lib/watch/types.ts';
import { formatChangesText } from '../format/changes-text.ts';
import { diffMarkdown } from '../format/crawl-markdown.ts';
import { parseCommandArgs } from '../options.ts';
import { UsageError } from '../usage-error.ts';
import { failOnExit, FAILED_EXIT, PASSED_EXIT } from '../watch/exit-rule.ts';
import { readSavedCrawl } from '../watch/saved-crawl.ts';
import { failOnOf } from '../watch/watch-options.ts';
import { DIFF_COMMAND, type DiffFormat } from './diff-options.ts';

export async function runDiff(args: string[], i18n: Translator): Promise<number> {
  const options = parseCommandArgs(args, DIFF_COMMAND);
  if (options.positionals.length !== 2) throw new UsageError(phrase('cli_diff_two_files'));
  const conditions = failOnOf(options, true);
  const [olderFile, newerFile] = options.positionals as [string, string];
  const [older, newer] = [await readSavedCrawl(olderFile), await readSavedCrawl(newerFile)];
  const changes = compareCrawls(older, newer);
  const output = renderDiff(options.text('format') as DiffFormat, changes, i18n);
  const out = options.text('out');
  if (out) await writeFile(out, output);
  else process.stdout.write(output);
  if (conditions) return failOnExit(conditions, { siteBroken: 0, changes }, i18n);
  return changes.worse.total > 0 ? FAILED_EXIT : PASSED_EXIT;
}

export function renderDiff(format: DiffFormat, changes: CrawlChanges, i18n: Translator): string {
  if (format === 'json') return `${stringifySafeJson({ changes }, 2)}\n`;
  if (format === 'markdown') return diffMarkdown(changes, i18n);
  return formatChangesText(changes, i18n);
}
