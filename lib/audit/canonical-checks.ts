/**
 * Canonical checks over the whole crawl. For every page the audit robot
 * reads (2xx HTML, allowed by robots.txt) that names a canonical URL other
 * than itself (self-canonicals are fine):
 * - on another host: `canonical-other-host`, and nothing more (the other
 *   host is not the audited site);
 * - the target's answer: `canonical-target-broken` (error status or no
 *   answer), `canonical-target-redirected`. A canonical to a URL the crawl
 *   never met gets no finding about its answer: we do not know it;
 * - `canonical-target-blocked`: robots.txt keeps the audit robot out
 *   (decided from the file, met or not);
 * - `canonical-target-noindex`: the target page is noindex (META or header);
 * - the target names another canonical in turn: `canonical-chain` (related:
 *   the chain in order, this page first), or, when the chain comes back to
 *   this page, `canonical-loop` — reported once per page of the cycle (each
 *   one's canonical is wrong; related: the cycle from that page). A page
 *   leading into a cycle it is not part of gets `canonical-chain`.
 * And `duplicate-without-canonical`: indexable pages with the same text
 * fingerprint, where a page names no canonical (unless every other page of
 * the group names that page as its canonical); related: the rest of the group.
 */
import { phrase } from '../i18n/phrase.ts';
import { addToGroup, finding, othersInGroup } from './finding.ts';
import { compareText } from '../text/compare-text.ts';
import {
  canonicalElsewhere,
  hostOf,
  isBrokenTarget,
  isIndexablePage,
  isNoindexed,
  isReadPage,
  isRedirectedTarget,
  pagesByUrl,
  redirectEnd,
  usableCanonical,
} from './page-states.ts';
import type { PageAudit, SiteAuditInput, SiteFinding } from './types.ts';

/** Canonical hops followed at most: far above real sites, and it bounds hostile ones. */
const MAX_CHAIN_HOPS = 50;

export function canonicalFindings(input: SiteAuditInput): SiteFinding[] {
  const pages = pagesByUrl(input);
  const out: SiteFinding[] = [];
  for (const page of input.pages) {
    if (!isReadPage(page) || !canonicalElsewhere(page)) continue;
    out.push(...targetFindings(input, pages, page, page.canonical!));
  }
  out.push(...duplicateFindings(input.pages));
  return out;
}

function targetFindings(
  input: SiteAuditInput,
  pages: Map<string, PageAudit>,
  page: PageAudit,
  target: string,
): SiteFinding[] {
  if (hostOf(target) !== hostOf(page.url)) {
    return [
      finding(
        'canonical-other-host',
        page.url,
        phrase('site_finding_canonical_other_host', { target }),
        { target },
      ),
    ];
  }
  const out: SiteFinding[] = [];
  const answer = answerFinding(input, page, target);
  if (answer) out.push(answer);
  if (!input.robotAllows(target)) {
    out.push(
      finding(
        'canonical-target-blocked',
        page.url,
        phrase('site_finding_canonical_target_blocked', { target, robot: input.settings.robot }),
        { target },
      ),
    );
  }
  const targetPage = pages.get(target);
  if (targetPage && isNoindexed(targetPage)) {
    out.push(
      finding(
        'canonical-target-noindex',
        page.url,
        phrase('site_finding_canonical_target_noindex', { target }),
        { target },
      ),
    );
  }
  const chain = chainFindings(pages, page, target);
  if (chain) out.push(chain);
  return out;
}

/** What the crawl's answer for the canonical URL says: broken, redirected, or nothing (fine or never met). */
function answerFinding(input: SiteAuditInput, page: PageAudit, target: string): SiteFinding | null {
  const state = input.target(target);
  if (state && isBrokenTarget(state)) {
    return finding(
      'canonical-target-broken',
      page.url,
      phrase('site_finding_canonical_target_broken', { target }),
      { target },
    );
  }
  if (state && isRedirectedTarget(state)) {
    const final = redirectEnd(state);
    return finding(
      'canonical-target-redirected',
      page.url,
      phrase('site_finding_canonical_target_redirected', { target, final }),
      { target, related: [final] },
    );
  }
  return null;
}

/** `canonical-chain` or `canonical-loop` for a page whose canonical names another in turn. */
function chainFindings(
  pages: Map<string, PageAudit>,
  page: PageAudit,
  target: string,
): SiteFinding | null {
  const path = [page.url];
  let next: string | null = target;
  while (next !== null && path.length <= MAX_CHAIN_HOPS) {
    const seenAt = path.indexOf(next);
    if (seenAt === 0) {
      return finding(
        'canonical-loop',
        page.url,
        phrase('site_finding_canonical_loop', { chain: [...path, next].join(' → ') }),
        { target, related: path },
      );
    }
    if (seenAt > 0) break; // leads into a cycle it is not part of: a chain
    path.push(next);
    next = nextCanonical(pages.get(next));
  }
  if (path.length <= 2) return null;
  return finding(
    'canonical-chain',
    page.url,
    phrase('site_finding_canonical_chain', { target, chain: path.join(' → ') }),
    { target, related: path },
  );
}

/** Where a page's canonical leads on, or null when it stops there (self, none, not read). */
function nextCanonical(page: PageAudit | undefined): string | null {
  if (!page || !isReadPage(page) || !canonicalElsewhere(page)) return null;
  return page.canonical;
}

/** Every other page of the group names this one as its canonical: the group is settled. */
function chosenByTheOthers(
  group: readonly PageAudit[],
  page: PageAudit,
  named: ReadonlySet<string | null>,
): boolean {
  if (!named.has(page.url)) return false;
  return group.every((other) => other.url === page.url || other.canonical === page.url);
}

function duplicateFindings(pages: readonly PageAudit[]): SiteFinding[] {
  const groups = new Map<string, PageAudit[]>();
  for (const page of pages) {
    if (!isIndexablePage(page) || page.fingerprint === null) continue;
    addToGroup(groups, page.fingerprint, page);
  }
  const out: SiteFinding[] = [];
  for (const group of groups.values()) {
    const urls = [...new Set(group.map((page) => page.url))].sort(compareText);
    if (urls.length < 2) continue;
    // Pages naming a canonical: the one they all name is the group's chosen page.
    const named = new Set(group.map((page) => page.canonical));
    for (const page of group) {
      if (usableCanonical(page) !== null) continue;
      if (chosenByTheOthers(group, page, named)) continue;
      const related = othersInGroup(urls, page.url);
      out.push(
        finding(
          'duplicate-without-canonical',
          page.url,
          phrase('site_finding_duplicate_without_canonical', { pages: related }),
          { related },
        ),
      );
    }
  }
  return out;
}
