/**
 * `robotlens demo`: serves the bundled demo site (demo/site) on 127.0.0.1
 * and runs the three jobs on it in their order — page verdicts, the
 * robots.txt audit, a crawl — each under the command that prints the same
 * thing, so a newcomer sees every feature and how to ask for it. The demo
 * site has real problems on purpose (see demo/site/README.md).
 */
import { systemClock } from '../../lib/crawl/clock.ts';
import { Crawler } from '../../lib/crawl/crawl.ts';
import { buildReport } from '../../lib/crawl/report.ts';
import type { HttpFetch } from '../../lib/http/types.ts';
import { phrase } from '../../lib/i18n/phrase.ts';
import type { Translator } from '../../lib/i18n/translator.ts';
import { USER_AGENT } from '../../lib/identity.ts';
import { inspectPage } from '../../lib/page/inspect-page.ts';
import { auditRobotsTxt, fetchRobotsTxt } from '../../lib/robots/index.ts';
import { formatCrawlText } from '../format/crawl-text.ts';
import { formatRobotsText } from '../format/robots-text.ts';
import { formatVerdictText } from '../format/verdict-text.ts';
import { createNodeHttp } from '../http/node-http.ts';
import { packageFile } from '../package-root.ts';
import { shellWord } from '../resume-command.ts';
import { startSiteServer } from '../site-server.ts';
import { UsageError } from '../usage-error.ts';
import { CLI_DEFAULT_MAX_PAGES } from './crawl.ts';

const DEMO_ROOT = packageFile('demo', 'site');

/** The demo pages, each showing one situation. */
const DEMO_PAGES = [
  '/',
  '/about.html',
  '/blog/hello.html',
  '/blog/old-post.html',
  '/blog/copy.html',
  '/drafts/public.html',
  '/drafts/secret.html',
  '/old-home.html',
  '/missing.html',
];
const DEMO_ROBOTS = ['googlebot', 'bingbot'];
const ROBOTS_TESTS = ['/drafts/public.html', '/drafts/secret.html', '/tmp.html', '/search%20/cart'];

type Out = (text: string) => void;

export async function runDemo(args: string[], i18n: Translator): Promise<number> {
  if (args.length > 0) throw new UsageError(phrase('cli_demo_no_args'));
  const site = await startSiteServer(DEMO_ROOT);
  const out: Out = (text) => process.stdout.write(text);
  try {
    out(`${i18n.t('demo_intro', { origin: site.origin })}\n\n`);
    const http = createNodeHttp({ userAgent: USER_AGENT });
    await demoVerdicts(http, site.origin, out, i18n);
    await demoRobots(http, site.origin, out, i18n);
    await demoCrawl(http, site.origin, out, i18n);
    return 0;
  } finally {
    await site.close();
  }
}

async function demoRobots(http: HttpFetch, origin: string, out: Out, i18n: Translator) {
  out(`== ${i18n.t('demo_job_robots')} ==\n\n`);
  const tests = ROBOTS_TESTS.flatMap((test) => ['--test', test]);
  const robotFlags = DEMO_ROBOTS.flatMap((robot) => ['--ua', robot]);
  out(`${commandLine(i18n, ['robots', origin, ...robotFlags, ...tests])}\n\n`);
  const fetched = await fetchRobotsTxt(http, origin, { nowMs: Date.now() });
  const audit = auditRobotsTxt(fetched, {
    robots: DEMO_ROBOTS,
    tests: ROBOTS_TESTS,
    nowMs: Date.now(),
  });
  out(`${formatRobotsText(audit, i18n)}\n`);
}

async function demoVerdicts(http: HttpFetch, origin: string, out: Out, i18n: Translator) {
  const { t } = i18n;
  out(`== ${t('demo_job_verdict')} ==\n\n`);
  const [yes, no] = [t('demo_indexable'), t('demo_not_indexable')];
  const width = Math.max(yes.length, no.length);
  const summary: string[] = [];
  let notIndexable = 0;
  for (const robot of DEMO_ROBOTS) {
    for (const pathname of DEMO_PAGES) {
      const { verdict, robots } = await inspectPage({
        http,
        url: `${origin}${pathname}`,
        robot,
        nowMs: Date.now(),
      });
      // The full explanation for Googlebot; one line each for the other robots.
      if (robot === DEMO_ROBOTS[0] && !verdict.indexable) {
        out(`${commandLine(i18n, ['page', `${origin}${pathname}`, '--ua', robot])}\n\n`);
        out(`${formatVerdictText(verdict, robots, i18n)}\n`);
      }
      if (!verdict.indexable) notIndexable++;
      const codes = verdict.reasons.filter((r) => r.blocking).map((r) => r.code);
      summary.push(
        `  ${robot.padEnd(10)} ${pathname.padEnd(22)} ${(verdict.indexable ? yes : no).padEnd(width)} ${codes.join(', ')}`,
      );
    }
  }
  const each = t('cli_report_demo_each_page', {
    command: `robotlens page ${origin}/… --ua …`,
  });
  const counts = t('cli_report_demo_verdicts', {
    checks: summary.length,
    indexable: summary.length - notIndexable,
    blocked: notIndexable,
  });
  out(`${t('demo_summary')} ${counts}\n${each}\n${summary.join('\n')}\n\n`);
}

async function demoCrawl(http: HttpFetch, origin: string, out: Out, i18n: Translator) {
  out(`== ${i18n.t('demo_job_crawl')} ==\n\n`);
  out(`${commandLine(i18n, ['crawl', `${origin}/`, '--delay', '0', '--sitemaps'])}\n\n`);
  const crawler = Crawler.start(
    { startUrls: [`${origin}/`], delayMs: 0, maxPages: CLI_DEFAULT_MAX_PAGES, useSitemaps: true },
    { http, clock: systemClock },
  );
  const checkpoint = await crawler.run();
  out(formatCrawlText(buildReport(checkpoint, crawler.stats()), i18n));
}

/** `$ robotlens …`: the command that prints the part below it. */
function commandLine({ t }: Translator, args: string[]): string {
  return t('cli_report_demo_command', { command: ['robotlens', ...args].map(shellWord).join(' ') });
}
