/** The crawl's options, with the engine's polite defaults. */
import type { CrawlSettings } from '../../lib/protocol/messages.ts';

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
      <legend>Crawl options</legend>
      <div class="settings-grid">
        <label for="crawl-maxPages">Max pages</label>
        {number('maxPages', 1, 100_000)}
        <label for="crawl-maxDepth">Max depth</label>
        {number('maxDepth', 0, 1_000)}
        <label for="crawl-concurrencyPerOrigin">Requests at once</label>
        {number('concurrencyPerOrigin', 1, 16)}
        <label for="crawl-delayMs">Delay (ms)</label>
        {number('delayMs', 0, 60_000)}
        <label for="crawl-robot">Robot token</label>
        <input
          id="crawl-robot"
          value={settings.robot}
          maxLength={100}
          disabled={disabled}
          onInput={(event) => onChange({ ...settings, robot: event.currentTarget.value })}
        />
      </div>
      {toggle('obeyRobots', 'Obey robots.txt')}
      {!settings.obeyRobots ? (
        <p class="warning" role="note">
          Only for your own sites: RobotLens will fetch URLs robots.txt forbids.
        </p>
      ) : null}
      {toggle('checkExternal', 'Check links to other sites (asks for access to them)')}
      {toggle('useSitemaps', 'Seed from sitemaps')}
    </fieldset>
  );
}
