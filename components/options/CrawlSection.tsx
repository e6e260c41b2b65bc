/** Crawl limits and politeness: the defaults every crawl started from the popup begins with. */
import type { SettingsDraft, DraftErrors } from '../../lib/settings/settings-form.ts';
import {
  CRAWL_LIMITS,
  type CrawlNumberKey,
  type CrawlToggleKey,
} from '../../lib/settings/settings.ts';
import { Field, Toggle } from './Field.tsx';

const TEXT = {
  heading: 'Crawl',
  intro: 'The popup’s Crawl tab starts from these; a change made there is for that crawl only.',
  numbers: {
    maxPages: ['Max pages', 'Pages of the site fetched with GET; the rest is listed as skipped.'],
    maxDepth: ['Max depth', 'Links followed from the start page, at most.'],
    concurrencyPerOrigin: ['Requests at once, per site', 'Requests in flight to one site.'],
    delayMs: [
      'Delay between requests (ms)',
      'Least time between two requests to one site; a robots.txt Crawl-delay raises it.',
    ],
    timeoutMs: ['Timeout per request (ms)', 'Headers and body; a slower answer is broken.'],
  } satisfies Record<CrawlNumberKey, [string, string]>,
  range: (min: number, max: number) =>
    `From ${min.toLocaleString('en')} to ${max.toLocaleString('en')}.`,
  robotLabel: 'robots.txt token',
  robotHint:
    'The robots.txt group the crawl obeys. Requests still say User-Agent: RobotLens/<version>.',
  toggles: {
    obeyRobots: ['Obey robots.txt', undefined],
    checkExternal: [
      'Check links to other sites',
      'A crawl then asks for access to every site when it starts.',
    ],
    useSitemaps: [
      'Seed from sitemaps',
      'Start from the sitemaps robots.txt names too, and compare them with what the crawl finds.',
    ],
  } satisfies Record<CrawlToggleKey, [string, string | undefined]>,
  obeyWarning:
    'robots.txt will not be obeyed: crawls will fetch pages it forbids. Turn this off only to crawl your own site (a staging copy, say). URLs on the block list are still never fetched.',
};

export interface CrawlSectionProps {
  crawl: SettingsDraft['crawl'];
  errors: DraftErrors['fields'];
  onChange: (crawl: SettingsDraft['crawl']) => void;
}

export function CrawlSection({ crawl, errors, onChange }: CrawlSectionProps) {
  const set = <K extends keyof SettingsDraft['crawl']>(key: K, value: SettingsDraft['crawl'][K]) =>
    onChange({ ...crawl, [key]: value });
  const toggle = (key: CrawlToggleKey) => {
    const [label, hint] = TEXT.toggles[key];
    return (
      <Toggle
        id={`opt-crawl-${key}`}
        label={label}
        {...(hint ? { hint } : {})}
        checked={crawl[key]}
        onChange={(checked) => set(key, checked)}
      />
    );
  };
  return (
    <fieldset class="options-section">
      <legend>{TEXT.heading}</legend>
      <p class="section-intro">{TEXT.intro}</p>
      <div class="field-grid">
        {(Object.keys(TEXT.numbers) as CrawlNumberKey[]).map((key) => {
          const [label, hint] = TEXT.numbers[key];
          const { min, max } = CRAWL_LIMITS[key];
          return (
            <Field
              key={key}
              id={`opt-crawl-${key}`}
              label={label}
              value={crawl[key]}
              onInput={(value) => set(key, value)}
              hint={`${hint} ${TEXT.range(min, max)}`}
              error={errors[`crawl.${key}`]}
              input={{ type: 'number', min, max, step: 1, inputMode: 'numeric' }}
            />
          );
        })}
      </div>
      <Field
        id="opt-crawl-robot"
        label={TEXT.robotLabel}
        value={crawl.robot}
        onInput={(value) => set('robot', value)}
        hint={TEXT.robotHint}
        error={errors['crawl.robot']}
        input={{ maxLength: 100, autoComplete: 'off', spellcheck: false }}
      />
      {toggle('obeyRobots')}
      {!crawl.obeyRobots ? (
        <p class="warning" role="alert" data-testid="obey-robots-warning">
          {TEXT.obeyWarning}
        </p>
      ) : null}
      {toggle('checkExternal')}
      {toggle('useSitemaps')}
    </fieldset>
  );
}
