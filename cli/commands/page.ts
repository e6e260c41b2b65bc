/** `robotlens page <url>`: the page verdict. Exit 0 indexable, 1 not, 2 error. */
import { phrase } from '../../lib/i18n/phrase.ts';
import { stringifySafeJson } from '../../lib/text/safe-json.ts';
import type { Translator } from '../../lib/i18n/translator.ts';
import { USER_AGENT, DEFAULT_ROBOT } from '../../lib/identity.ts';
import { inspectPage } from '../../lib/page/inspect-page.ts';
import { formatVerdictText } from '../format/verdict-text.ts';
import { createNodeHttp } from '../http/node-http.ts';
import { parseCommandArgs, parseFormat, parsePositiveInt, parseTargetUrl } from '../options.ts';
import { UsageError } from '../usage-error.ts';

export async function runPage(args: string[], i18n: Translator): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    ua: { type: 'string' },
    format: { type: 'string' },
    timeout: { type: 'string' },
    from: { type: 'string' },
  });
  if (positionals.length > 1) throw new UsageError(phrase('cli_page_one_url'));
  const url = parseTargetUrl(positionals[0]);
  const format = parseFormat(values.format);
  const ua = (values.ua ?? DEFAULT_ROBOT).trim() || DEFAULT_ROBOT;
  const http = createNodeHttp({
    userAgent: USER_AGENT,
    ...(values.from ? { from: values.from } : {}),
  });
  const timeoutMs = parsePositiveInt('timeout', values.timeout, 15_000);
  const { verdict, robots } = await inspectPage({ http, url, ua, nowMs: Date.now(), timeoutMs });
  if (verdict.status === null && verdict.reasons.some((r) => r.code === 'http-status')) {
    // The page could not be fetched at all: that is an error, not a verdict.
    const reason = verdict.reasons.find((r) => r.code === 'http-status');
    const error = reason ? i18n.say(reason.detailPhrase) : i18n.t('cli_unreachable_default');
    process.stderr.write(`robotlens: ${i18n.t('cli_unreachable', { url, error })}\n`);
    if (format === 'json') process.stdout.write(`${stringifySafeJson(verdict, 2)}\n`);
    return 2;
  }
  process.stdout.write(
    format === 'json'
      ? `${stringifySafeJson(verdict, 2)}\n`
      : formatVerdictText(verdict, robots, i18n),
  );
  return verdict.indexable ? 0 : 1;
}
