/** URLs no crawl or link check ever requests, one pattern a line, each bad line named. */
import type { PlainMessageKey } from '../../lib/i18n/catalog.ts';
import type { Phrase } from '../../lib/i18n/phrase.ts';
import type { LineProblem } from '../../lib/settings/block-list.ts';
import { useI18n } from '../i18n.tsx';

/** Example patterns (the same in every language) and what each means. */
const EXAMPLES: [string, PlainMessageKey][] = [
  ['/admin/*', 'options_block_example_path'],
  ['https://example.com/cart?*', 'options_block_example_url'],
  ['*.zip', 'options_block_example_extension'],
  ['re:[?&]sessionid=', 'options_block_example_regex'],
];

export interface BlockListSectionProps {
  text: string;
  /** The whole list's problem (too big), if any. */
  error?: Phrase | undefined;
  lines: LineProblem[];
  onChange: (text: string) => void;
}

export function BlockListSection({ text, error, lines, onChange }: BlockListSectionProps) {
  const { t, say } = useI18n();
  const invalid = Boolean(error) || lines.length > 0;
  const describedBy = [invalid ? 'opt-blockList-error' : null, 'opt-blockList-hint']
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset class="options-section">
      <legend>{t('options_block_heading')}</legend>
      <div class={`field${invalid ? ' field-invalid' : ''}`}>
        <label for="opt-blockList">{t('options_block_label')}</label>
        <textarea
          id="opt-blockList"
          rows={Math.min(16, Math.max(5, text.split('\n').length + 1))}
          value={text}
          spellcheck={false}
          autoComplete="off"
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          onInput={(event) => onChange(event.currentTarget.value)}
        />
        {invalid ? (
          <ul id="opt-blockList-error" class="field-error line-errors">
            {error ? <li>{say(error)}</li> : null}
            {lines.map((problem) => (
              <li key={problem.line}>
                {t('options_block_line', {
                  line: problem.line,
                  pattern: problem.pattern,
                  problem: problem.message,
                })}
              </li>
            ))}
          </ul>
        ) : null}
        <div id="opt-blockList-hint" class="field-hint">
          <dl class="pattern-examples">
            {EXAMPLES.map(([pattern, meaning]) => (
              <div key={pattern}>
                <dt>
                  <code>{pattern}</code>
                </dt>
                <dd>{t(meaning)}</dd>
              </div>
            ))}
          </dl>
          <p>{t('block_pattern_re2_hint')}</p>
          <p>{t('options_block_always')}</p>
        </div>
      </div>
    </fieldset>
  );
}
