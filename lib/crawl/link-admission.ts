/**
 * Should a link found on a page be requested? One decision per link, in the
 * spec's order: normalize (aliases collapse), skip what is known, then the
 * guards — block list, scope, URL length, repeating paths, query space,
 * depth. Every refusal carries its rule, so the report never drops a URL
 * silently.
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import type { ExtractedLink } from '../links/link-types.ts';
import { normalizeHref } from '../url/normalize-url.ts';
import type { UrlPattern } from '../url/url-pattern.ts';
import { chooseMethod, type FetchMethod } from './fetch-plan.ts';
import { inScope, type CrawlScope } from './scope.ts';
import {
  checkBlockList,
  checkDepth,
  checkRepeatingPath,
  checkUrlLength,
  type QuerySpaceTracker,
  type TrapKind,
} from './traps.ts';

export type Admission =
  | { kind: 'queue'; url: string; internal: boolean; method: FetchMethod }
  | { kind: 'known'; url: string }
  | {
      kind: 'refuse';
      url: string;
      internal: boolean;
      trap?: TrapKind;
      skip: 'trap' | 'external-not-checked';
      reason: Phrase;
    }
  | { kind: 'invalid'; raw: string; reason: Phrase }
  | { kind: 'other-scheme'; url: string; scheme: string }
  | { kind: 'ignore' };

export interface AdmissionContext {
  isKnown: (url: string) => boolean;
  scope: CrawlScope;
  /** Depth the link's target would have. */
  depth: number;
  maxDepth: number;
  maxUrlChars: number;
  blockList: readonly UrlPattern[];
  querySpace: QuerySpaceTracker;
  checkExternal: boolean;
}

/** `<link rel=preconnect|dns-prefetch>` names an origin to warm up, not a resource. */
const HINT_RELS = new Set(['preconnect', 'dns-prefetch']);

export function admitLink(link: ExtractedLink, context: AdmissionContext): Admission {
  if (link.kind === 'not-a-request') {
    return link.reason === 'other-scheme'
      ? { kind: 'other-scheme', url: link.url, scheme: link.scheme }
      : { kind: 'ignore' };
  }
  if (link.kind === 'invalid') return { kind: 'invalid', raw: link.raw, reason: link.reason };
  if (link.element === 'link' && link.rel.some((rel) => HINT_RELS.has(rel)))
    return { kind: 'ignore' };
  const normalized = normalizeHref(link.url);
  if (!normalized.ok) return { kind: 'invalid', raw: link.raw, reason: normalized.reason };
  const url = normalized.url;
  if (context.isKnown(url)) return { kind: 'known', url };
  const internal = inScope(url, context.scope).allowed;
  const refusal = firstRefusal(url, internal, context);
  if (refusal)
    return {
      kind: 'refuse',
      url,
      internal,
      skip: 'trap',
      trap: refusal.kind,
      reason: refusal.detail,
    };
  if (!internal && !context.checkExternal) {
    return {
      kind: 'refuse',
      url,
      internal,
      skip: 'external-not-checked',
      reason: phrase('skip_external_not_checked'),
    };
  }
  return {
    kind: 'queue',
    url,
    internal,
    method: chooseMethod({ url, internal, element: link.element, rel: link.rel }),
  };
}

/** The crawl guards: the block list for every URL, the trap checks for the site's own. */
function firstRefusal(
  url: string,
  internal: boolean,
  context: AdmissionContext,
): { kind: TrapKind; detail: Phrase } | null {
  const verdicts = [
    () => checkBlockList(url, context.blockList),
    () => (internal ? checkUrlLength(url, context.maxUrlChars) : ALLOWED),
    () => (internal ? checkRepeatingPath(url) : ALLOWED),
    () => (internal ? checkDepth(context.depth, context.maxDepth) : ALLOWED),
    () => (internal ? context.querySpace.admit(url) : ALLOWED),
  ];
  for (const verdict of verdicts) {
    const result = verdict();
    if (!result.allowed) return result;
  }
  return null;
}

const ALLOWED = { allowed: true } as const;
