/**
 * "Check each page as I browse": the Options page's switch and the popup's
 * offer. Presentational: extension/use-browse-check.ts holds the state.
 */
import type { BrowseCheckState } from '../extension/use-browse-check.ts';
import { useI18n } from './i18n.tsx';

function ProblemText({ problem }: Pick<BrowseCheckState, 'problem'>) {
  const { t } = useI18n();
  if (!problem) return null;
  return (
    <p class="error" role="alert">
      {problem.kind === 'refused'
        ? t('access_browse_refused')
        : t('access_browse_failed', { error: problem.error })}
    </p>
  );
}

/** The Options page's section: a checkbox, what it does, and what it costs. */
export function BrowseCheckSection({ on, problem, toggle }: BrowseCheckState) {
  const { t } = useI18n();
  return (
    <fieldset class="options-section" data-testid="browse-check">
      <legend>{t('access_browse_title')}</legend>
      <label>
        <input
          type="checkbox"
          checked={on === true}
          disabled={on === null}
          aria-describedby="browse-check-help"
          onChange={(event) => toggle(event.currentTarget.checked)}
        />{' '}
        {t('access_browse_label')}
      </label>
      <p id="browse-check-help" class="field-hint">
        {t('access_browse_help')}
      </p>
      <ProblemText problem={problem} />
    </fieldset>
  );
}

/** The popup's line under the verdict: the offer while it is off, a note once it is on. */
export function BrowseCheckOffer({ on, problem, toggle }: BrowseCheckState) {
  const { t } = useI18n();
  if (on === null) return null;
  return (
    <div class="browse-check" data-testid="browse-check">
      {on ? (
        <p>{t('access_popup_on')}</p>
      ) : (
        <p>
          {t('access_popup_offer')}{' '}
          <button type="button" data-action="browse-check" onClick={() => toggle(true)}>
            {t('access_popup_turn_on')}
          </button>
        </p>
      )}
      <ProblemText problem={problem} />
    </div>
  );
}
