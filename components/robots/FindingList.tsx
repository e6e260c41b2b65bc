/** Every audit finding, with a button that shows its line in the file. */
import type { RobotsFinding } from '../../lib/robots/index.ts';
import { PageText } from '../PageText.tsx';

export interface FindingListProps {
  findings: RobotsFinding[];
  onShowLine: (line: number) => void;
}

export function FindingList({ findings, onShowLine }: FindingListProps) {
  return (
    <section aria-label="Findings" class="findings">
      <h2>Findings ({findings.length})</h2>
      {findings.length === 0 ? <p>No mistakes found.</p> : null}
      <ul>
        {findings.map((finding, index) => (
          <li key={index} class={`finding finding-${finding.severity}`} data-code={finding.code}>
            <span class="severity">{finding.severity}</span>{' '}
            {finding.line !== null ? (
              <button type="button" class="link" onClick={() => onShowLine(finding.line!)}>
                line {finding.line}
              </button>
            ) : (
              <span>whole file</span>
            )}{' '}
            <span class="finding-message">
              <PageText text={finding.message} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
