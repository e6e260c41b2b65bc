import { describe, expect, it } from 'vitest';
import { crawlFormDefaults, crawlOptionsOf } from './crawl-options.ts';
import { DEFAULT_SETTINGS, type Settings } from './settings.ts';

const STORED: Settings = {
  ...DEFAULT_SETTINGS,
  crawl: { ...DEFAULT_SETTINGS.crawl, maxPages: 80, timeoutMs: 4_000 },
  from: 'webmaster@example.com',
  blockList: ['/admin/*'],
};

describe('the options of a crawl started from the popup', () => {
  it('start from the stored defaults, without the Options-only fields', () => {
    const form = crawlFormDefaults(STORED);
    expect(form.maxPages).toBe(80);
    expect(form).not.toHaveProperty('timeoutMs');
  });

  it('take the popup form as changed there, and the timeout, block list and From from the Options', () => {
    const form = { ...crawlFormDefaults(STORED), maxPages: 5, obeyRobots: false };
    const smuggled = { ...form, blockList: [], from: 'x@y.z' } as typeof form;
    expect(crawlOptionsOf(smuggled, STORED)).toEqual({
      ...form,
      timeoutMs: 4_000,
      blockList: ['/admin/*'],
      from: 'webmaster@example.com',
    });
  });

  it('send no From when none is set', () => {
    expect(
      crawlOptionsOf(crawlFormDefaults(DEFAULT_SETTINGS), DEFAULT_SETTINGS),
    ).not.toHaveProperty('from');
  });
});
