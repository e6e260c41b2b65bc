import { describe, expect, it } from 'vitest';
import { english } from '../../components/english.ts';
import { checkDraft, draftChanged, draftOf } from './settings-form.ts';
import { DEFAULT_SETTINGS, type Settings } from './settings.ts';

const CUSTOM: Settings = {
  robot: 'bingbot',
  crawl: { ...DEFAULT_SETTINGS.crawl, maxPages: 50, delayMs: 250, timeoutMs: 5_000 },
  from: 'webmaster@example.com',
  blockList: ['/admin/*', 're:\\?sessionid='],
  schedule: {},
};

describe('the Options form model', () => {
  it('gives back the settings it was made from', () => {
    expect(checkDraft(draftOf(CUSTOM))).toEqual({ ok: true, settings: CUSTOM });
    expect(checkDraft(draftOf(DEFAULT_SETTINGS))).toEqual({ ok: true, settings: DEFAULT_SETTINGS });
  });

  it('trims what was typed and reads numbers from text', () => {
    const draft = draftOf(CUSTOM);
    draft.robot = '  duckduckbot ';
    draft.from = ' ops@example.org ';
    draft.crawl.maxDepth = ' 3 ';
    const checked = checkDraft(draft);
    expect(checked.ok && checked.settings).toMatchObject({
      robot: 'duckduckbot',
      from: 'ops@example.org',
      crawl: { maxDepth: 3 },
    });
  });

  it('names every wrong field and every wrong block-list line, and gives no settings', () => {
    const draft = draftOf(CUSTOM);
    draft.robot = ' ';
    draft.crawl.maxPages = '0';
    draft.crawl.delayMs = '1.5';
    draft.crawl.timeoutMs = '';
    draft.crawl.concurrencyPerOrigin = '1e1';
    draft.from = 'not an address';
    draft.blockList = '/ok/*\nadmin\n\nre:(?=a)a';
    const checked = checkDraft(draft);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.errors.fields).sort()).toEqual([
      'crawl.concurrencyPerOrigin',
      'crawl.delayMs',
      'crawl.maxPages',
      'crawl.timeoutMs',
      'from',
      'robot',
    ]);
    expect(english(checked.errors.fields['crawl.maxPages']!)).toBe(
      'Must be a whole number from 1 to 100,000.',
    );
    expect(checked.errors.blockLines.map((p) => [p.line, p.pattern])).toEqual([
      [2, 'admin'],
      [4, 're:(?=a)a'],
    ]);
  });

  it('accepts an empty From (no header is sent) and an empty block list', () => {
    const draft = draftOf(CUSTOM);
    draft.from = '';
    draft.blockList = '\n\n';
    const checked = checkDraft(draft);
    expect(checked.ok && [checked.settings.from, checked.settings.blockList]).toEqual(['', []]);
  });

  it('knows whether anything was changed', () => {
    const draft = draftOf(CUSTOM);
    expect(draftChanged(draft, CUSTOM)).toBe(false);
    expect(draftChanged({ ...draft, crawl: { ...draft.crawl, obeyRobots: false } }, CUSTOM)).toBe(
      true,
    );
  });
});
