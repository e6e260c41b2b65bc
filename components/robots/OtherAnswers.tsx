/** Where other robots.txt parsers answer otherwise: one line each, with the answer and why. */
import { otherAnswerPhrase } from '../../lib/robots/other-answer-phrase.ts';
import type { RobotsOtherAnswer } from '../../lib/robots/types.ts';
import { useI18n } from '../i18n.tsx';
import { PageText } from '../PageText.tsx';

export function OtherAnswers({ answers }: { answers: readonly RobotsOtherAnswer[] | undefined }) {
  const { say } = useI18n();
  if (!answers || answers.length === 0) return null;
  return (
    <ul class="other-answers" data-testid="other-answers">
      {answers.map((answer) => (
        <li key={answer.parser} data-parser={answer.parser}>
          <PageText text={say(otherAnswerPhrase(answer))} />
        </li>
      ))}
    </ul>
  );
}
