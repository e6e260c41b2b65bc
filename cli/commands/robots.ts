/**
 * `robotlens robots`: fetch (or read) robots.txt, audit it, test URLs.
 * `robotlens robots batch`: decide many cases from stdin, for conformance suites.
 */
import { readFile } from 'node:fs/promises';
import { phrase } from '../../lib/i18n/phrase.ts';
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
import { parseCommandArgs, parseFormat, parsePositiveInt, parseTargetUrl } from '../options.ts';
import { UsageError } from '../usage-error.ts';

export async function runRobots(args: string[], i18n: Translator): Promise<number> {
  if (args[0] === 'batch') return runBatch(args.slice(1));
  const { values, positionals } = parseCommandArgs(args, {
    ua: { type: 'string', multiple: true },
    test: { type: 'string', multiple: true },
    file: { type: 'string' },
    base: { type: 'string' },
    format: { type: 'string' },
    timeout: { type: 'string' },
    from: { type: 'string' },
  });
  const format = parseFormat(values.format);
  const nowMs = Date.now();
  const fetched = values.file
    ? await readLocalFile(values.file, values.base, positionals, nowMs)
    : await fetchRemote(positionals, values, nowMs);
  if (fetched.status === null) {
    const error = fetched.error ?? i18n.t('cli_unreachable_default');
    process.stderr.write(`robotlens: ${i18n.t('cli_unreachable', { url: fetched.url, error })}\n`);
    return 2;
  }
  const uas = values.ua?.length ? values.ua : [DEFAULT_ROBOT];
  const audit = auditRobotsTxt(fetched, { uas, tests: values.test ?? [], nowMs });
  process.stdout.write(
    format === 'json' ? `${stringifySafeJson(audit, 2)}\n` : formatRobotsText(audit, i18n),
  );
  return exitCodeOf(audit);
}

/** 1 when the file has errors or a tested URL is disallowed, so scripts can gate on it. */
function exitCodeOf(audit: RobotsAudit): number {
  const hasErrors = audit.findings.some((f) => f.severity === 'error');
  const blocked = audit.tests.some((t) => !t.allowed);
  return hasErrors || blocked ? 1 : 0;
}

async function fetchRemote(
  positionals: string[],
  values: { timeout?: string; from?: string },
  nowMs: number,
): Promise<RobotsFetch> {
  if (positionals.length !== 1) throw new UsageError(phrase('cli_robots_one_origin'));
  const origin = new URL(parseTargetUrl(positionals[0], phrase('cli_what_origin'))).origin;
  const http = createNodeHttp({
    userAgent: USER_AGENT,
    ...(values.from ? { from: values.from } : {}),
  });
  const timeoutMs = parsePositiveInt('timeout', values.timeout, 15_000);
  return fetchRobotsTxt(http, origin, { nowMs, timeoutMs });
}

/** A local file audited as if `<base>/robots.txt` had answered 200 with it. */
async function readLocalFile(
  file: string,
  base: string | undefined,
  positionals: string[],
  nowMs: number,
): Promise<RobotsFetch> {
  if (positionals.length > 0) throw new UsageError(phrase('cli_robots_not_both'));
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
  const origin = new URL(parseTargetUrl(base ?? 'https://example.com', phrase('cli_what_base')))
    .origin;
  return {
    url: robotsTxtUrl(origin),
    status: 200,
    redirects: [],
    body,
    contentType: 'text/plain',
    fetchedAtMs: nowMs,
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
