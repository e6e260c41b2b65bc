/** `robotlens diff`: its options and help. */
import { phrase } from '../../lib/i18n/phrase.ts';
import type { CommandSpec } from '../options.ts';
import { FAIL_ON_OPTION } from '../watch/watch-options.ts';

export const DIFF_FORMATS = ['text', 'json', 'markdown'] as const;
export type DiffFormat = (typeof DIFF_FORMATS)[number];

export const DIFF_COMMAND: CommandSpec = {
  name: 'diff',
  usage: ['diff <older-crawl> <newer-crawl> [options]'],
  summary: phrase('cliopt_diff_summary'),
  options: [
    {
      name: 'format',
      value: DIFF_FORMATS.join('|'),
      kind: 'choice',
      choices: DIFF_FORMATS,
      default: 'text',
      help: phrase('cliopt_format_diff'),
    },
    {
      name: 'out',
      value: '<file>',
      kind: 'output-file',
      shownDefault: phrase('cliopt_default_stdout'),
      help: phrase('cliopt_diff_out'),
    },
    FAIL_ON_OPTION,
  ],
  examples: [
    'diff monday.json tuesday.json',
    'diff old.json new.json --format markdown >> "$GITHUB_STEP_SUMMARY"',
    'diff old.json new.json --fail-on new-broken,noindex-change',
  ],
};
