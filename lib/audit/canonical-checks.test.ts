import { describe, expect, it } from 'vitest';
import { briefly, siteInput, url, type SiteSpec } from '../../tests/support/site-audit-input.ts';
import { canonicalFindings } from './canonical-checks.ts';

const cases: { name: string; site: SiteSpec; expected: string[] }[] = [
  {
    name: 'a self-canonical is fine',
    site: { pages: { '/a': { canonical: '/a' } } },
    expected: [],
  },
  { name: 'no canonical is fine', site: { pages: { '/a': {} } }, expected: [] },
  {
    name: 'a canonical to a healthy self-canonical page is fine',
    site: { pages: { '/a': { canonical: '/b' }, '/b': { canonical: '/b' } } },
    expected: [],
  },
  {
    name: 'chain a → b → c',
    site: {
      pages: { '/a': { canonical: '/b' }, '/b': { canonical: '/c' }, '/c': { canonical: '/c' } },
    },
    expected: ['canonical-chain /a'],
  },
  {
    name: 'loop x ↔ y: once per page of the cycle',
    site: { pages: { '/x': { canonical: '/y' }, '/y': { canonical: '/x' } } },
    expected: ['canonical-loop /x', 'canonical-loop /y'],
  },
  {
    name: 'a page leading into a loop it is not part of is a chain',
    site: {
      pages: { '/a': { canonical: '/x' }, '/x': { canonical: '/y' }, '/y': { canonical: '/x' } },
    },
    expected: ['canonical-chain /a', 'canonical-loop /x', 'canonical-loop /y'],
  },
  {
    name: 'target answers 404',
    site: { pages: { '/a': { canonical: '/gone' } }, targets: { '/gone': { status: 404 } } },
    expected: ['canonical-target-broken /a'],
  },
  {
    name: 'target gave no answer',
    site: { pages: { '/a': { canonical: '/gone' } }, targets: { '/gone': { status: null } } },
    expected: ['canonical-target-broken /a'],
  },
  {
    name: 'target answered 429: not known to be broken',
    site: {
      pages: { '/a': { canonical: '/busy' } },
      targets: { '/busy': { status: 429, outcome: 'rate-limited' } },
    },
    expected: [],
  },
  {
    name: 'target the crawl never met: nothing about its answer',
    site: { pages: { '/a': { canonical: '/unknown' } } },
    expected: [],
  },
  {
    name: 'target redirects',
    site: { pages: { '/a': { canonical: '/old' } }, targets: { '/old': { redirect: '/new' } } },
    expected: ['canonical-target-redirected /a'],
  },
  {
    name: 'target is META noindex',
    site: { pages: { '/a': { canonical: '/n' }, '/n': { noindex: 'meta' } } },
    expected: ['canonical-target-noindex /a'],
  },
  {
    name: 'target is X-Robots-Tag noindex',
    site: { pages: { '/a': { canonical: '/n' }, '/n': { noindex: 'header' } } },
    expected: ['canonical-target-noindex /a'],
  },
  {
    name: 'target blocked by robots.txt for the audit robot',
    site: { pages: { '/a': { canonical: '/private/p' } }, disallow: ['/private/'] },
    expected: ['canonical-target-blocked /a'],
  },
  {
    name: 'canonical on another host',
    site: { pages: { '/a': { canonical: 'https://other.test/a' } } },
    expected: ['canonical-other-host /a'],
  },
  {
    name: 'a file: canonical is ignored by robots (the page says so): no other host',
    site: { pages: { '/a': { canonical: 'file:///usr/share/doc/a.html' } } },
    expected: [],
  },
  {
    name: 'duplicates whose canonicals are file: URLs name none',
    site: {
      pages: {
        '/d1': { fingerprint: 'same', canonical: 'file:///d1' },
        '/d2': { fingerprint: 'same', canonical: 'file:///d2' },
      },
    },
    expected: ['duplicate-without-canonical /d1', 'duplicate-without-canonical /d2'],
  },
  {
    name: 'same host, other scheme: not another host',
    site: { pages: { '/a': { canonical: 'http://site.test/a' } } },
    expected: [],
  },
  {
    name: 'the canonical of a 404 page is not read',
    site: {
      pages: { '/a': { status: 404, canonical: '/gone' } },
      targets: { '/gone': { status: 404 } },
    },
    expected: [],
  },
  {
    name: 'the canonical of a page blocked for the robot is never seen',
    site: {
      pages: { '/a': { blocked: true, canonical: '/gone' } },
      targets: { '/gone': { status: 404 } },
    },
    expected: [],
  },
  {
    name: 'duplicates naming no canonical: each one',
    site: { pages: { '/d1': { fingerprint: 'same' }, '/d2': { fingerprint: 'same' } } },
    expected: ['duplicate-without-canonical /d1', 'duplicate-without-canonical /d2'],
  },
  {
    name: 'duplicates where the copy names the original: settled',
    site: {
      pages: { '/d1': { fingerprint: 'same' }, '/d2': { fingerprint: 'same', canonical: '/d1' } },
    },
    expected: [],
  },
  {
    name: 'duplicates where one copy is noindex: not a duplicate for search',
    site: {
      pages: { '/d1': { fingerprint: 'same' }, '/d2': { fingerprint: 'same', noindex: true } },
    },
    expected: [],
  },
  {
    name: 'three copies, one names the original, one says nothing',
    site: {
      pages: {
        '/d1': { fingerprint: 'same' },
        '/d2': { fingerprint: 'same', canonical: '/d1' },
        '/d3': { fingerprint: 'same' },
      },
    },
    expected: ['duplicate-without-canonical /d1', 'duplicate-without-canonical /d3'],
  },
];

describe('canonicalFindings', () => {
  it.each(cases)('$name', ({ site, expected }) => {
    expect(briefly(canonicalFindings(siteInput(site)))).toEqual(expected);
  });

  it('lists the chain in order and the loop from each page', () => {
    const chain = canonicalFindings(
      siteInput({ pages: { '/a': { canonical: '/b' }, '/b': { canonical: '/c' }, '/c': {} } }),
    );
    expect(chain).toMatchObject([
      { code: 'canonical-chain', target: url('/b'), related: [url('/a'), url('/b'), url('/c')] },
    ]);
    const loop = canonicalFindings(
      siteInput({ pages: { '/x': { canonical: '/y' }, '/y': { canonical: '/x' } } }),
    );
    expect(loop.map((f) => f.related)).toEqual([
      [url('/x'), url('/y')],
      [url('/y'), url('/x')],
    ]);
  });

  it('names the rest of a duplicate group and where a redirect ends', () => {
    const [duplicate] = canonicalFindings(
      siteInput({ pages: { '/d1': { fingerprint: 'f' }, '/d2': { fingerprint: 'f' } } }),
    );
    expect(duplicate).toMatchObject({
      url: url('/d1'),
      related: [url('/d2')],
      severity: 'warning',
    });
    const [redirected] = canonicalFindings(
      siteInput({
        pages: { '/a': { canonical: '/old' } },
        targets: { '/old': { redirect: '/new' } },
      }),
    );
    expect(redirected?.detail).toEqual({
      key: 'site_finding_canonical_target_redirected',
      values: { target: url('/old'), final: url('/new') },
    });
  });

  it('stops a very long chain', () => {
    const pages = Object.fromEntries(
      Array.from({ length: 500 }, (_, i) => [`/p${i}`, { canonical: `/p${i + 1}` }]),
    );
    const found = canonicalFindings(siteInput({ pages }));
    expect(found.filter((f) => f.code === 'canonical-chain')).toHaveLength(499);
    expect(Math.max(...found.map((f) => f.related?.length ?? 0))).toBeLessThanOrEqual(51);
  });
});
