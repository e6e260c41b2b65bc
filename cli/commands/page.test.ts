import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WithText } from '../../lib/i18n/with-text.ts';
import type { Verdict as LibVerdict } from '../../lib/verdict/types.ts';

/** The verdict as `--format json` writes it: its words in English, each with its phrase. */
type Verdict = WithText<LibVerdict>;
import { runCli } from '../../tests/support/run-cli.ts';
import { startSiteServer, type SiteServer } from '../site-server.ts';

let site: SiteServer;
beforeAll(async () => {
  site = await startSiteServer(path.resolve('tests/fixtures/indexability'));
});
afterAll(() => site.close());

async function pageJson(pathname: string, ...extra: string[]) {
  const run = await runCli(['page', `${site.origin}${pathname}`, '--format', 'json', ...extra]);
  return { run, verdict: JSON.parse(run.stdout) as Verdict };
}

const blockingCodes = (verdict: Verdict) =>
  verdict.reasons.filter((r) => r.blocking).map((r) => r.code);

describe('robotlens page', () => {
  it.each([
    ['/clean.html', 'googlebot', true, []],
    ['/noindex-meta.html', 'googlebot', false, ['meta-robots']],
    ['/googlebot-noindex.html', 'googlebot', false, ['meta-robots']],
    ['/googlebot-noindex.html', 'bingbot', true, []],
    ['/x-robots-noindex.html', 'googlebot', false, ['x-robots-tag']],
    ['/x-robots-googlebot.html', 'googlebot', false, ['x-robots-tag']],
    ['/x-robots-googlebot.html', '*', true, []],
    ['/private/secret.html', 'googlebot', false, ['robots-txt']],
    ['/no-bing.html', 'bingbot', false, ['robots-txt']],
    ['/no-bing.html', 'googlebot', true, []],
    ['/missing.html', 'googlebot', false, ['http-status']],
    ['/server-error.html', 'googlebot', false, ['http-status']],
    ['/moved.html', 'googlebot', true, []],
    ['/unavailable-after.html', 'googlebot', false, ['unavailable-after']],
  ] as const)('%s for %s → indexable %s', async (pathname, ua, indexable, codes) => {
    const { run, verdict } = await pageJson(pathname, '--ua', ua);
    expect(run.code).toBe(indexable ? 0 : 1);
    expect(verdict).toMatchObject({ url: `${site.origin}${pathname}`, ua, indexable });
    expect(blockingCodes(verdict).sort()).toEqual([...codes].sort());
    for (const reason of verdict.reasons) {
      expect(reason).toEqual({
        code: expect.any(String),
        blocking: expect.any(Boolean),
        source: expect.any(String),
        detail: expect.any(String),
        // The same sentence as a message key and values, for other languages.
        detailPhrase: { key: expect.any(String), values: expect.any(Object) },
        ...(reason.sourcePhrase ? { sourcePhrase: expect.any(Object) } : {}),
      });
    }
  });

  it('says a robots.txt-blocked noindex can never be seen', async () => {
    const { verdict } = await pageJson('/private/secret.html');
    const robots = verdict.reasons.find((r) => r.code === 'robots-txt')!;
    expect(robots.source).toContain('Disallow: /private/');
    expect(robots.source).toContain('line 3');
    expect(verdict.reasons.map((r) => r.code)).toContain('noindex-unseen');
  });

  it('records the redirect of a moved page', async () => {
    const { verdict } = await pageJson('/moved.html');
    expect(verdict.finalUrl).toBe(`${site.origin}/clean.html`);
    expect(verdict.reasons.map((r) => r.code)).toContain('redirect');
  });

  it('prints a readable text report by default', async () => {
    const run = await runCli(['page', `${site.origin}/noindex-meta.html`]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('NOT INDEXABLE for googlebot');
    expect(run.stdout).toContain('meta-robots');
  });

  it('exits 2 with a clear message on a network error', async () => {
    const run = await runCli(['page', 'http://127.0.0.1:1/', '--timeout', '2000']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/robotlens: .*127\.0\.0\.1:1/);
  });

  it('exits 2 on usage errors', async () => {
    expect((await runCli(['page'])).code).toBe(2);
    expect((await runCli(['page', 'ftp://example.com/'])).stderr).toContain('only http and https');
    expect((await runCli(['page', 'http://x/', '--format', 'xml'])).code).toBe(2);
    expect((await runCli(['nonsense'])).code).toBe(2);
  });

  it('lists every command in --help', async () => {
    const run = await runCli(['--help']);
    expect(run.code).toBe(0);
    for (const command of ['page', 'robots', 'demo'])
      expect(run.stdout).toContain(`robotlens ${command}`);
  });
});
