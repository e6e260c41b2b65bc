/** `robotlens demo`: it takes no options; its help says what it does. */
import { phrase } from '../../lib/i18n/phrase.ts';
import type { CommandSpec } from '../options.ts';

export const DEMO_COMMAND: CommandSpec = {
  name: 'demo',
  usage: ['demo'],
  summary: phrase('cliopt_demo_summary'),
  options: [],
  examples: ['demo', 'demo | less -R'],
};
