import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { english } from '../../components/english.ts';
import { randomStrings } from '../../tests/fixtures/hostile-inputs.ts';
import { anyString, checkProperty, timed } from '../../tests/support/properties.ts';
import {
  plainSpelling,
  respelledUrl,
  urlLike,
  webUrl,
  write,
  type Spelling,
} from '../../tests/support/url-arbitraries.ts';
import { normalizeHref, normalizeUrl, type NormalizedUrl } from './normalize-url.ts';

const anyInput = fc.oneof(anyString, urlLike, webUrl);
const anyBase = fc.option(fc.oneof(webUrl, urlLike, anyString), { nil: undefined });

/** What every successful result promises (see normalize-url.ts). */
function expectNormalForm(result: NormalizedUrl & { ok: true }): void {
  const parsed = new URL(result.url);
  expect(parsed.href).toBe(result.url);
  expect(['http:', 'https:']).toContain(parsed.protocol);
  expect(result.url).not.toContain('#');
  expect(parsed.username + parsed.password).toBe('');
  const text = parsed.pathname + parsed.search;
  for (const { 0: escape, index } of text.matchAll(/%[0-9A-Fa-f]{2}/g)) {
    expect(escape).toBe(escape.toUpperCase());
    // An unreserved escape stays only where decoding it would make a stray `%` an escape.
    const strayPercentBefore = /%[0-9A-Fa-f]?$/.test(text.slice(Math.max(0, index - 2), index));
    if (!strayPercentBefore) expect(escape).not.toMatch(UNRESERVED_ESCAPE);
  }
}

const UNRESERVED_ESCAPE = /^%(?:[46][1-9A-F]|[57][0-9A]|3[0-9]|2D|2E|5F|7E)$/;

describe('normalizeUrl, on any input', () => {
  it('never throws, and answers a normal form or a short reason', () => {
    checkProperty(
      fc.property(anyInput, anyBase, (input, base) => {
        const result = normalizeUrl(input, base);
        if (result.ok) expectNormalForm(result);
        else expect(english(result.reason).length).toBeLessThan(200);
      }),
      1500,
    );
  });

  it('is idempotent: norm(norm(u)) = norm(u)', () => {
    checkProperty(
      fc.property(
        fc.oneof(
          anyInput,
          respelledUrl.map((r) => r.respelled),
        ),
        anyBase,
        (input, base) => {
          const once = normalizeUrl(input, base);
          if (!once.ok) return;
          expect(normalizeUrl(once.url)).toEqual(once);
          // Resolving a normal URL against any base changes nothing either: it is absolute.
          expect(normalizeUrl(once.url, base)).toEqual(once);
        },
      ),
      1500,
    );
  });

  it('handles a 1 MB URL and 20,000 random strings quickly', () => {
    const huge = `http://example.com/${'%7e%2f/./../'.repeat(80_000)}?${'a=%41&'.repeat(20_000)}`;
    expect(timed(() => normalizeUrl(huge))).toBeLessThan(5_000);
    // Dense in escapes (random UTF-16): about 50 µs each on a laptop.
    const inputs = randomStrings(20_000);
    expect(timed(() => inputs.forEach((input) => normalizeUrl(input)))).toBeLessThan(10_000);
  });
});

describe('normalizeUrl collapses aliases', () => {
  it('every respelling of a URL has the plain spelling’s key', () => {
    checkProperty(
      fc.property(respelledUrl, ({ plain, respelled, how }) => {
        const expected = normalizeUrl(plain);
        fc.pre(expected.ok);
        expect(normalizeUrl(respelled), `${how.join(', ')}: ${respelled}`).toEqual(expected);
      }),
      1500,
    );
  });
});

/** Two spellings that name different resources, made from one plain URL. */
const DISTINCT: readonly [name: string, split: (s: Spelling) => [Spelling, Spelling] | null][] = [
  ['%2F vs /', (s) => [withLast(s, 'a%2Fb'), withLast(s, 'a/b')]],
  ['%2f vs /', (s) => [withLast(s, 'a%2fb'), withLast(s, 'a/b')]],
  ['path case', (s) => [withLast(s, 'Page'), withLast(s, 'page')]],
  ['trailing slash', (s) => [withLast(s, 'dir'), { ...s, segments: [...s.segments, 'dir', ''] }]],
  ['index.html', (s) => [withLast(s, 'index.html'), withLast(s, '')]],
  ['%25 vs %', (s) => [withLast(s, '%2541'), withLast(s, '%41')]],
  ['reserved escape', (s) => [withLast(s, 'a%3Bb'), withLast(s, 'a;b')]],
  ['query order', (s) => [withQuery(s, 'a=1&b=2'), withQuery(s, 'b=2&a=1')]],
  ['query case', (s) => [withQuery(s, 'q=A'), withQuery(s, 'q=a')]],
  ['empty query', (s) => [withQuery(s, ''), withQuery(s, null)]],
  ['+ vs %20', (s) => [withQuery(s, 'q=a+b'), withQuery(s, 'q=a%20b')]],
  [
    'scheme',
    (s) => [
      { ...s, scheme: 'http' },
      { ...s, scheme: 'https' },
    ],
  ],
  ['port', (s) => (s.port === '' ? [{ ...s, port: ':8080' }, s] : null)],
  [
    'other default port',
    (s) => [
      { ...s, scheme: 'http', port: ':443' },
      { ...s, scheme: 'http' },
    ],
  ],
];

function withLast(s: Spelling, last: string): Spelling {
  return { ...s, segments: [...s.segments, last] };
}

function withQuery(s: Spelling, query: string | null): Spelling {
  return { ...s, query };
}

describe('normalizeUrl keeps distinct resources distinct', () => {
  it.each(DISTINCT)('%s', (_name, split) => {
    checkProperty(
      fc.property(plainSpelling, (spelling) => {
        const pair = split(spelling);
        fc.pre(pair !== null);
        const [a, b] = pair.map((s) => normalizeUrl(write(s)));
        fc.pre(a?.ok === true && b?.ok === true);
        expect(a).not.toEqual(b);
      }),
      100,
    );
  });
});

describe('normalizeHref', () => {
  it('gives what normalizeUrl gives for every URL parser serialization', () => {
    const serialized = fc
      .tuple(
        fc.oneof(
          webUrl,
          urlLike,
          respelledUrl.map((r) => r.respelled),
        ),
        fc.option(webUrl, { nil: undefined }),
      )
      .map(([input, base]) => {
        try {
          return new URL(input, base).href;
        } catch {
          return null;
        }
      })
      .filter((href): href is string => href !== null);
    checkProperty(
      fc.property(serialized, (href) => {
        expect(normalizeHref(href)).toEqual(normalizeUrl(href));
      }),
      3_000,
    );
  });
});
