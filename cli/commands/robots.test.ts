import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RobotsAudit } from '../../lib/robots/index.ts';
import { runCli } from '../../tests/support/run-cli.ts';
import { startSiteServer, type SiteServer } from '../site-server.ts';

const names = [
  'robots-ok',
  'robots-403',
  'robots-503',
  'robots-redirect',
  'robots-soft404',
] as const;
const sites = {} as Record<(typeof names)[number], SiteServer>;
beforeAll(async () => {
  for (const name of names)
    sites[name] = await startSiteServer(path.resolve('tests/fixtures', name));
});
afterAll(() => Promise.all(Object.values(sites).map((s) => s.close())));

async function auditJson(...args: string[]) {
  const run = await runCli(['robots', ...args, '--format', 'json']);
  return { run, audit: JSON.parse(run.stdout) as RobotsAudit };
}

describe('robotlens robots', () => {
  it('fetches, audits and tests URLs, with the deciding line', async () => {
    const origin = sites['robots-ok'].origin;
    const { run, audit } = await auditJson(
      origin,
      '--ua',
      'googlebot',
      '--ua',
      'bingbot',
      '--test',
      '/private/open.html',
    );
    expect(run.code).toBe(1); // the file has errors and bingbot is disallowed
    expect(audit).toMatchObject({ url: `${origin}/robots.txt`, status: 200, policy: 'rules' });
    expect(audit.tests.map(({ ua, allowed, line }) => ({ ua, allowed, line }))).toEqual([
      { ua: 'googlebot', allowed: true, line: 11 },
      { ua: 'bingbot', allowed: false, line: 6 },
    ]);
    expect(audit.findings.map((f) => f.code)).toContain('rule-before-user-agent');
    expect(audit.groups).toHaveLength(2);
    expect(audit.sitemaps).toEqual([{ url: 'sitemap.xml', line: 3 }]);
  });

  it.each([
    ['robots-403', 403, 'allow-all', 'disallow-all'],
    ['robots-503', 503, 'disallow-all', 'disallow-all'],
    ['robots-soft404', 200, 'rules', 'rules'],
  ] as const)(
    '%s → HTTP %s, policy %s (classic %s)',
    async (name, status, policy, classicPolicy) => {
      const { audit } = await auditJson(sites[name].origin);
      expect(audit).toMatchObject({ status, policy, classicPolicy });
    },
  );

  it('follows a redirect and records the hop', async () => {
    const origin = sites['robots-redirect'].origin;
    const { audit } = await auditJson(`${origin}/some/page.html`);
    expect(audit.redirects).toEqual([{ url: `${origin}/robots.txt`, status: 301 }]);
    expect(audit.groups[0]!.rules).toHaveLength(451);
  });

  it('audits a local file against a base origin', async () => {
    const { run, audit } = await auditJson(
      '--file',
      'demo/site/robots.txt',
      '--base',
      'https://shop.example',
      '--test',
      '/drafts/public.html',
    );
    expect(run.code).toBe(1);
    expect(audit.url).toBe('https://shop.example/robots.txt');
    expect(audit.tests[0]).toMatchObject({
      url: 'https://shop.example/drafts/public.html',
      allowed: true,
      line: 12,
    });
  });

  it('prints a readable text report', async () => {
    const run = await runCli([
      'robots',
      '--file',
      'demo/site/robots.txt',
      '--test',
      '/tmp.html',
      '--ua',
      'bingbot',
    ]);
    expect(run.stdout).toContain(
      'DISALLOWED bingbot https://example.com/tmp.html by line 6: Disallow: /tmp',
    );
    expect(run.stdout).toMatch(/line 7 warning field-typo/);
  });

  it('decides a batch from stdin, in order', async () => {
    const cases = [
      { robotstxt: 'User-agent: *\nDisallow: /a\n', ua: 'foo', url: 'https://e.com/a/b' },
      {
        robotstxt: 'User-agent: *\nDisallow: /a\nAllow: /a/b\n',
        ua: 'foo',
        url: 'https://e.com/a/b',
      },
      {
        robotstxt_base64: Buffer.from('User-agent: foo\nDisallow: /\n').toString('base64'),
        ua: 'FooBot',
        url: 'https://e.com/x',
      },
      {
        robotstxt: 'User-agent: *\nDisallow: /%7Efred/\n',
        ua: 'x',
        url: 'https://e.com/~fred/hi.html',
      },
      { robotstxt: '', ua: 'x', url: 'https://e.com/' },
    ];
    const run = await runCli(['robots', 'batch'], JSON.stringify(cases));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([
      { allowed: false, line: 2 },
      { allowed: true, line: 3 },
      { allowed: true, line: null },
      { allowed: false, line: 2 },
      { allowed: true, line: null },
    ]);
  });

  it('handles thousands of batch cases in one process', async () => {
    const cases = Array.from({ length: 5000 }, (_, i) => ({
      robotstxt: `User-agent: *\nDisallow: /p${i % 7}/\n`,
      ua: 'bot',
      url: `https://e.com/p${i % 11}/x`,
    }));
    const run = await runCli(['robots', 'batch'], JSON.stringify(cases));
    const results = JSON.parse(run.stdout) as { allowed: boolean }[];
    expect(results).toHaveLength(5000);
    expect(results[3]!.allowed).toBe(false);
    expect(results[8]!.allowed).toBe(true);
  });

  it('exits 2 with a message on bad batch input, missing files and unreachable hosts', async () => {
    expect((await runCli(['robots', 'batch'], '{not json')).stderr).toMatch(/not JSON/);
    expect((await runCli(['robots', 'batch'], '[{"ua":"x"}]')).code).toBe(2);
    expect((await runCli(['robots', '--file', 'no/such/file.txt'])).stderr).toMatch(/cannot read/);
    const unreachable = await runCli(['robots', 'http://127.0.0.1:1', '--timeout', '2000']);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toMatch(/127\.0\.0\.1:1/);
  });
});
