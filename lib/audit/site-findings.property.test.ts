import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { english } from '../../components/english.ts';
import { anyString, checkProperty } from '../../tests/support/properties.ts';
import {
  siteInput,
  type PageSpec,
  type SiteSpec,
  type TargetSpec,
} from '../../tests/support/site-audit-input.ts';
import { SITE_FINDING_SEVERITY, siteFindings } from './site-findings.ts';
import { compareFindings } from './finding.ts';

/** Few paths, so links, canonicals and hreflang sets often meet. */
const path = fc.constantFrom('/', '/a', '/b', '/c', '/d', '/private/p', 'https://other.test/x');
const maybeText = fc.oneof(fc.constant(null), anyString, fc.constantFrom('Home', '', ' '));

const pageSpec: fc.Arbitrary<PageSpec> = fc.record(
  {
    status: fc.constantFrom(200, 204, 301, 404, 500, null),
    noindex: fc.constantFrom<PageSpec['noindex']>(false, true, 'meta', 'header'),
    blocked: fc.boolean(),
    nofollow: fc.boolean(),
    notHtml: fc.boolean(),
    title: maybeText,
    description: maybeText,
    canonical: fc.oneof(fc.constant(null), path),
    hreflang: fc.array(
      fc.tuple(
        fc.oneof(fc.constantFrom('en', 'de', 'en-UK', 'x-default', 'zh-Hant'), anyString),
        path,
      ),
      { maxLength: 5 },
    ),
    fingerprint: fc.constantFrom(null, 'f1', 'f2', 'f3'),
  },
  { requiredKeys: [] },
);

const targetSpec: fc.Arbitrary<TargetSpec> = fc.record(
  {
    redirect: path,
    status: fc.constantFrom(200, 404, 429, 503, null),
    outcome: fc.constantFrom<NonNullable<TargetSpec['outcome']>>(
      'ok',
      'redirected',
      'broken',
      'rate-limited',
      'forbidden',
      'blocked',
      'skipped',
      'unchanged',
    ),
  },
  { requiredKeys: [] },
);

const siteSpec: fc.Arbitrary<SiteSpec> = fc.record({
  pages: fc.dictionary(path, pageSpec, { maxKeys: 7 }),
  targets: fc.dictionary(path, targetSpec, { maxKeys: 4 }),
  links: fc.array(
    fc.oneof(fc.tuple(path, path), fc.tuple(path, path, fc.constant('nofollow' as const))),
    { maxLength: 12 },
  ),
  startUrls: fc.array(path, { maxLength: 2 }),
  sitemap: fc.oneof(fc.constant(null), fc.array(path, { maxLength: 6 })),
  disallow: fc.array(fc.constantFrom('/private/', '/a', '/'), { maxLength: 2 }),
  nofollowLinks: fc.array(fc.record({ page: path, url: path, text: anyString }), { maxLength: 3 }),
  redirectLinks: fc.array(
    fc.record({ url: path, to: path, pages: fc.array(path, { maxLength: 3 }) }),
    { maxLength: 3 },
  ),
  settings: fc.record({ maxTitleChars: fc.nat(80), maxDescriptionChars: fc.nat(200) }),
});

describe('siteFindings, on any site', () => {
  it('never throws, is sorted, deterministic and blind to page order; every detail reads', () => {
    checkProperty(
      fc.property(siteSpec, (spec) => {
        const findings = siteFindings(siteInput(spec));
        expect(siteFindings(siteInput(spec))).toEqual(findings);
        const reversed = Object.fromEntries(Object.entries(spec.pages ?? {}).reverse());
        expect(siteFindings(siteInput({ ...spec, pages: reversed }))).toEqual(findings);
        for (let i = 1; i < findings.length; i++)
          expect(compareFindings(findings[i - 1]!, findings[i]!)).toBeLessThanOrEqual(0);
        for (const finding of findings) {
          expect(finding.severity).toBe(SITE_FINDING_SEVERITY[finding.code]);
          expect(english(finding.detail)).not.toMatch(/\$[a-z_]+\$/);
        }
      }),
      300,
    );
  });
});
