import { phrase } from '../i18n/phrase.ts';
import { describe, expect, it } from 'vitest';
import { withText } from '../i18n/with-text.ts';
import { english } from '../../components/english.ts';
import { extractPageFacts } from '../meta/extract-page-facts.ts';
import type { RobotsDecision } from '../robots/types.ts';
import {
  computeVerdict as computeVerdictOf,
  type VerdictHttp,
  type VerdictInput,
} from './compute-verdict.ts';
import type { ReasonCode, Verdict as LibVerdict } from './types.ts';
import type { WithText } from '../i18n/with-text.ts';

/** A verdict as JSON has it: its words in English, each with its phrase. */
type Verdict = WithText<LibVerdict>;

/** What the function answers, worded as JSON and the tests read it: English, each phrase beside it. */
const computeVerdict = (...args: Parameters<typeof computeVerdictOf>) =>
  withText(computeVerdictOf(...args), english);

const URL_ = 'https://example.com/page';
const NOW_MS = Date.parse('2025-06-01T00:00:00Z');

const ALLOWED: RobotsDecision = {
  allowed: true,
  policy: 'rules',
  line: null,
  rule: null,
  group: '*',
  reason: phrase('decision_no_matching_rule', { group: '*' }),
};
const DISALLOWED: RobotsDecision = {
  allowed: false,
  policy: 'rules',
  line: 4,
  rule: 'Disallow: /page',
  group: '*',
  reason: phrase('decision_rule', { rule: 'Disallow: /page', group: '*' }),
};
const UNREACHABLE: RobotsDecision = {
  allowed: false,
  policy: 'disallow-all',
  line: null,
  rule: null,
  group: null,
  reason: phrase('policy_server_error', { status: '503' }),
};

const page = (head: string, body = '<p>Hello</p>') =>
  extractPageFacts(
    `<!doctype html><html><head><title>T</title>${head}</head><body>${body}</body></html>`,
    URL_,
  );

/** What a table row changes from a clean 200 page with robots.txt allowing it. */
type Overrides = Omit<Partial<VerdictInput>, 'http'> & { http?: Partial<VerdictHttp> };

function input(overrides: Overrides = {}): VerdictInput {
  const { http, ...rest } = overrides;
  return {
    url: URL_,
    robot: 'googlebot',
    nowMs: NOW_MS,
    page: page(''),
    robots: ALLOWED,
    ...rest,
    http: {
      status: 200,
      finalUrl: URL_,
      redirects: [],
      xRobotsTag: [],
      contentType: 'text/html',
      ...http,
    },
  };
}

/** `code` for a note, `code!` for a blocking reason: compact enough for a table. */
const codes = (v: Verdict): string[] => v.reasons.map((r) => `${r.code}${r.blocking ? '!' : ''}`);

describe('computeVerdict: the table', () => {
  it.each<[string, Overrides, boolean, string[]]>([
    ['clean page', {}, true, []],
    ['robots not checked', { robots: null }, true, []],
    [
      'noindex META',
      { page: page('<meta name="robots" content="noindex">') },
      false,
      ['meta-robots!'],
    ],
    [
      'NONE META',
      { page: page('<meta name="ROBOTS" content="NONE">') },
      false,
      ['meta-robots!', 'nofollow'],
    ],
    ['index META', { page: page('<meta name="robots" content="index, follow">') }, true, []],
    [
      'googlebot META, ua googlebot',
      { page: page('<meta name="googlebot" content="noindex">') },
      false,
      ['meta-robots!'],
    ],
    [
      'googlebot META, ua bingbot',
      { robot: 'bingbot', page: page('<meta name="googlebot" content="noindex">') },
      true,
      [],
    ],
    [
      'googlebot META, ua *',
      { robot: '*', page: page('<meta name="googlebot" content="noindex">') },
      true,
      [],
    ],
    [
      'ua with version',
      { robot: 'Googlebot/2.1', page: page('<meta name="googlebot" content="noindex">') },
      false,
      ['meta-robots!'],
    ],
    ['X-Robots-Tag', { http: { xRobotsTag: ['noindex'] } }, false, ['x-robots-tag!']],
    [
      'X-Robots-Tag for googlebot, ua googlebot',
      { http: { xRobotsTag: ['googlebot: noindex'] } },
      false,
      ['x-robots-tag!'],
    ],
    [
      'X-Robots-Tag for otherbot, ua googlebot',
      { http: { xRobotsTag: ['otherbot: noindex, nofollow'] } },
      true,
      [],
    ],
    [
      'X-Robots-Tag prefixed, ua *',
      { robot: '*', http: { xRobotsTag: ['googlebot: noindex'] } },
      true,
      [],
    ],
    [
      'comma-joined headers',
      { http: { xRobotsTag: ['noarchive, bingbot: noindex, googlebot: nofollow'] } },
      true,
      ['nofollow', 'noarchive'],
    ],
    [
      'robots.txt blocked, page has noindex',
      {
        robots: DISALLOWED,
        page: page('<meta name="robots" content="noindex">'),
        http: { xRobotsTag: ['noindex'] },
      },
      false,
      ['robots-txt!', 'noindex-unseen', 'noindex-unseen'],
    ],
    ['robots.txt blocked, clean page', { robots: DISALLOWED }, false, ['robots-txt!']],
    [
      'robots.txt unreachable',
      { robots: UNREACHABLE },
      false,
      ['robots-txt!', 'robots-txt-unreachable'],
    ],
    ['404', { http: { status: 404 }, page: null }, false, ['http-status!']],
    ['500', { http: { status: 500 }, page: null }, false, ['http-status!']],
    ['unusual 299 is success', { http: { status: 299 } }, true, []],
    ['unusual 418 is a client error', { http: { status: 418 } }, false, ['http-status!']],
    ['final 3xx', { http: { status: 301 }, page: null }, false, ['http-status!']],
    [
      'network error',
      { http: { status: null, error: 'ECONNREFUSED' }, page: null },
      false,
      ['http-status!'],
    ],
    [
      'canonical elsewhere',
      { page: page('<link rel="canonical" href="https://example.com/other">') },
      true,
      ['canonical'],
    ],
    [
      'unavailable_after in the past',
      { page: page('<meta name="robots" content="unavailable_after: 25 Jun 2010 15:00:00 PST">') },
      false,
      ['unavailable-after!'],
    ],
    [
      'unavailable_after in the future',
      { page: page('<meta name="googlebot" content="unavailable_after: 2030-01-01">') },
      true,
      ['unavailable-after'],
    ],
    [
      'unavailable_after unparseable',
      { page: page('<meta name="robots" content="unavailable_after: soon">') },
      true,
      ['directive-syntax'],
    ],
    [
      'redirect then 200',
      {
        http: {
          finalUrl: 'https://example.com/new',
          redirects: [
            { url: URL_, status: 301 },
            { url: 'http://example.com/new', status: 308 },
          ],
        },
      },
      true,
      ['redirect'],
    ],
    [
      'robots META says index, googlebot META says noindex',
      {
        page: page('<meta name="robots" content="index"><meta name="googlebot" content="noindex">'),
      },
      false,
      ['meta-robots!', 'conflict'],
    ],
    [
      'conflict inside one META',
      { page: page('<meta name="robots" content="index,noindex,follow,follow">') },
      false,
      ['meta-robots!', 'conflict', 'repeat'],
    ],
    [
      'conflict inside one header',
      { http: { xRobotsTag: ['index, noindex'] } },
      false,
      ['x-robots-tag!', 'conflict'],
    ],
    [
      'noindex META in body',
      { page: page('', '<meta name="robots" content="noindex">') },
      false,
      ['meta-robots!', 'meta-outside-head'],
    ],
    [
      'every note directive',
      {
        page: page(
          '<meta name="robots" content="nofollow, noarchive, nosnippet, max-snippet:20, max-image-preview:none, max-video-preview:0, noimageindex, notranslate, indexifembedded, noodp">',
        ),
      },
      true,
      [
        'nofollow',
        'noarchive',
        'nosnippet',
        'max-snippet',
        'max-image-preview',
        'max-video-preview',
        'noimageindex',
        'notranslate',
        'indexifembedded',
        'unknown-directive',
      ],
    ],
    [
      'meta refresh',
      { page: page('<meta http-equiv="refresh" content="0; url=/next">') },
      true,
      ['meta-refresh'],
    ],
    ['not HTML', { page: null, http: { contentType: 'application/pdf' } }, true, ['not-html']],
    [
      'not HTML with noindex header',
      { page: null, http: { contentType: 'application/pdf', xRobotsTag: ['noindex'] } },
      false,
      ['x-robots-tag!', 'not-html'],
    ],
    [
      'blocking reasons come first, in robot order',
      {
        robots: DISALLOWED,
        http: { status: 404, redirects: [{ url: 'https://example.com/x', status: 301 }] },
      },
      false,
      ['robots-txt!', 'http-status!', 'redirect'],
    ],
  ])('%s', (_, overrides, indexable, expectedCodes) => {
    const verdict = computeVerdict(input(overrides));
    expect(codes(verdict)).toEqual(expectedCodes);
    expect(verdict.indexable).toBe(indexable);
  });
});

describe('computeVerdict: sources and explanations', () => {
  const reason = (v: Verdict, code: ReasonCode) => v.reasons.find((r) => r.code === code);

  it('cites the exact tag', () => {
    const v = computeVerdict(input({ page: page('<meta name="GoogleBot" content="NoIndex">') }));
    expect(reason(v, 'meta-robots')?.source).toBe('<meta name="googlebot" content="NoIndex">');
    expect(reason(v, 'meta-robots')?.detail).toContain(
      'googlebot will keep this page out of its index',
    );
  });

  it('cites the exact header, prefix included', () => {
    const v = computeVerdict(input({ http: { xRobotsTag: ['googlebot: noindex'] } }));
    expect(reason(v, 'x-robots-tag')?.source).toBe('X-Robots-Tag: googlebot: noindex');
  });

  it('cites the robots.txt line and explains URL-only indexing', () => {
    const v = computeVerdict(input({ robots: DISALLOWED }));
    expect(reason(v, 'robots-txt')?.source).toBe('robots.txt line 4: Disallow: /page');
    expect(reason(v, 'robots-txt')?.detail).toContain('may still show up in results');
    expect(v.summary).toBe(
      'Not indexable by googlebot: robots.txt disallows fetching it (robots.txt line 4: Disallow: /page).',
    );
  });

  it('says the noindex behind robots.txt is never seen', () => {
    const v = computeVerdict(
      input({ robots: DISALLOWED, page: page('<meta name="robots" content="noindex">') }),
    );
    expect(reason(v, 'noindex-unseen')?.detail).toContain('the noindex is never seen');
    expect(reason(v, 'meta-robots')).toBeUndefined();
  });

  it('explains a conflict between tags in plain words', () => {
    const v = computeVerdict(
      input({
        page: page('<meta name="robots" content="index"><meta name="googlebot" content="noindex">'),
      }),
    );
    expect(reason(v, 'conflict')?.detail).toBe(
      'The robots META tag says index but the googlebot META tag says noindex: the most restrictive wins, so noindex applies.',
    );
  });

  it('cites HTTP statuses and network errors', () => {
    expect(
      reason(computeVerdict(input({ http: { status: 404 }, page: null })), 'http-status')?.source,
    ).toBe('HTTP 404');
    const down = computeVerdict(
      input({ http: { status: null, error: 'ECONNREFUSED' }, page: null }),
    );
    expect(reason(down, 'http-status')?.source).toBe('Network error: ECONNREFUSED');
    expect(down.summary).toBe(
      'Not indexable by googlebot: the page could not be fetched (Network error: ECONNREFUSED).',
    );
    expect(down.status).toBeNull();
  });

  it('lists redirect hops', () => {
    const v = computeVerdict(
      input({
        http: { finalUrl: 'https://example.com/new', redirects: [{ url: URL_, status: 301 }] },
      }),
    );
    expect(reason(v, 'redirect')?.source).toBe(
      'https://example.com/page (301) → https://example.com/new',
    );
    expect(v.finalUrl).toBe('https://example.com/new');
  });

  it('gives the date of a future unavailable_after', () => {
    const v = computeVerdict(
      input({ page: page('<meta name="robots" content="unavailable_after: 2030-01-01">') }),
    );
    expect(reason(v, 'unavailable-after')?.detail).toContain('after 2030-01-01T00:00:00.000Z');
  });

  it('summarizes a clean page and one with notes', () => {
    expect(computeVerdict(input()).summary).toBe('Indexable by googlebot: nothing blocks it.');
    expect(computeVerdict(input({ robot: '*', http: { xRobotsTag: ['nofollow'] } })).summary).toBe(
      'Indexable by a generic robot (*): nothing blocks it (1 note to review).',
    );
  });

  it('counts further blocking reasons in the summary', () => {
    const v = computeVerdict(
      input({
        http: { xRobotsTag: ['noindex'] },
        page: page('<meta name="robots" content="noindex">'),
      }),
    );
    expect(v.summary).toBe(
      'Not indexable by googlebot: the X-Robots-Tag header says noindex (X-Robots-Tag: noindex) (and 1 more blocking reason).',
    );
  });
});

describe('computeVerdict: tags', () => {
  it('collects the search-engine tags', () => {
    const html = [
      '<base href="https://example.com/base/">',
      '<meta name="Description" content="About &amp; more">',
      '<meta name="keywords" content="a, b">',
      '<meta name="revisit-after" content="7 days">',
      '<link rel="canonical" href="../canonical">',
      '<link rel="alternate" hreflang="de" href="de/">',
      '<link rel="alternate" href="/feed.xml">',
      '<meta name="robots" content="index">',
      '<meta name="googlebot" content="nosnippet">',
      '<meta name="bingbot" content="noarchive">',
      '<meta http-equiv="refresh" content="30">',
      '<meta property="og:title" content="OG">',
    ].join('');
    const tags = computeVerdict(
      input({
        page: page(html, '<a href="/a">a</a><a href="/b" rel="nofollow">b</a>'),
        http: { xRobotsTag: ['noarchive', 'otherbot: noindex'] },
      }),
    ).tags;
    expect(tags).toEqual({
      title: 'T',
      description: 'About & more',
      keywords: 'a, b',
      revisitAfter: '7 days',
      canonical: 'https://example.com/canonical',
      hreflang: [{ lang: 'de', href: 'https://example.com/base/de/' }],
      robotsMeta: [
        { name: 'robots', content: 'index' },
        { name: 'googlebot', content: 'nosnippet' },
      ],
      xRobotsTag: ['noarchive', 'otherbot: noindex'],
      refresh: '30',
      openGraph: [{ property: 'og:title', content: 'OG' }],
      anchorCount: 2,
      nofollowAnchorCount: 1,
    });
  });

  it('has empty tags without a page but keeps the headers', () => {
    const tags = computeVerdict(input({ page: null, http: { xRobotsTag: ['noindex'] } })).tags;
    expect(tags.title).toBeNull();
    expect(tags.xRobotsTag).toEqual(['noindex']);
  });

  it('quotes page text in sources as plain text, its quotes escaped', () => {
    const v = computeVerdict(
      input({ page: page('<meta name="robots" content="noindex&quot;><script>x</script>">') }),
    );
    expect(v.reasons[0]?.source).toBe(
      '<meta name="robots" content="noindex&quot;><script>x</script>">',
    );
  });
});

describe('computeVerdict: the served HTML against the rendered page', () => {
  const NOINDEX = '<meta name="robots" content="noindex">';
  const served = (head: string) => ({ rawPage: page(head) });

  it.each<[string, Overrides, boolean, string[]]>([
    ['no served HTML (the command line)', {}, true, []],
    ['served HTML like the rendered page', served(''), true, []],
    ['served HTML unknown', { rawPage: null }, true, []],
    // The verdict is the rendered page's; the note says what a robot may do first.
    ['noindex removed by a script', served(NOINDEX), true, ['raw-rendered']],
    [
      'noindex added by a script',
      { ...served(''), page: page(NOINDEX) },
      false,
      ['meta-robots!', 'raw-rendered'],
    ],
    [
      'title changed by a script',
      { rawPage: extractPageFacts('<title>S</title>', URL_) },
      true,
      ['raw-rendered'],
    ],
    [
      'not compared for a robot that may not fetch the page',
      { ...served(NOINDEX), robots: DISALLOWED },
      false,
      ['robots-txt!'],
    ],
    [
      'not compared for an error page',
      { ...served(NOINDEX), http: { status: 404 } },
      false,
      ['http-status!'],
    ],
    [
      'not compared when the served HTML is another URL',
      { rawPage: extractPageFacts(`<title>Login</title>${NOINDEX}`, 'https://example.com/login') },
      true,
      [],
    ],
    [
      'compared when the URLs differ only by a fragment',
      { rawPage: extractPageFacts(NOINDEX, `${URL_}#top`) },
      true,
      ['raw-rendered', 'raw-rendered'],
    ],
    [
      'a googlebot noindex removed is no note for bingbot',
      { ...served('<meta name="googlebot" content="noindex">'), robot: 'bingbot' },
      true,
      [],
    ],
  ])('%s', (_, overrides, indexable, expectedCodes) => {
    const verdict = computeVerdict(input(overrides));
    expect(codes(verdict)).toEqual(expectedCodes);
    expect(verdict.indexable).toBe(indexable);
  });

  it('says what the removed noindex means, with both values as text', () => {
    const v = computeVerdict(input(served(`<title>T</title>${NOINDEX}`)));
    const note = v.reasons.find((r) => r.code === 'raw-rendered');
    expect(note?.source).toBe(`Served HTML: ${NOINDEX} — rendered: (none)`);
    expect(note?.detail).toContain('googlebot reads the served HTML first and may drop the page');
    expect(v.summary).toBe(
      'Indexable by googlebot as rendered, but the HTML the server sends says noindex, and a script removes it: the robot may drop the page before rendering it (1 note to review).',
    );
  });

  it('says a noindex added by a script may or may not be seen', () => {
    const v = computeVerdict(input({ ...served('<title>T</title>'), page: page(NOINDEX) }));
    expect(v.reasons.find((r) => r.code === 'raw-rendered')?.detail).toContain(
      'only if it renders the page: it may or may not',
    );
  });

  it('names both canonicals, resolved', () => {
    const v = computeVerdict(
      input({
        ...served('<title>T</title><link rel="canonical" href="/a">'),
        page: page('<link rel="canonical" href="/b">'),
      }),
    );
    const note = v.reasons.find((r) => r.code === 'raw-rendered');
    expect(note?.source).toBe(
      'Served HTML: https://example.com/a — rendered: https://example.com/b',
    );
    expect(note?.detail).toContain('may use either the served one or the rendered one');
  });
});
