/** Crawl limits and politeness: the defaults every crawl started from the popup begins with. */
import type { PlainMessageKey } from '../../lib/i18n/catalog.ts';
import type { SettingsDraft, DraftErrors } from '../../lib/settings/settings-form.ts';
import {
  CRAWL_LIMITS,
  type CrawlNumberKey,
  type CrawlToggleKey,
} from '../../lib/settings/settings.ts';
import { useI18n } from '../i18n.tsx';
import { Field, Toggle } from './Field.tsx';

/** Each number's label and hint. */
const NUMBERS: Record<CrawlNumberKey, [PlainMessageKey, PlainMessageKey]> = {
  maxPages: ['options_crawl_max_pages', 'options_crawl_max_pages_hint'],
  maxDepth: ['options_crawl_max_depth', 'options_crawl_max_depth_hint'],
  concurrencyPerOrigin: ['options_crawl_concurrency', 'options_crawl_concurrency_hint'],
  delayMs: ['options_crawl_delay', 'options_crawl_delay_hint'],
  timeoutMs: ['options_crawl_timeout', 'options_crawl_timeout_hint'],
};

/** Each toggle's label, and its hint if it needs one. */
const TOGGLES: Record<CrawlToggleKey, [PlainMessageKey, PlainMessageKey | undefined]> = {
  obeyRobots: ['options_crawl_obey_robots', undefined],
  checkExternal: ['options_crawl_check_external', 'options_crawl_check_external_hint'],
  useSitemaps: ['options_crawl_use_sitemaps', 'options_crawl_use_sitemaps_hint'],
};

export interface CrawlSectionProps {
  crawl: SettingsDraft['crawl'];
  errors: DraftErrors['fields'];
  onChange: (crawl: SettingsDraft['crawl']) => void;
}

export function CrawlSection({ crawl, errors, onChange }: CrawlSectionProps) {
  const { t } = useI18n();
  const set = <K extends keyof SettingsDraft['crawl']>(key: K, value: SettingsDraft['crawl'][K]) =>
    onChange({ ...crawl, [key]: value });
  const toggle = (key: CrawlToggleKey) => {
    const [label, hint] = TOGGLES[key];
    return (
      <Toggle
        id={`opt-crawl-${key}`}
        label={t(label)}
        {...(hint ? { hint: t(hint) } : {})}
        checked={crawl[key]}
        onChange={(checked) => set(key, checked)}
      />
    );
  };
  return (
    <fieldset class="options-section">
      <legend>{t('options_crawl_heading')}</legend>
      <p class="section-intro">{t('options_crawl_intro')}</p>
      <div class="field-grid">
        {(Object.keys(NUMBERS) as CrawlNumberKey[]).map((key) => {
          const [label, hint] = NUMBERS[key];
          const { min, max } = CRAWL_LIMITS[key];
          return (
            <Field
              key={key}
              id={`opt-crawl-${key}`}
              label={t(label)}
              value={crawl[key]}
              onInput={(value) => set(key, value)}
              hint={`${t(hint)} ${t('options_crawl_range', { min, max })}`}
              error={errors[`crawl.${key}`]}
              input={{ type: 'number', min, max, step: 1, inputMode: 'numeric' }}
            />
          );
        })}
      </div>
      <Field
        id="opt-crawl-robot"
        label={t('options_crawl_robot_label')}
        value={crawl.robot}
        onInput={(value) => set('robot', value)}
        hint={t('options_crawl_robot_hint')}
        error={errors['crawl.robot']}
        input={{ maxLength: 100, autoComplete: 'off', spellcheck: false }}
      />
      {toggle('obeyRobots')}
      {!crawl.obeyRobots ? (
        <p class="warning" role="alert" data-testid="obey-robots-warning">
          {t('options_crawl_obey_warning')}
        </p>
      ) : null}
      {toggle('checkExternal')}
      {toggle('useSitemaps')}
    </fieldset>
  );
}
