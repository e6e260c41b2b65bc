/** `robotlens page <url>`: the page verdict. Exit 0 indexable, 1 not, 2 error. */
import { isPhrase, phrase } from '../../lib/i18n/phrase.ts';
import { withText } from '../../lib/i18n/with-text.ts';
import { stringifySafeJson } from '../../lib/text/safe-json.ts';
import type { Translator } from '../../lib/i18n/translator.ts';
import { USER_AGENT } from '../../lib/identity.ts';
import { inspectPage, type PageInspection } from '../../lib/page/inspect-page.ts';
import { formatVerdictText } from '../format/verdict-text.ts';
import { createNodeHttp } from '../http/node-http.ts';
import { cliTranslator } from '../i18n.ts';
import { parseCommandArgs } from '../options.ts';
import { assumedHttpsHint, targetUrl } from '../target-url.ts';
import { UsageError } from '../usage-error.ts';
import { PAGE_COMMAND } from './page-options.ts';

export async function runPage(args: string[], i18n: Translator): Promise<number> {
  const options = parseCommandArgs(args, PAGE_COMMAND);
  if (options.positionals.length > 1) throw new UsageError(phrase('cli_page_one_url'));
  const target = targetUrl(options.positionals[0], i18n);
  const { url } = target;
  const format = options.text('format');
  const from = options.text('from');
  const http = createNodeHttp({ userAgent: USER_AGENT, ...(from ? { from } : {}) });
  const inspection = await inspectPage({
    http,
    url,
    robot: options.text('ua')!,
    nowMs: Date.now(),
    timeoutMs: options.number('timeout'),
  });
  const { verdict, robots } = inspection;
  if (verdict.status === null && verdict.reasons.some((r) => r.code === 'http-status')) {
    // The page could not be fetched at all: that is an error, not a verdict.
    const reason = verdict.reasons.find((r) => r.code === 'http-status');
    // The cause (DNS, refused connection, timeout, …) first, then what it means for robots.
    const cause = reason && isPhrase(reason.source) ? `${i18n.say(reason.source)}. ` : '';
    const error = reason ? `${cause}${i18n.say(reason.detail)}` : i18n.t('cli_unreachable_default');
    const hint = assumedHttpsHint(target, i18n);
    process.stderr.write(`robotlens: ${i18n.t('cli_unreachable', { url, error })}${hint}\n`);
    if (format === 'json') process.stdout.write(pageJson(inspection, cliTranslator('en')));
    return 2;
  }
  process.stdout.write(
    format === 'json'
      ? pageJson(inspection, cliTranslator('en'))
      : formatVerdictText(verdict, robots, i18n),
  );
  return verdict.indexable ? 0 : 1;
}

/**
 * The verdict, and always the robots.txt answer for the page — allowed or
 * not, and why — so a script need not infer it from the absence of a reason.
 * JSON is data: its words are English, each with its phrase beside it.
 */
function pageJson({ verdict, robots, robotsFetch }: PageInspection, english: Translator): string {
  const robotsTxt = { url: robotsFetch.url, status: robotsFetch.status, ...robots };
  return `${stringifySafeJson(withText({ ...verdict, robots: robotsTxt }, english.say), 2)}\n`;
}
