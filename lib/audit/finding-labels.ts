/**
 * Words for the site audit's finding codes and severities, and which report
 * section (family) each code belongs to. The codes stay the data (JSON, CSV,
 * filters); these are how they read. Both tables are total over the closed
 * code union, so a new code fails to compile until it has a label and a family.
 */
import type { PlainMessageKey } from '../i18n/catalog.ts';
import type { Translator } from '../i18n/translator.ts';
import type { SiteFindingCode, SiteFindingSeverity } from './types.ts';

export const FINDING_LABELS = {
  'canonical-target-broken': 'finding_canonical_target_broken',
  'canonical-target-redirected': 'finding_canonical_target_redirected',
  'canonical-target-noindex': 'finding_canonical_target_noindex',
  'canonical-target-blocked': 'finding_canonical_target_blocked',
  'canonical-chain': 'finding_canonical_chain',
  'canonical-loop': 'finding_canonical_loop',
  'canonical-other-host': 'finding_canonical_other_host',
  'duplicate-without-canonical': 'finding_duplicate_without_canonical',
  'hreflang-no-return': 'finding_hreflang_no_return',
  'hreflang-target-broken': 'finding_hreflang_target_broken',
  'hreflang-target-redirected': 'finding_hreflang_target_redirected',
  'hreflang-target-noindex': 'finding_hreflang_target_noindex',
  'hreflang-target-non-canonical': 'finding_hreflang_target_non_canonical',
  'hreflang-invalid-code': 'finding_hreflang_invalid_code',
  'hreflang-no-x-default': 'finding_hreflang_no_x_default',
  'title-missing': 'finding_title_missing',
  'title-empty': 'finding_title_empty',
  'title-duplicate': 'finding_title_duplicate',
  'title-too-long': 'finding_title_too_long',
  'description-missing': 'finding_description_missing',
  'description-empty': 'finding_description_empty',
  'description-duplicate': 'finding_description_duplicate',
  'description-too-long': 'finding_description_too_long',
  'sitemap-redirected': 'finding_sitemap_redirected',
  'sitemap-broken': 'finding_sitemap_broken',
  'sitemap-noindex': 'finding_sitemap_noindex',
  'sitemap-blocked': 'finding_sitemap_blocked',
  'sitemap-non-canonical': 'finding_sitemap_non_canonical',
  'not-in-sitemap': 'finding_not_in_sitemap',
  'sitemap-orphan': 'finding_sitemap_orphan',
  'link-to-redirect': 'finding_link_to_redirect',
  'internal-nofollow-link': 'finding_internal_nofollow_link',
  'reachable-only-via-noindex': 'finding_reachable_only_via_noindex',
  'page-too-large': 'finding_page_too_large',
} as const satisfies Record<SiteFindingCode, PlainMessageKey>;

/** The report sections the findings are shown in, one per family of checks. */
export type FindingFamily = 'canonical' | 'hreflang' | 'titles' | 'sitemap' | 'links';

export const FINDING_FAMILIES = {
  'canonical-target-broken': 'canonical',
  'canonical-target-redirected': 'canonical',
  'canonical-target-noindex': 'canonical',
  'canonical-target-blocked': 'canonical',
  'canonical-chain': 'canonical',
  'canonical-loop': 'canonical',
  'canonical-other-host': 'canonical',
  'duplicate-without-canonical': 'canonical',
  'hreflang-no-return': 'hreflang',
  'hreflang-target-broken': 'hreflang',
  'hreflang-target-redirected': 'hreflang',
  'hreflang-target-noindex': 'hreflang',
  'hreflang-target-non-canonical': 'hreflang',
  'hreflang-invalid-code': 'hreflang',
  'hreflang-no-x-default': 'hreflang',
  'title-missing': 'titles',
  'title-empty': 'titles',
  'title-duplicate': 'titles',
  'title-too-long': 'titles',
  'description-missing': 'titles',
  'description-empty': 'titles',
  'description-duplicate': 'titles',
  'description-too-long': 'titles',
  'sitemap-redirected': 'sitemap',
  'sitemap-broken': 'sitemap',
  'sitemap-noindex': 'sitemap',
  'sitemap-blocked': 'sitemap',
  'sitemap-non-canonical': 'sitemap',
  'not-in-sitemap': 'sitemap',
  'sitemap-orphan': 'sitemap',
  'link-to-redirect': 'links',
  'internal-nofollow-link': 'links',
  'reachable-only-via-noindex': 'links',
  'page-too-large': 'links',
} as const satisfies Record<SiteFindingCode, FindingFamily>;

export const SITE_SEVERITY_LABELS = {
  error: 'severity_error',
  warning: 'severity_warning',
  note: 'severity_note',
} as const satisfies Record<SiteFindingSeverity, PlainMessageKey>;

/** Most serious first: how a severity sorts. */
export const SEVERITY_RANK = {
  error: 0,
  warning: 1,
  note: 2,
} as const satisfies Record<SiteFindingSeverity, number>;

/** The family of a code; null for a code this version does not know (a newer report). */
export function findingFamily(code: string): FindingFamily | null {
  return Object.hasOwn(FINDING_FAMILIES, code) ? FINDING_FAMILIES[code as SiteFindingCode] : null;
}

/** A finding code as words; an unknown code as itself. */
export function findingText(code: string, { t }: Translator): string {
  return Object.hasOwn(FINDING_LABELS, code) ? t(FINDING_LABELS[code as SiteFindingCode]) : code;
}

/** A severity as words; an unknown one as itself. */
export function severityText(severity: string, { t }: Translator): string {
  return Object.hasOwn(SITE_SEVERITY_LABELS, severity)
    ? t(SITE_SEVERITY_LABELS[severity as SiteFindingSeverity])
    : severity;
}
