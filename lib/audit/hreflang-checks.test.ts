import { describe, expect, it } from 'vitest';
import { briefly, siteInput, url, type SiteSpec } from '../../tests/support/site-audit-input.ts';
import { hreflangFindings } from './hreflang-checks.ts';
import { isValidHreflangCode, ISO_3166_1_REGIONS, ISO_639_1_LANGUAGES } from './language-codes.ts';

const pair: [string, string][] = [
  ['en', '/en'],
  ['de', '/de'],
];

const cases: { name: string; site: SiteSpec; expected: string[] }[] = [
  {
    name: 'return links present',
    site: { pages: { '/en': { hreflang: pair }, '/de': { hreflang: pair } } },
    expected: [],
  },
  {
    name: 'the target does not name the page back',
    site: { pages: { '/en': { hreflang: pair }, '/de': { hreflang: [['de', '/de']] } } },
    expected: ['hreflang-no-return /en'],
  },
  {
    name: 'a target on another site is not checked for a return link',
    site: {
      pages: {
        '/en': {
          hreflang: [
            ['en', '/en'],
            ['fr', 'https://other.test/fr'],
          ],
        },
      },
    },
    expected: [],
  },
  {
    name: 'target answers 404',
    site: { pages: { '/en': { hreflang: pair } }, targets: { '/de': { status: 404 } } },
    expected: ['hreflang-target-broken /en'],
  },
  {
    name: 'target redirects',
    site: { pages: { '/en': { hreflang: pair } }, targets: { '/de': { redirect: '/de/' } } },
    expected: ['hreflang-target-redirected /en'],
  },
  {
    name: 'target is noindex',
    site: { pages: { '/en': { hreflang: pair }, '/de': { hreflang: pair, noindex: true } } },
    expected: ['hreflang-target-noindex /en'],
  },
  {
    name: 'target names another canonical',
    site: {
      pages: { '/en': { hreflang: pair }, '/de': { hreflang: pair, canonical: '/de-main' } },
    },
    expected: ['hreflang-target-non-canonical /en'],
  },
  {
    name: 'target self-canonical is fine',
    site: { pages: { '/en': { hreflang: pair }, '/de': { hreflang: pair, canonical: '/de' } } },
    expected: [],
  },
  {
    name: 'invalid code, once per value',
    site: {
      pages: {
        '/en': {
          hreflang: [
            ['en-UK', '/en'],
            ['en-UK', '/en'],
            ['de', '/de'],
          ],
        },
        '/de': {
          hreflang: [
            ['en-UK', '/en'],
            ['de', '/de'],
          ],
        },
      },
    },
    expected: ['hreflang-invalid-code /de', 'hreflang-invalid-code /en'],
  },
  {
    name: 'three languages without x-default',
    site: {
      pages: {
        '/en': { hreflang: [...pair, ['fr', '/fr']] },
        '/de': { hreflang: [...pair, ['fr', '/fr']] },
        '/fr': { hreflang: [...pair, ['fr', '/fr']] },
      },
    },
    expected: [
      'hreflang-no-x-default /de',
      'hreflang-no-x-default /en',
      'hreflang-no-x-default /fr',
    ],
  },
  {
    name: 'three languages with x-default',
    site: {
      pages: {
        '/en': { hreflang: [...pair, ['fr', '/en'], ['x-default', '/en']] },
        '/de': { hreflang: [...pair, ['fr', '/en'], ['x-default', '/en']] },
      },
    },
    expected: [],
  },
  {
    name: 'a noindex page’s hreflang set is not checked',
    site: { pages: { '/en': { hreflang: [...pair, ['english', '/x']], noindex: true } } },
    expected: [],
  },
];

describe('hreflangFindings', () => {
  it.each(cases)('$name', ({ site, expected }) => {
    expect(briefly(hreflangFindings(siteInput(site)))).toEqual(expected);
  });

  it('names the target and the code', () => {
    const [missing] = hreflangFindings(
      siteInput({ pages: { '/en': { hreflang: pair }, '/de': {} } }),
    );
    expect(missing).toMatchObject({
      code: 'hreflang-no-return',
      severity: 'error',
      target: url('/de'),
      value: 'de',
      detail: {
        key: 'site_finding_hreflang_no_return',
        values: { lang: 'de', target: url('/de') },
      },
    });
  });
});

describe('isValidHreflangCode', () => {
  it.each([
    ['en', true],
    ['EN', true],
    ['en-GB', true],
    ['en-gb', true],
    ['de-AT', true],
    ['pt-BR', true],
    ['x-default', true],
    ['X-Default', true],
    // Google names script variants (ISO 15924) for Chinese and the like.
    ['zh-Hant', true],
    ['zh-Hans-CN', true],
    ['english', false],
    ['en-UK', false],
    ['en_GB', false],
    ['eng', false],
    ['xx', false],
    ['en-ZZ', false],
    ['en-', false],
    ['', false],
    ['x-klingon', false],
    ['zh-Hant-XX', false],
  ])('%s → %s', (code, valid) => {
    expect(isValidHreflangCode(code)).toBe(valid);
  });

  it('holds the real lists', () => {
    expect(ISO_639_1_LANGUAGES.size).toBe(184);
    expect(ISO_3166_1_REGIONS.size).toBe(249);
    for (const reserved of ['uk', 'eu', 'un', 'xk'])
      expect(ISO_3166_1_REGIONS.has(reserved)).toBe(false);
    // Cross-check with the runtime's CLDR names: every code is a real one.
    const languages = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
    const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    expect([...ISO_639_1_LANGUAGES].filter((code) => languages.of(code) === undefined)).toEqual([]);
    expect(
      [...ISO_3166_1_REGIONS].filter((code) => regions.of(code.toUpperCase()) === undefined),
    ).toEqual([]);
    for (const withdrawn of ['iw', 'in', 'ji', 'sh'])
      expect(ISO_639_1_LANGUAGES.has(withdrawn)).toBe(false);
  });
});
