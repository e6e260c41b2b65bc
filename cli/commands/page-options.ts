/** `robotlens page`: its options and help. */
import { phrase } from '../../lib/i18n/phrase.ts';
import { formatOption, FROM_OPTION, ROBOT_OPTION, timeoutOption } from '../common-options.ts';
import type { CommandSpec } from '../options.ts';

export const PAGE_COMMAND: CommandSpec = {
  name: 'page',
  usage: ['page <url> [options]'],
  summary: phrase('cliopt_page_summary'),
  options: [ROBOT_OPTION, formatOption(['text', 'json']), timeoutOption(), FROM_OPTION],
  examples: [
    'page https://example.com/',
    'page localhost:8080/about.html --ua bingbot',
    'page example.com --format json --timeout 30s',
  ],
};
