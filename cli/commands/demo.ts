/**
 * `robotlens demo`: serves the bundled demo site (demo/site) on 127.0.0.1
 * and runs the audits on it, so a newcomer sees every feature in one command.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { USER_AGENT } from '../../lib/identity.ts';
import { inspectPage } from '../../lib/page/inspect-page.ts';
import { auditRobotsTxt, fetchRobotsTxt } from '../../lib/robots/index.ts';
import { formatRobotsText } from '../format/robots-text.ts';
import { formatVerdictText } from '../format/verdict-text.ts';
import { createNodeHttp } from '../http/node-http.ts';
import { startSiteServer } from '../site-server.ts';

const DEMO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../demo/site');

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

export async function runDemo(args: string[]): Promise<number> {
  if (args.length > 0) throw new Error('demo takes no arguments');
  const site = await startSiteServer(DEMO_ROOT);
  const out = (text: string) => process.stdout.write(text);
  try {
    out(`RobotLens demo — the demo site is served at ${site.origin}\n\n`);
    const http = createNodeHttp({ userAgent: USER_AGENT });
    out('== robots.txt audit ==\n\n');
    const robotsFetch = await fetchRobotsTxt(http, site.origin, { nowMs: Date.now() });
    const tests = ['/drafts/public.html', '/drafts/secret.html', '/tmp.html', '/search%20/cart'];
    const audit = auditRobotsTxt(robotsFetch, { uas: DEMO_ROBOTS, tests, nowMs: Date.now() });
    out(`${formatRobotsText(audit)}\n`);
    out('== Page verdicts ==\n\n');
    const summary: string[] = [];
    for (const ua of DEMO_ROBOTS) {
      for (const pathname of DEMO_PAGES) {
        const url = `${site.origin}${pathname}`;
        const { verdict, robots } = await inspectPage({ http, url, ua, nowMs: Date.now() });
        out(`${formatVerdictText(verdict, robots)}\n`);
        const codes = verdict.reasons.filter((r) => r.blocking).map((r) => r.code);
        summary.push(
          `  ${ua.padEnd(10)} ${pathname.padEnd(22)} ${verdict.indexable ? 'indexable    ' : 'NOT indexable'} ${codes.join(', ')}`,
        );
      }
    }
    out(`== Summary ==\n\n${summary.join('\n')}\n`);
    return 0;
  } finally {
    await site.close();
  }
}
