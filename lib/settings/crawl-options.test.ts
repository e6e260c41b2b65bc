import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_AUDIT_SETTINGS } from '../audit/types.ts';
import { DEFAULT_CRAWL_OPTIONS } from '../crawl/types.ts';
import { crawlFormDefaults, crawlOptionsOf, runningCrawlSettings } from './crawl-options.ts';
import { DEFAULT_SETTINGS, type Settings } from './settings.ts';

const STORED: Settings = {
  ...DEFAULT_SETTINGS,
  crawl: { ...DEFAULT_SETTINGS.crawl, maxPages: 80, timeoutMs: 4_000 },
  from: 'webmaster@example.com',
  blockList: ['/admin/*'],
};

describe('the options of a crawl started from the popup', () => {
  it('start from the stored defaults, the timeout included, without the Options-only fields', () => {
    const form = crawlFormDefaults(STORED);
    expect(form.maxPages).toBe(80);
    expect(form.timeoutMs).toBe(4_000);
    expect(form).not.toHaveProperty('blockList');
  });

  it('take the popup form as changed there (its timeout too), and the block list and From from the Options', () => {
    const form = { ...crawlFormDefaults(STORED), maxPages: 5, timeoutMs: 3_000, obeyRobots: false };
    const smuggled = { ...form, blockList: [], from: 'x@y.z' } as typeof form;
    expect(crawlOptionsOf(smuggled, STORED)).toEqual({
      ...form,
      timeoutMs: 3_000,
      blockList: ['/admin/*'],
      audit: DEFAULT_SITE_AUDIT_SETTINGS,
      from: 'webmaster@example.com',
    });
  });

  it.each([
    ['googlebot', 'googlebot'],
    ['bingbot', 'bingbot'],
    ['*', '*'],
  ])('audit the pages for the robot the verdicts are for (%s)', (robot, audited) => {
    const stored = { ...STORED, robot };
    const options = crawlOptionsOf(crawlFormDefaults(stored), stored);
    expect(options.audit).toEqual({ ...DEFAULT_SITE_AUDIT_SETTINGS, robot: audited });
    // The crawl itself still obeys robots.txt for its own token.
    expect(options.robot).toBe(stored.crawl.robot);
  });

  it('show a running crawl by its own options, not the stored defaults', () => {
    const options = {
      ...DEFAULT_CRAWL_OPTIONS,
      startUrls: ['https://example.com/'],
      maxPages: 7,
      timeoutMs: 3_000,
    };
    expect(runningCrawlSettings(options)).toEqual({
      maxPages: 7,
      maxDepth: DEFAULT_CRAWL_OPTIONS.maxDepth,
      concurrencyPerOrigin: DEFAULT_CRAWL_OPTIONS.concurrencyPerOrigin,
      delayMs: DEFAULT_CRAWL_OPTIONS.delayMs,
      timeoutMs: 3_000,
      robot: DEFAULT_CRAWL_OPTIONS.robot,
      obeyRobots: true,
      checkExternal: true,
      useSitemaps: false,
    });
  });

  it('send no From when none is set', () => {
    expect(
      crawlOptionsOf(crawlFormDefaults(DEFAULT_SETTINGS), DEFAULT_SETTINGS),
    ).not.toHaveProperty('from');
  });
});
