/** The page verdict as a readable terminal report, in the user's language. */
import type { Translator } from '../../lib/i18n/translator.ts';
import { otherAnswerPhrase } from '../../lib/robots/other-answer-phrase.ts';
import type { RobotsDecision } from '../../lib/robots/types.ts';
import type { Verdict } from '../../lib/verdict/types.ts';
import { terminalSafe } from './terminal-safe.ts';

export function formatVerdictText(
  verdict: Verdict,
  robots: RobotsDecision | null,
  i18n: Translator,
): string {
  const { t, say } = i18n;
  const lines: string[] = [];
  const mark = verdict.indexable ? t('cli_indexable') : t('cli_not_indexable');
  lines.push(t('cli_verdict_head', { mark, robot: verdict.ua, url: verdict.url }));
  lines.push(`  ${say(verdict.summary)}`);
  const status = verdict.status === null ? t('no_response') : String(verdict.status);
  lines.push(
    `  ${
      verdict.finalUrl !== verdict.url
        ? t('cli_http_at', { status, url: verdict.finalUrl })
        : t('cli_http', { status })
    }`,
  );
  if (robots) {
    const answer = robots.allowed ? t('robots_allowed') : t('robots_disallowed');
    const why = say(robots.reason);
    lines.push(
      `  ${
        robots.line !== null
          ? t('cli_robots_line', {
              answer,
              line: String(robots.line),
              rule: robots.rule ?? '',
              why,
            })
          : t('cli_robots', { answer, why })
      }`,
    );
    for (const other of robots.otherAnswers ?? [])
      lines.push(`    ≠ ${say(otherAnswerPhrase(other))}`);
  }
  if (verdict.reasons.length > 0) lines.push(`  ${t('cli_reasons')}`);
  const [blocks, note] = [t('cli_blocks'), t('cli_note')];
  const width = Math.max(blocks.length, note.length);
  for (const reason of verdict.reasons) {
    const tag = (reason.blocking ? blocks : note).padEnd(width);
    lines.push(`    ${tag} ${reason.code}: ${say(reason.detail)}`);
    lines.push(`    ${' '.repeat(width)} ${t('cli_from', { source: reason.source })}`);
  }
  lines.push(...formatTags(verdict, i18n));
  return `${lines.map(terminalSafe).join('\n')}\n`;
}

function formatTags(verdict: Verdict, { t }: Translator): string[] {
  const { tags } = verdict;
  const rows: [string, string | null][] = [
    ['title', tags.title],
    ['description', tags.description],
    ['keywords', tags.keywords],
    ['revisit-after', tags.revisitAfter],
    ['canonical', tags.canonical],
    ['refresh', tags.refresh],
  ];
  const lines = [`  ${t('cli_tags')}`];
  for (const [name, value] of rows) if (value !== null) lines.push(`    ${name}: ${value}`);
  for (const meta of tags.robotsMeta) lines.push(`    meta ${meta.name}: ${meta.content}`);
  for (const value of tags.xRobotsTag) lines.push(`    X-Robots-Tag: ${value}`);
  for (const alt of tags.hreflang) lines.push(`    hreflang ${alt.lang}: ${alt.href}`);
  lines.push(
    `    ${t('cli_links', { count: tags.anchorCount, nofollow: tags.nofollowAnchorCount })}`,
  );
  return lines;
}
