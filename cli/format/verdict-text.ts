/** The page verdict as a readable terminal report. */
import type { RobotsDecision } from '../../lib/robots/types.ts';
import type { Verdict } from '../../lib/verdict/types.ts';
import { terminalSafe } from './terminal-safe.ts';

export function formatVerdictText(verdict: Verdict, robots: RobotsDecision | null): string {
  const lines: string[] = [];
  const mark = verdict.indexable ? 'INDEXABLE' : 'NOT INDEXABLE';
  lines.push(`${mark} for ${verdict.ua}: ${verdict.url}`);
  lines.push(`  ${verdict.summary}`);
  lines.push(
    `  HTTP ${verdict.status ?? 'no response'}${verdict.finalUrl !== verdict.url ? ` at ${verdict.finalUrl}` : ''}`,
  );
  if (robots) {
    const rule = robots.line !== null ? ` (line ${robots.line}: ${robots.rule ?? ''})` : '';
    lines.push(
      `  robots.txt: ${robots.allowed ? 'allowed' : 'disallowed'}${rule} — ${robots.reason}`,
    );
  }
  if (verdict.reasons.length > 0) lines.push('  Reasons:');
  for (const reason of verdict.reasons) {
    const tag = reason.blocking ? 'BLOCKS' : 'note  ';
    lines.push(`    ${tag} ${reason.code}: ${reason.detail}`);
    lines.push(`           from ${reason.source}`);
  }
  lines.push(...formatTags(verdict));
  return `${lines.map(terminalSafe).join('\n')}\n`;
}

function formatTags(verdict: Verdict): string[] {
  const { tags } = verdict;
  const rows: [string, string | null][] = [
    ['title', tags.title],
    ['description', tags.description],
    ['keywords', tags.keywords],
    ['revisit-after', tags.revisitAfter],
    ['canonical', tags.canonical],
    ['refresh', tags.refresh],
  ];
  const lines = ['  Tags:'];
  for (const [name, value] of rows) if (value !== null) lines.push(`    ${name}: ${value}`);
  for (const meta of tags.robotsMeta) lines.push(`    meta ${meta.name}: ${meta.content}`);
  for (const value of tags.xRobotsTag) lines.push(`    X-Robots-Tag: ${value}`);
  for (const alt of tags.hreflang) lines.push(`    hreflang ${alt.lang}: ${alt.href}`);
  lines.push(`    links: ${tags.anchorCount} (${tags.nofollowAnchorCount} nofollow)`);
  return lines;
}
