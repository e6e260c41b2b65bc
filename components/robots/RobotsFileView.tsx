/**
 * The file with line numbers and its findings beside their lines. Long files
 * are paged (a 500 KiB file has tens of thousands of lines), and the page
 * follows the highlighted line.
 */
import { useEffect, useState } from 'preact/hooks';
import type { RobotsFinding } from '../../lib/robots/index.ts';
import { useI18n } from '../i18n.tsx';
import { PageText } from '../PageText.tsx';
import { SEVERITY_LABELS as SEVERITY } from '../../lib/robots/severity-labels.ts';

export const LINES_PER_PAGE = 200;

export interface RobotsFileViewProps {
  lines: string[];
  findings: RobotsFinding[];
  highlightedLine: number | null;
}

export function RobotsFileView({
  lines: fileLines,
  findings,
  highlightedLine,
}: RobotsFileViewProps) {
  // A final newline ends the last line; it does not start an empty one.
  const lines = fileLines.at(-1) === '' ? fileLines.slice(0, -1) : fileLines;
  const pageCount = Math.max(1, Math.ceil(lines.length / LINES_PER_PAGE));
  const [page, setPage] = useState(0);
  useEffect(() => {
    if (highlightedLine !== null) setPage(Math.floor((highlightedLine - 1) / LINES_PER_PAGE));
  }, [highlightedLine]);
  useEffect(() => {
    document.querySelector('.file-line.highlighted')?.scrollIntoView({ block: 'nearest' });
  }, [page, highlightedLine]);
  const { t, say } = useI18n();
  const byLine = groupByLine(findings);
  const first = page * LINES_PER_PAGE;
  return (
    <section aria-label={t('robots_file_label')} class="file-view">
      <h2 id="file-view-title">{t('robots_file_lines', { count: lines.length })}</h2>
      {pageCount > 1 ? (
        <nav class="pager" aria-label={t('robots_file_pages')}>
          <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>
            {t('robots_previous_lines')}
          </button>
          <span>
            {t('robots_lines_range', {
              first: first + 1,
              last: Math.min(lines.length, first + LINES_PER_PAGE),
              total: lines.length,
            })}
          </span>
          <button type="button" disabled={page >= pageCount - 1} onClick={() => setPage(page + 1)}>
            {t('robots_next_lines')}
          </button>
        </nav>
      ) : null}
      {/* Scrolls on its own: a tab stop, so the keyboard can scroll it too. */}
      <ol class="file-lines" start={first + 1} tabIndex={0} aria-labelledby="file-view-title">
        {lines.slice(first, first + LINES_PER_PAGE).map((text, index) => {
          const number = first + index + 1;
          const lineFindings = byLine.get(number) ?? [];
          const classes = [
            'file-line',
            number === highlightedLine ? 'highlighted' : '',
            lineFindings.length ? 'flagged' : '',
          ];
          return (
            <li
              key={number}
              class={classes.join(' ')}
              data-line={number}
              aria-current={number === highlightedLine ? 'true' : undefined}
            >
              <code>{text ? <PageText text={text} /> : ' '}</code>
              {lineFindings.map((finding, i) => (
                <span key={i} class={`line-finding finding-${finding.severity}`}>
                  {t(SEVERITY[finding.severity])}: <PageText text={say(finding.message)} />
                </span>
              ))}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function groupByLine(findings: RobotsFinding[]): Map<number, RobotsFinding[]> {
  const map = new Map<number, RobotsFinding[]>();
  for (const finding of findings) {
    if (finding.line === null) continue;
    map.set(finding.line, [...(map.get(finding.line) ?? []), finding]);
  }
  return map;
}
