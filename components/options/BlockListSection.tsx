/** URLs no crawl or link check ever requests, one pattern a line, each bad line named. */
import type { LineProblem } from '../../lib/settings/block-list.ts';

const TEXT = {
  heading: 'Block list',
  label: 'URLs never to fetch, one pattern a line',
  hint: [
    ['/admin/*', 'a path on any site (path and query; * is any characters)'],
    ['https://example.com/cart?*', 'a whole URL'],
    ['*.zip', 'any URL ending in .zip'],
    ['re:[?&]sessionid=', 'a regular expression searched in the URL'],
  ],
  always:
    'Applies to every crawl (start pages, links, redirects) and every link check, whether robots.txt is obeyed or not.',
  line: (problem: LineProblem) => `Line ${problem.line} (${problem.pattern}): ${problem.message}`,
};

export interface BlockListSectionProps {
  text: string;
  /** The whole list's problem (too big), if any. */
  error?: string | undefined;
  lines: LineProblem[];
  onChange: (text: string) => void;
}

export function BlockListSection({ text, error, lines, onChange }: BlockListSectionProps) {
  const invalid = Boolean(error) || lines.length > 0;
  const describedBy = [invalid ? 'opt-blockList-error' : null, 'opt-blockList-hint']
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset class="options-section">
      <legend>{TEXT.heading}</legend>
      <div class={`field${invalid ? ' field-invalid' : ''}`}>
        <label for="opt-blockList">{TEXT.label}</label>
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
            {error ? <li>{error}</li> : null}
            {lines.map((problem) => (
              <li key={problem.line}>{TEXT.line(problem)}</li>
            ))}
          </ul>
        ) : null}
        <div id="opt-blockList-hint" class="field-hint">
          <dl class="pattern-examples">
            {TEXT.hint.map(([pattern, meaning]) => (
              <div key={pattern}>
                <dt>
                  <code>{pattern}</code>
                </dt>
                <dd>{meaning}</dd>
              </div>
            ))}
          </dl>
          <p>{TEXT.always}</p>
        </div>
      </div>
    </fieldset>
  );
}
