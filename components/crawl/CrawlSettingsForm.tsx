/** The crawl's options, with the engine's polite defaults. */
import type { CrawlSettings } from '../../lib/protocol/messages.ts';
import { useI18n } from '../i18n.tsx';

export interface CrawlSettingsFormProps {
  settings: CrawlSettings;
  onChange: (settings: CrawlSettings) => void;
  disabled?: boolean;
}

export function CrawlSettingsForm({
  settings,
  onChange,
  disabled = false,
}: CrawlSettingsFormProps) {
  const { t } = useI18n();
  const number = (
    key: 'maxPages' | 'maxDepth' | 'concurrencyPerOrigin' | 'delayMs',
    min: number,
    max: number,
  ) => (
    <input
      id={`crawl-${key}`}
      type="number"
      min={min}
      max={max}
      value={settings[key]}
      disabled={disabled}
      onInput={(event) => {
        const value = Math.round(Number(event.currentTarget.value));
        if (Number.isFinite(value) && value >= min && value <= max)
          onChange({ ...settings, [key]: value });
      }}
    />
  );
  const toggle = (key: 'obeyRobots' | 'checkExternal' | 'useSitemaps', label: string) => (
    <label class="toggle">
      <input
        type="checkbox"
        checked={settings[key]}
        disabled={disabled}
        onChange={(event) => onChange({ ...settings, [key]: event.currentTarget.checked })}
      />{' '}
      {label}
    </label>
  );
  return (
    <fieldset class="crawl-settings" disabled={disabled}>
      <legend>{t('crawl_options')}</legend>
      <div class="settings-grid">
        <label for="crawl-maxPages">{t('crawl_max_pages')}</label>
        {number('maxPages', 1, 100_000)}
        <label for="crawl-maxDepth">{t('crawl_max_depth')}</label>
        {number('maxDepth', 0, 1_000)}
        <label for="crawl-concurrencyPerOrigin">{t('crawl_concurrency')}</label>
        {number('concurrencyPerOrigin', 1, 16)}
        <label for="crawl-delayMs">{t('crawl_delay')}</label>
        {number('delayMs', 0, 60_000)}
        <label for="crawl-robot">{t('crawl_robot')}</label>
        <input
          id="crawl-robot"
          value={settings.robot}
          maxLength={100}
          disabled={disabled}
          onInput={(event) => onChange({ ...settings, robot: event.currentTarget.value })}
        />
      </div>
      {toggle('obeyRobots', t('crawl_obey_robots'))}
      {!settings.obeyRobots ? (
        <p class="warning" role="note">
          {t('crawl_ignore_robots_warning')}
        </p>
      ) : null}
      {toggle('checkExternal', t('crawl_check_external'))}
      {toggle('useSitemaps', t('crawl_use_sitemaps'))}
    </fieldset>
  );
}
