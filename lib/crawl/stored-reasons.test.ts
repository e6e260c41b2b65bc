import { describe, expect, it } from 'vitest';
import { english } from '../../components/english.ts';
import { phrase } from '../i18n/phrase.ts';
import { CrawlBook, type CrawlCheckpoint } from './crawl-book.ts';
import { withPhraseReasons } from './stored-reasons.ts';
import { DEFAULT_CRAWL_OPTIONS, type UrlRecord } from './types.ts';

const O = 'https://example.com';

/** A checkpoint as the version before phrases-only wrote it: English, and mostly its phrase beside it. */
function oldCheckpoint(): CrawlCheckpoint {
  const checkpoint = CrawlBook.start(
    { ...DEFAULT_CRAWL_OPTIONS, startUrls: [`${O}/`] },
    0,
  ).toJSON();
  const records = [
    { url: `${O}/`, depth: 0, internal: true, status: 'ok', httpStatus: 200, reason: 'HTTP 200' },
    {
      url: `${O}/gone`,
      depth: 1,
      internal: true,
      status: 'broken',
      httpStatus: 404,
      reason: 'HTTP 404 (not found)',
      reasonPhrase: phrase('status_4xx', { status: '404' }),
    },
    {
      url: 'javascript:x',
      depth: 1,
      internal: false,
      status: 'broken',
      httpStatus: null,
      reason: 'not an http(s) URL',
    },
  ];
  return {
    ...checkpoint,
    records: records as unknown as UrlRecord[],
    sitemap: {
      sitemaps: [],
      urls: [],
      errors: ['no sitemap named', 'plain English'],
      errorPhrases: [phrase('sitemap_none_named')],
      notFetched: [
        {
          url: `${O}/s.xml`,
          reason: 'elsewhere',
          reasonPhrase: phrase('reach_sitemap_other_site'),
        },
      ],
    } as unknown as CrawlCheckpoint['sitemap'],
  };
}

describe('withPhraseReasons', () => {
  it('reads a checkpoint that kept both fields: the phrase where there was one, English alone as written', () => {
    const upgraded = withPhraseReasons(oldCheckpoint());
    const [ok, gone, invalid] = upgraded.records;
    expect(gone).not.toHaveProperty('reasonPhrase');
    expect(gone!.reason).toEqual(phrase('status_4xx', { status: '404' }));
    expect(english(invalid!.reason!)).toBe('not an http(s) URL');
    expect(english(ok!.reason!)).toBe('HTTP 200');
    expect(upgraded.sitemap!.errors.map(english)).toEqual([
      english(phrase('sitemap_none_named')),
      'plain English',
    ]);
    expect(upgraded.sitemap).not.toHaveProperty('errorPhrases');
    expect(upgraded.sitemap!.notFetched).toEqual([
      { url: `${O}/s.xml`, reason: phrase('reach_sitemap_other_site') },
    ]);
  });

  it('leaves a checkpoint of this version as it is', () => {
    const upgraded = withPhraseReasons(oldCheckpoint());
    expect(withPhraseReasons(upgraded)).toEqual(upgraded);
  });
});
