/**
 * "Changes since <date>" for the terminal, in the user's language: what got
 * worse and what got better from one crawl of a site to the next, each
 * group with its URLs; robots.txt as a line diff (`+`/`-`) with what each
 * changed line now does to the crawled pages. Page data is made
 * terminal-safe.
 */
import type { Translator } from '../../lib/i18n/translator.ts';
import type { CrawlChanges, RobotsChange, RobotsLineEffect } from '../../lib/watch/types.ts';
import { isoSeconds } from './changes-date.ts';
import { terminalSafe } from './terminal-safe.ts';

/** URLs listed per group; the count says how many there are. */
const ROWS_SHOWN = 50;

export function formatChangesText(changes: CrawlChanges, i18n: Translator): string {
  const { t } = i18n;
  const robot = changes.auditRobot ?? '';
  const since = t('cli_changes_since', {
    date: isoSeconds(changes.sinceMs),
    url: terminalSafe(changes.startUrl),
  });
  const lines = [since, '='.repeat(Math.min(since.length, 80))];
  const group = (title: string, rows: string[][]) => {
    if (rows.length === 0) return;
    lines.push('', title, ...rows.slice(0, ROWS_SHOWN).flat());
    if (rows.length > ROWS_SHOWN) lines.push(`  … +${rows.length - ROWS_SHOWN}`);
  };
  const { broken, indexability, redirects, traps, sitemap } = changes;
  group(
    t('cli_changes_broken_added', { count: broken.added.length }),
    broken.added.map((row) => [
      `  ${terminalSafe(row.url)}  ${row.status ?? row.kind}`,
      ...row.pages
        .slice(0, 3)
        .map((page) => `      ${t('cli_changes_on_page', { page: terminalSafe(page.page) })}`),
    ]),
  );
  group(
    t('cli_changes_lost', { robot, count: indexability.lost.length }),
    indexability.lost.map((row) => [`  ${terminalSafe(row.url)}`, `      ${reasons(row, i18n)}`]),
  );
  group(
    t('cli_changes_redirects', { count: redirects.added.length }),
    redirects.added.map((row) => [
      `  ${terminalSafe(row.from)}`,
      `      ${t('cli_changes_redirect_row', { to: terminalSafe(row.to), hops: row.hops, before: row.hopsBefore })}`,
    ]),
  );
  group(
    t('cli_changes_traps', { count: traps.added.length }),
    traps.added.map((row) => [`  ${terminalSafe(row.url)}  ${row.kind}`]),
  );
  for (const change of changes.robots) lines.push('', ...robotsLines(change, i18n));
  if (sitemap) {
    const { urlsAdded, urlsRemoved } = sitemap;
    group(t('cli_changes_sitemap', { added: urlsAdded.length, removed: urlsRemoved.length }), [
      ...urlsRemoved.map((url) => [`  - ${terminalSafe(url)}`]),
      ...urlsAdded.map((url) => [`  + ${terminalSafe(url)}`]),
    ]);
  }
  group(
    t('cli_changes_broken_fixed', { count: broken.fixed.length }),
    broken.fixed.map((row) => [`  ${terminalSafe(row.url)}`]),
  );
  group(
    t('cli_changes_regained', { robot, count: indexability.regained.length }),
    indexability.regained.map((row) => [`  ${terminalSafe(row.url)}`]),
  );
  const nothing = lines.length === 2;
  lines.push(
    '',
    nothing ? t('cli_changes_none') : t('cli_changes_worse', { count: changes.worse.total }),
  );
  return `${lines.join('\n')}\n`;
}

function reasons(row: { before: string[]; now: string[] }, { t }: Translator): string {
  const shown = (codes: string[]) => (codes.length ? codes.join(', ') : t('cli_changes_indexable'));
  return t('cli_changes_reasons', { before: shown(row.before), now: shown(row.now) });
}

/** The robots.txt change: its answer, its lines added and removed, and what they do now. */
export function robotsLines(change: RobotsChange, i18n: Translator): string[] {
  const { t } = i18n;
  const lines = [t('cli_changes_robots', { url: terminalSafe(change.url) })];
  if (change.statusBefore !== change.statusNow)
    lines.push(
      `  ${t('cli_changes_robots_status', { before: change.statusBefore ?? '✗', now: change.statusNow ?? '✗' })}`,
    );
  for (const line of change.lines) {
    if (line.op === 'kept') continue;
    const number = line.op === 'added' ? line.newLine : line.oldLine;
    lines.push(`  ${line.op === 'added' ? '+' : '-'}${number}: ${terminalSafe(line.text)}`);
  }
  for (const effect of change.effects)
    lines.push(...effectLines(effect, i18n).map((l) => `  ${l}`));
  return lines;
}

/** "line 3 now blocks 2 crawled pages for googlebot" (and the reverse), with a few of them. */
export function effectSentences(effect: RobotsLineEffect, { t }: Translator): string[] {
  const { robot, line } = effect;
  const sentences: string[] = [];
  if (effect.nowBlocked > 0)
    sentences.push(
      line === null
        ? t('cli_changes_file_blocks', { count: effect.nowBlocked, robot })
        : t('cli_changes_effect_blocks', { line, count: effect.nowBlocked, robot }),
    );
  if (effect.nowAllowed > 0)
    sentences.push(
      line === null
        ? t('cli_changes_file_allows', { count: effect.nowAllowed, robot })
        : t('cli_changes_effect_allows', { line, count: effect.nowAllowed, robot }),
    );
  return sentences;
}

function effectLines(effect: RobotsLineEffect, i18n: Translator): string[] {
  return [
    ...effectSentences(effect, i18n),
    ...effect.examples.map((url) => `    ${terminalSafe(url)}`),
  ];
}
