/**
 * hreflang checks over the whole crawl, for every indexable page that lists
 * alternates (a noindex page's hreflang set is not used by search engines):
 * - `hreflang-invalid-code`: a value Google does not accept (see
 *   isValidHreflangCode), once per value written on the page;
 * - `hreflang-no-x-default`: three or more distinct language codes and no
 *   `x-default` (a note);
 * - per alternate other than the page itself: its answer (`-target-broken`,
 *   `-target-redirected`; nothing when the crawl never met it), the target
 *   page noindex (`-target-noindex`) or naming another canonical
 *   (`-target-non-canonical`);
 * - `hreflang-no-return`: the alternate is an indexable page of the audited
 *   site with none of the problems above, and its own hreflang set does not
 *   name this page back. Alternates on other sites are not checked for
 *   return links (the crawl did not read them).
 */
import { phrase } from '../i18n/phrase.ts';
import { finding } from './finding.ts';
import { isValidHreflangCode } from './language-codes.ts';
import {
  canonicalElsewhere,
  isBrokenTarget,
  isIndexablePage,
  isNoindexed,
  isRedirectedTarget,
  pagesByUrl,
  redirectEnd,
} from './page-states.ts';
import type { PageAudit, SiteAuditInput, SiteFinding } from './types.ts';

/** Distinct language codes from which a set should name an `x-default`. */
const X_DEFAULT_FROM_LANGUAGES = 3;

type Alternate = PageAudit['hreflang'][number];

export function hreflangFindings(input: SiteAuditInput): SiteFinding[] {
  const pages = pagesByUrl(input);
  const out: SiteFinding[] = [];
  for (const page of input.pages) {
    if (!isIndexablePage(page) || page.hreflang.length === 0) continue;
    out.push(...codeFindings(page));
    for (const alternate of uniqueAlternates(page)) {
      if (alternate.href === page.url) continue;
      out.push(...alternateFindings(input, pages, page, alternate));
    }
  }
  return out;
}

function codeFindings(page: PageAudit): SiteFinding[] {
  const out: SiteFinding[] = [];
  const written = new Set(page.hreflang.map((alternate) => alternate.lang));
  for (const code of written) {
    if (isValidHreflangCode(code)) continue;
    out.push(
      finding(
        'hreflang-invalid-code',
        page.url,
        phrase('site_finding_hreflang_invalid_code', { code }),
        { value: code },
      ),
    );
  }
  const languages = new Set([...written].map((code) => code.trim().toLowerCase()));
  if (!languages.delete('x-default') && languages.size >= X_DEFAULT_FROM_LANGUAGES) {
    out.push(
      finding(
        'hreflang-no-x-default',
        page.url,
        phrase('site_finding_hreflang_no_x_default', { count: languages.size }),
      ),
    );
  }
  return out;
}

/** The page's alternates, one per (code, URL) pair: a repeated tag is one claim. */
function uniqueAlternates(page: PageAudit): Alternate[] {
  const seen = new Set<string>();
  return page.hreflang.filter((alternate) => {
    const key = `${alternate.lang}\n${alternate.href}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function alternateFindings(
  input: SiteAuditInput,
  pages: Map<string, PageAudit>,
  page: PageAudit,
  { lang, href: target }: Alternate,
): SiteFinding[] {
  const extras = { target, value: lang };
  const state = input.target(target);
  if (state && isBrokenTarget(state)) {
    return [
      finding(
        'hreflang-target-broken',
        page.url,
        phrase('site_finding_hreflang_target_broken', { lang, target }),
        extras,
      ),
    ];
  }
  if (state && isRedirectedTarget(state)) {
    const final = redirectEnd(state);
    return [
      finding(
        'hreflang-target-redirected',
        page.url,
        phrase('site_finding_hreflang_target_redirected', { lang, target, final }),
        { ...extras, related: [final] },
      ),
    ];
  }
  const targetPage = pages.get(target);
  if (!targetPage) return [];
  if (isNoindexed(targetPage)) {
    return [
      finding(
        'hreflang-target-noindex',
        page.url,
        phrase('site_finding_hreflang_target_noindex', { lang, target }),
        extras,
      ),
    ];
  }
  if (canonicalElsewhere(targetPage)) {
    const canonical = targetPage.canonical!;
    return [
      finding(
        'hreflang-target-non-canonical',
        page.url,
        phrase('site_finding_hreflang_target_non_canonical', { lang, target, canonical }),
        { ...extras, related: [canonical] },
      ),
    ];
  }
  if (!isIndexablePage(targetPage) || returnsTo(targetPage, page.url)) return [];
  return [
    finding(
      'hreflang-no-return',
      page.url,
      phrase('site_finding_hreflang_no_return', { lang, target }),
      extras,
    ),
  ];
}

function returnsTo(page: PageAudit, url: string): boolean {
  return page.hreflang.some((alternate) => alternate.href === url);
}
