/** "May robot X fetch URL Y?": a URL list × a robot list, each answer with its deciding line. */
import { useState } from 'preact/hooks';
import type { RobotsTest } from '../../lib/robots/index.ts';
import { useI18n } from '../i18n.tsx';
import { PageText } from '../PageText.tsx';
import { OtherAnswers } from './OtherAnswers.tsx';

export interface RobotsTesterProps {
  initialUrls: string[];
  initialRobots: string[];
  results: RobotsTest[];
  onTest: (urls: string[], robots: string[]) => void;
  onShowLine: (line: number) => void;
}

export function RobotsTester({
  initialUrls,
  initialRobots,
  results,
  onTest,
  onShowLine,
}: RobotsTesterProps) {
  const { t, say } = useI18n();
  const [urls, setUrls] = useState(initialUrls.join('\n'));
  const [robots, setRobots] = useState(initialRobots.join(', '));
  const submit = (event: Event) => {
    event.preventDefault();
    onTest(splitList(urls, /\n/), splitList(robots, /[,\n]/));
  };
  return (
    <section aria-label={t('tester_label')} class="tester">
      <h2>{t('tester_test_urls')}</h2>
      <form onSubmit={submit}>
        <label for="tester-urls">{t('tester_urls')}</label>
        <textarea
          id="tester-urls"
          rows={3}
          value={urls}
          onInput={(e) => setUrls(e.currentTarget.value)}
        />
        <label for="tester-robots">{t('tester_robots')}</label>
        <input
          id="tester-robots"
          value={robots}
          onInput={(e) => setRobots(e.currentTarget.value)}
        />
        <button type="submit">{t('tester_test_urls')}</button>
      </form>
      {results.length > 0 ? (
        // Polite live region: the answers to a new test are read out when they come in.
        <ul class="test-results" aria-label={t('tester_results')} aria-live="polite">
          {results.map((test, index) => (
            <li key={index} class={test.allowed ? 'allowed' : 'disallowed'}>
              <div class="test-head">
                <strong class="test-answer">
                  {test.allowed ? t('robots_allowed') : t('robots_disallowed')}
                </strong>{' '}
                <span class="test-robot">
                  <PageText text={test.ua} />
                </span>{' '}
                {test.line !== null ? (
                  <button type="button" class="link" onClick={() => onShowLine(test.line!)}>
                    {t('line_n_colon', { line: String(test.line) })}{' '}
                    <PageText text={test.rule ?? ''} />
                  </button>
                ) : (
                  <span>{test.group === null ? t('tester_no_group') : t('tester_no_rule')}</span>
                )}
              </div>
              <div class="test-url">
                <PageText text={test.url} />
              </div>
              <div class="test-reason">
                <PageText text={say(test.reason)} />
              </div>
              <OtherAnswers answers={test.otherAnswers} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function splitList(text: string, separator: RegExp): string[] {
  return text
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);
}
