/** `robotlens robots`: its options and help. */
import { phrase } from '../../lib/i18n/phrase.ts';
import { formatOption, FROM_OPTION, ROBOT_OPTION, timeoutOption } from '../common-options.ts';
import type { CommandSpec } from '../options.ts';

/** The site a local file is audited for, when `--base` does not say. */
export const DEFAULT_BASE = 'https://example.com';

export const ROBOTS_COMMAND: CommandSpec = {
  name: 'robots',
  usage: [
    'robots <origin-or-url> [options]',
    'robots --file <robots.txt> [--base <url>] [options]',
    'robots batch < cases.json',
  ],
  summary: phrase('cliopt_robots_summary'),
  options: [
    { ...ROBOT_OPTION, multiple: true, help: phrase('cliopt_ua_audit') },
    {
      name: 'test',
      value: '<url-or-path>',
      kind: 'text',
      multiple: true,
      help: phrase('cliopt_robots_test'),
    },
    { name: 'file', value: '<path>', kind: 'text', help: phrase('cliopt_robots_file') },
    {
      name: 'base',
      value: '<url>',
      kind: 'text',
      default: DEFAULT_BASE,
      help: phrase('cliopt_robots_base'),
    },
    formatOption(['text', 'json']),
    timeoutOption(),
    FROM_OPTION,
  ],
  examples: [
    'robots example.com --test /private/page.html --ua googlebot --ua bingbot',
    'robots --file ./robots.txt --base https://example.com --test /cart',
    'robots batch < cases.json | head',
  ],
};
