/**
 * "Scheduled re-crawl": for each site RobotLens has access to, off, daily
 * or weekly — stored as soon as it is picked (it is not part of the form's
 * Save), with the last scheduled run and what it did. Presentational: the
 * Options entrypoint finds the sites and stores the choice.
 */
import type { Translator } from '../../lib/i18n/translator.ts';
import type { RecrawlChoice, Schedule } from '../../lib/settings/schedule.ts';
import type { ScheduledRun } from '../../extension/crawl-items.ts';
import { useI18n } from '../i18n.tsx';

export interface ScheduleSite {
  origin: string;
  lastRun: ScheduledRun | null;
}

export type ScheduleStatus = { kind: 'saved' } | { kind: 'save-failed'; error: string };

export interface ScheduleSectionProps {
  sites: ScheduleSite[];
  schedule: Schedule;
  status: ScheduleStatus | null;
  onChoose: (origin: string, choice: RecrawlChoice) => void;
}

const CHOICES: RecrawlChoice[] = ['off', 'daily', 'weekly'];

function outcomeText({ t }: Translator, run: ScheduledRun): string {
  switch (run.outcome.kind) {
    case 'started':
      return t('watch_run_started');
    case 'no-access':
      return t('watch_run_no_access');
    case 'busy':
      return t('watch_run_busy');
    case 'failed':
      return t('watch_run_failed', { error: run.outcome.error });
  }
}

function choiceText({ t }: Translator, choice: RecrawlChoice): string {
  if (choice === 'daily') return t('options_schedule_daily');
  if (choice === 'weekly') return t('options_schedule_weekly');
  return t('options_schedule_off');
}

export function ScheduleSection({ sites, schedule, status, onChoose }: ScheduleSectionProps) {
  const i18n = useI18n();
  const { t, lang } = i18n;
  return (
    <fieldset class="options-section" data-testid="schedule">
      <legend>{t('options_schedule_heading')}</legend>
      <p class="field-hint">{t('options_schedule_intro')}</p>
      {sites.length === 0 ? <p>{t('options_schedule_none')}</p> : null}
      {sites.map(({ origin, lastRun }, index) => (
        <div class="field" key={origin}>
          <label for={`opt-schedule-${index}`}>{origin}</label>
          <select
            id={`opt-schedule-${index}`}
            data-origin={origin}
            aria-label={t('options_schedule_label', { site: origin })}
            value={schedule[origin] ?? 'off'}
            onChange={(event) => onChoose(origin, event.currentTarget.value as RecrawlChoice)}
          >
            {CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {choiceText(i18n, choice)}
              </option>
            ))}
          </select>
          {lastRun ? (
            <p class="field-hint">
              {t('options_schedule_last_run', {
                when: new Date(lastRun.atMs).toLocaleString(lang),
                outcome: outcomeText(i18n, lastRun),
              })}
            </p>
          ) : null}
        </div>
      ))}
      <p
        class={`save-status${status?.kind === 'save-failed' ? ' error' : ''}`}
        role="status"
        data-testid="schedule-status"
      >
        {status?.kind === 'saved'
          ? t('options_schedule_saved')
          : status?.kind === 'save-failed'
            ? t('options_schedule_save_failed', { error: status.error })
            : ''}
      </p>
    </fieldset>
  );
}
