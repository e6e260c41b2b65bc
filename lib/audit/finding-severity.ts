/**
 * One severity per site-finding code, fixed: `error` when search engines
 * ignore or drop something the site asks for (a broken canonical, hreflang
 * links not confirmed), `warning` when a signal is weakened or contradicted,
 * `note` when it is advice (no x-default, a page missing from the sitemap).
 * README "Site audit findings" shows the same table.
 */
import type { SiteFindingCode, SiteFindingSeverity } from './types.ts';

export const SITE_FINDING_SEVERITY: Record<SiteFindingCode, SiteFindingSeverity> = {
  'canonical-target-broken': 'error',
  'canonical-target-redirected': 'warning',
  'canonical-target-noindex': 'error',
  'canonical-target-blocked': 'error',
  'canonical-chain': 'warning',
  'canonical-loop': 'error',
  'canonical-other-host': 'warning',
  'duplicate-without-canonical': 'warning',
  'hreflang-no-return': 'error',
  'hreflang-target-broken': 'error',
  'hreflang-target-redirected': 'warning',
  'hreflang-target-noindex': 'error',
  'hreflang-target-non-canonical': 'error',
  'hreflang-invalid-code': 'error',
  'hreflang-no-x-default': 'note',
  'title-missing': 'warning',
  'title-empty': 'warning',
  'title-duplicate': 'warning',
  'title-too-long': 'note',
  'description-missing': 'note',
  'description-empty': 'note',
  'description-duplicate': 'note',
  'description-too-long': 'note',
  'sitemap-redirected': 'warning',
  'sitemap-broken': 'error',
  'sitemap-noindex': 'error',
  'sitemap-blocked': 'error',
  'sitemap-non-canonical': 'warning',
  'not-in-sitemap': 'note',
  'sitemap-orphan': 'warning',
  'link-to-redirect': 'note',
  'internal-nofollow-link': 'note',
  'reachable-only-via-noindex': 'warning',
  'page-too-large': 'warning',
};

/** Every code, in the order of the table (README order). */
export const SITE_FINDING_CODES = Object.keys(SITE_FINDING_SEVERITY) as SiteFindingCode[];
