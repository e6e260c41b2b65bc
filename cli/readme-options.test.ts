/**
 * The README's option tables and the parser cannot drift apart: each
 * command's section lists every option the parser knows (as `--help` writes
 * it) with the default `--help` shows, and no option the parser does not know.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { english } from '../components/english.ts';
import type { Phrase } from '../lib/i18n/phrase.ts';
import { defaultShown, optionColumn } from './command-help.ts';
import { COMMANDS } from './commands/index.ts';

const README = readFileSync('README.md', 'utf8');

/** The rows of the option table under "### `robotlens <name>`": option cell → default cell. */
function optionTable(name: string): Map<string, string> {
  const start = README.indexOf(`### \`robotlens ${name}\``);
  expect(start, `README section for robotlens ${name}`).toBeGreaterThan(0);
  const end = README.indexOf('\n#', start + 1);
  const rows = new Map<string, string>();
  for (const line of README.slice(start, end).split('\n')) {
    const cells = /^\| `(--[^`]+)` +\| ([^|]+?) +\|/.exec(line);
    if (cells) rows.set(cells[1]!.replaceAll('\\|', '|'), cells[2]!.replaceAll('`', ''));
  }
  return rows;
}

describe('README option tables', () => {
  const documented = Object.entries(COMMANDS).filter(([, c]) => c.spec.options.length > 0);

  it.each(documented)('robotlens %s: every option, with its default', (name, { spec }) => {
    const table = optionTable(name);
    const expected = new Map(
      spec.options.map((option) => {
        const shown = defaultShown(option);
        const text =
          shown === null ? 'off' : typeof shown === 'object' ? english(shown as Phrase) : shown;
        return [optionColumn(option), String(text)];
      }),
    );
    expect(Object.fromEntries(table)).toEqual(Object.fromEntries(expected));
  });

  it('names the older spellings the parser still accepts', () => {
    for (const { spec } of Object.values(COMMANDS))
      for (const option of spec.options)
        for (const alias of option.aliases ?? []) expect(README).toContain(`\`--${alias}\``);
  });
});
