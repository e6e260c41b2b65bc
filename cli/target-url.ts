/**
 * The URL a command works on, from what was typed (lib/url/typed-url.ts
 * has the rules). When a scheme had to be added, stderr says which URL is
 * used and why, so a person never wonders what was requested.
 */
import { phrase, type Phrase } from '../lib/i18n/phrase.ts';
import type { Translator } from '../lib/i18n/translator.ts';
import { urlFromTyped } from '../lib/url/typed-url.ts';
import { UsageError } from './usage-error.ts';

export interface TargetUrl {
  url: string;
  /** The scheme the person did not type, when one was added. */
  schemeAdded: 'http' | 'https' | null;
}

export function targetUrl(
  typed: string | undefined,
  i18n: Translator,
  what: Phrase = phrase('cli_what_url'),
): TargetUrl {
  if (typed === undefined || typed.trim() === '')
    throw new UsageError(phrase('cli_missing', { what }));
  const result = urlFromTyped(typed);
  if (!result.ok) throw new UsageError(result.problem);
  if (result.schemeAdded !== null) {
    const why =
      result.schemeAdded === 'http'
        ? phrase('cliopt_url_local_http')
        : phrase('cliopt_url_assumed_https');
    process.stderr.write(`robotlens: ${i18n.t('cliopt_url_used', { url: result.url, why })}\n`);
  }
  return { url: result.url, schemeAdded: result.schemeAdded };
}

/** Added to "unreachable" when https was only assumed: the server may speak plain http. */
export function assumedHttpsHint(target: TargetUrl, i18n: Translator): string {
  if (target.schemeAdded !== 'https') return '';
  const http = target.url.replace(/^https:/, 'http:');
  return ` ${i18n.t('cliopt_url_try_http', { url: http })}`;
}
