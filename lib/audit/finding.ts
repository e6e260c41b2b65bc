/**
 * Building and ordering site findings: the severity comes from the code's
 * fixed table, and findings sort by code, then URL (then target and value,
 * so equal codes and URLs still come out in one order whatever the input's).
 */
import type { Phrase } from '../i18n/phrase.ts';
import { SITE_FINDING_SEVERITY } from './finding-severity.ts';
import type { SiteFinding, SiteFindingCode } from './types.ts';
import { compareText } from '../text/compare-text.ts';

/** The optional parts of a finding. */
export interface FindingExtras {
  target?: string;
  related?: string[];
  value?: string;
}

/** Related URLs listed per finding at most: a group of a thousand pages sharing a title stays readable. */
export const MAX_RELATED_URLS = 20;

export function finding(
  code: SiteFindingCode,
  url: string,
  detail: Phrase,
  extras: FindingExtras = {},
): SiteFinding {
  const out: SiteFinding = { code, severity: SITE_FINDING_SEVERITY[code], url, detail };
  if (extras.target !== undefined) out.target = extras.target;
  if (extras.related !== undefined) out.related = extras.related;
  if (extras.value !== undefined) out.value = extras.value;
  return out;
}

/** By code, then URL, target and value; plain code-unit order, the same in every locale. */
export function compareFindings(a: SiteFinding, b: SiteFinding): number {
  return (
    compareText(a.code, b.code) ||
    compareText(a.url, b.url) ||
    compareText(a.target ?? '', b.target ?? '') ||
    compareText(a.value ?? '', b.value ?? '') ||
    // Only full ties get here (rare): the whole finding decides, never the input's order.
    compareText(JSON.stringify(a), JSON.stringify(b))
  );
}

/** The URLs sorted, duplicates dropped, at most MAX_RELATED_URLS. */
export function relatedUrls(urls: Iterable<string>): string[] {
  return [...new Set(urls)].sort(compareText).slice(0, MAX_RELATED_URLS);
}

/**
 * The first MAX_RELATED_URLS of a sorted group other than `url`: a page's
 * related list, in time proportional to the list, not to the group.
 */
export function othersInGroup(sortedGroup: readonly string[], url: string): string[] {
  const out: string[] = [];
  for (const other of sortedGroup) {
    if (other === url) continue;
    out.push(other);
    if (out.length === MAX_RELATED_URLS) break;
  }
  return out;
}

/** Appends `value` to the list under `key`. */
export function addToGroup<K, V>(groups: Map<K, V[]>, key: K, value: V): void {
  const group = groups.get(key);
  if (group) group.push(value);
  else groups.set(key, [value]);
}
