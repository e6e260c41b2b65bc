import { describe, expect, it } from 'vitest';
import { statsOf } from './stats.ts';
import { pageRecord } from '../../tests/support/page-record.ts';

const record = pageRecord;

describe('statsOf', () => {
  it('counts pages of the site apart from the links checked', () => {
    const stats = statsOf({
      records: [
        record({ url: 'https://example.com/' }),
        record({ url: 'https://example.com/about', contentType: 'application/xhtml+xml' }),
        // A PDF fetched with GET, an image checked with HEAD: links, not pages.
        record({ url: 'https://example.com/a.pdf', contentType: 'application/pdf' }),
        record({ url: 'https://example.com/a.png', method: 'HEAD', contentType: 'image/png' }),
        // Another site's page, and URLs that needed no request.
        record({ url: 'https://other.example/', internal: false, method: 'HEAD' }),
        record({
          url: 'mailto:a@example.com',
          status: 'skipped',
          httpStatus: null,
          method: undefined,
        }),
        record({ url: 'https://example.com/private/', status: 'blocked', httpStatus: null }),
      ],
      queued: 3,
      inFlight: 1,
      requests: 5,
      startedAtMs: 0,
      elapsedMs: 1_000,
    });
    expect(stats).toMatchObject({ pagesCrawled: 2, done: 7, skipped: 1, blocked: 1, requests: 5 });
  });
});
