/** Options several commands share, with the Options page's limits where it has the setting. */
import { phrase } from '../lib/i18n/phrase.ts';
import { DEFAULT_ROBOT } from '../lib/identity.ts';
import { CRAWL_LIMITS } from '../lib/settings/settings.ts';
import type { OptionSpec } from './options.ts';

/** What `page` and `robots` wait for one answer (the crawl has its own default). */
export const REQUEST_TIMEOUT_MS = 15_000;

export function timeoutOption(defaultMs: number = REQUEST_TIMEOUT_MS): OptionSpec {
  const { min, max } = CRAWL_LIMITS.timeoutMs;
  return {
    name: 'timeout',
    value: '<duration>',
    kind: 'duration',
    minMs: min,
    maxMs: max,
    defaultMs,
    help: phrase('cliopt_timeout'),
  };
}

export const FROM_OPTION: OptionSpec = {
  name: 'from',
  value: '<email>',
  kind: 'email',
  help: phrase('cliopt_from'),
};

/** The robot a verdict or an audit is for. */
export const ROBOT_OPTION: OptionSpec = {
  name: 'ua',
  value: '<token>',
  kind: 'robot',
  default: DEFAULT_ROBOT,
  help: phrase('cliopt_ua_verdict'),
};

export function formatOption(choices: readonly string[]): OptionSpec {
  return {
    name: 'format',
    value: choices.join('|'),
    kind: 'choice',
    choices,
    default: 'text',
    help: choices.includes('csv') ? phrase('cliopt_format_crawl') : phrase('cliopt_format'),
  };
}
