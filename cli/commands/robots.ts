/**
 * `robotlens robots`: fetch (or read) robots.txt, audit it, test URLs.
 * `robotlens robots batch`: decide many cases from stdin, for conformance suites.
 */
import { readFile } from 'node:fs/promises';
import { phrase } from '../../lib/i18n/phrase.ts';
import { withText } from '../../lib/i18n/with-text.ts';
import { stringifySafeJson } from '../../lib/text/safe-json.ts';
import type { Translator } from '../../lib/i18n/translator.ts';
import { USER_AGENT, DEFAULT_ROBOT } from '../../lib/identity.ts';
import {
  auditRobotsTxt,
  batchDecide,
  fetchRobotsTxt,
  robotsTxtUrl,
  type BatchCase,
  type RobotsAudit,
  type RobotsFetch,
} from '../../lib/robots/index.ts';
import { formatRobotsText } from '../format/robots-text.ts';
import { createNodeHttp } from '../http/node-http.ts';
import { cliTranslator } from '../i18n.ts';
import { parseCommandArgs, type ParsedArgs } from '../options.ts';
import { assumedHttpsHint, targetUrl } from '../target-url.ts';
import { UsageError } from '../usage-error.ts';
import { ROBOTS_COMMAND } from './robots-options.ts';

export async function runRobots(args: string[], i18n: Translator): Promise<number> {
  if (args[0] === 'batch') return runBatch(args.slice(1));
  const options = parseCommandArgs(args, ROBOTS_COMMAND);
  const file = options.text('file');
  const nowMs = Date.now();
  const fetched = file
    ? await readLocalFile(file, options, i18n, nowMs)
    : await fetchRemote(options, i18n, nowMs);
  if (fetched.status === null) {
    const error = fetched.error ?? i18n.t('cli_unreachable_default');
    process.stderr.write(`robotlens: ${i18n.t('cli_unreachable', { url: fetched.url, error })}`);
    process.stderr.write(`${fetched.hint}\n`);
    return 2;
  }
  const robots = options.list('ua');
  const tests = options.list('test');
  const audit = auditRobotsTxt(fetched, {
    robots: robots.length ? robots : [DEFAULT_ROBOT],
    tests,
    nowMs,
  });
  process.stdout.write(format(options.text('format'), audit, i18n, file));
  return exitCodeOf(audit);
}

function format(
  name: string | undefined,
  audit: RobotsAudit,
  i18n: Translator,
  file: string | undefined,
): string {
  if (name !== 'json') return formatRobotsText(audit, i18n, file);
  return robotsJson(audit, file, cliTranslator('en'));
}

/**
 * JSON is data: its words are English, each with its phrase beside it. A file
 * read from disk names itself; its status and lifetime are those of an imagined 200.
 */
function robotsJson(audit: RobotsAudit, file: string | undefined, english: Translator): string {
  const named = file === undefined ? audit : { file, ...audit };
  return `${stringifySafeJson(withText(named, english.say), 2)}\n`;
}

/** 1 when the file has errors or a tested URL is disallowed, so scripts can gate on it. */
function exitCodeOf(audit: RobotsAudit): number {
  const hasErrors = audit.findings.some((f) => f.severity === 'error');
  const blocked = audit.tests.some((t) => !t.allowed);
  return hasErrors || blocked ? 1 : 0;
}

type Fetched = RobotsFetch & { hint: string };

async function fetchRemote(options: ParsedArgs, i18n: Translator, nowMs: number): Promise<Fetched> {
  if (options.positionals.length !== 1) throw new UsageError(phrase('cli_robots_one_origin'));
  const target = targetUrl(options.positionals[0], i18n, phrase('cli_what_origin'));
  const from = options.text('from');
  const http = createNodeHttp({ userAgent: USER_AGENT, ...(from ? { from } : {}) });
  const timeoutMs = options.number('timeout');
  const fetched = await fetchRobotsTxt(http, new URL(target.url).origin, { nowMs, timeoutMs });
  return { ...fetched, hint: assumedHttpsHint(target, i18n) };
}

/** A local file audited as if `<base>/robots.txt` had answered 200 with it. */
async function readLocalFile(
  file: string,
  options: ParsedArgs,
  i18n: Translator,
  nowMs: number,
): Promise<Fetched> {
  if (options.positionals.length > 0) throw new UsageError(phrase('cli_robots_not_both'));
  const base = targetUrl(options.text('base'), i18n, phrase('cli_what_base'));
  let body: Uint8Array;
  try {
    body = new Uint8Array(await readFile(file));
  } catch (error) {
    throw new UsageError(
      phrase('cli_cannot_read', {
        file,
        error: (error as NodeJS.ErrnoException).code ?? String(error),
      }),
    );
  }
  return {
    url: robotsTxtUrl(new URL(base.url).origin),
    status: 200,
    redirects: [],
    body,
    contentType: 'text/plain',
    fetchedAtMs: nowMs,
    hint: '',
  };
}

async function runBatch(args: string[]): Promise<number> {
  if (args.length > 0) throw new UsageError(phrase('cli_batch_no_args'));
  const cases = parseCases(await readStdin());
  process.stdout.write(`${stringifySafeJson(batchDecide(cases))}\n`);
  return 0;
}

function parseCases(text: string): BatchCase[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError(phrase('cli_batch_not_json', { error: (error as Error).message }));
  }
  if (!Array.isArray(data)) throw new UsageError(phrase('cli_batch_not_array'));
  return data.map((item: unknown, index) => {
    const c = item as Partial<BatchCase> | null;
    const hasFile = typeof c?.robotstxt === 'string' || typeof c?.robotstxt_base64 === 'string';
    if (!c || !hasFile || typeof c.ua !== 'string' || typeof c.url !== 'string') {
      throw new UsageError(phrase('cli_batch_bad_case', { index: String(index) }));
    }
    return c as BatchCase;
  });
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
