/** Every audit finding, with a button that shows its line in the file. */
import type { RobotsFinding } from '../../lib/robots/index.ts';
import { SEVERITY_LABELS as SEVERITY } from '../../lib/robots/severity-labels.ts';
import { useI18n } from '../i18n.tsx';
import { PageText } from '../PageText.tsx';

export interface FindingListProps {
  findings: RobotsFinding[];
  onShowLine: (line: number) => void;
}

export function FindingList({ findings, onShowLine }: FindingListProps) {
  const { t, say } = useI18n();
  return (
    <section aria-label={t('robots_findings')} class="findings">
      <h2>{t('robots_findings_count', { count: findings.length })}</h2>
      {findings.length === 0 ? <p>{t('robots_no_findings')}</p> : null}
      <ul>
        {findings.map((finding, index) => (
          <li key={index} class={`finding finding-${finding.severity}`} data-code={finding.code}>
            <span class="severity">{t(SEVERITY[finding.severity])}</span>{' '}
            {finding.line !== null ? (
              <button type="button" class="link" onClick={() => onShowLine(finding.line!)}>
                {t('line_n', { line: String(finding.line) })}
              </button>
            ) : (
              <span>{t('robots_whole_file')}</span>
            )}{' '}
            <span class="finding-message">
              <PageText text={say(finding.message)} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
