/**
 * The crawl's options, with the engine's polite defaults. While a crawl
 * runs the form shows that crawl's own settings, read-only (`runningNote`
 * says so).
 */
import type { CrawlSettings } from '../../lib/settings/crawl-settings.ts';
import { CRAWL_LIMITS, type CrawlNumberKey } from '../../lib/settings/settings.ts';
import { useI18n } from '../i18n.tsx';

export interface CrawlSettingsFormProps {
  settings: CrawlSettings;
  onChange: (settings: CrawlSettings) => void;
  disabled?: boolean;
  /** The form shows a running crawl's settings, not the ones for the next crawl. */
  showsRunningCrawl?: boolean;
}

export function CrawlSettingsForm({
  settings,
  onChange,
  disabled = false,
  showsRunningCrawl = false,
}: CrawlSettingsFormProps) {
  const { t } = useI18n();
  const number = (key: CrawlNumberKey) => {
    const { min, max } = CRAWL_LIMITS[key];
    return (
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
  };
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
      {showsRunningCrawl ? (
        <p class="muted" data-testid="running-settings">
          {t('crawlview_running_settings')}
        </p>
      ) : null}
      <div class="settings-grid">
        <label for="crawl-maxPages">{t('crawl_max_pages')}</label>
        {number('maxPages')}
        <label for="crawl-maxDepth">{t('crawl_max_depth')}</label>
        {number('maxDepth')}
        <label for="crawl-concurrencyPerOrigin">{t('crawl_concurrency')}</label>
        {number('concurrencyPerOrigin')}
        <label for="crawl-delayMs">{t('crawl_delay')}</label>
        {number('delayMs')}
        <label for="crawl-timeoutMs">{t('crawlview_timeout')}</label>
        {number('timeoutMs')}
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
