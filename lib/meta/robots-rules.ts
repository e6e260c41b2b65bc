/**
 * What a set of directives means once combined. When directives disagree —
 * inside one list or across the robots META, a robot-specific META and the
 * X-Robots-Tag header — the most restrictive one wins. That is Google's
 * documented behaviour ("in the case of conflicting robots rules, the more
 * restrictive rule applies"); the standards leave it undefined, so the product
 * applies Google's rule and flags the conflict.
 */
import type { Directive, ImagePreview } from './directives.ts';

export interface RobotsRules {
  noindex: boolean;
  nofollow: boolean;
  noarchive: boolean;
  nosnippet: boolean;
  noimageindex: boolean;
  notranslate: boolean;
  indexifembedded: boolean;
  /** Explicit `index`/`all`: the default anyway, kept to explain conflicts. */
  index: boolean;
  /** Explicit `follow`/`all`. */
  follow: boolean;
  /** Characters; -1 = no limit; null = not set. */
  maxSnippet: number | null;
  /** Seconds; -1 = no limit; null = not set. */
  maxVideoPreview: number | null;
  maxImagePreview: ImagePreview | null;
  /** Earliest readable `unavailable_after`, epoch ms; null = not set. */
  unavailableAfterMs: number | null;
}

export const NO_RULES: Readonly<RobotsRules> = {
  noindex: false,
  nofollow: false,
  noarchive: false,
  nosnippet: false,
  noimageindex: false,
  notranslate: false,
  indexifembedded: false,
  index: false,
  follow: false,
  maxSnippet: null,
  maxVideoPreview: null,
  maxImagePreview: null,
  unavailableAfterMs: null,
};

/** The rules a directive list sets; unknown and unreadable directives are ignored, as robots do. */
export function rulesOf(directives: readonly Directive[]): RobotsRules {
  return directives.reduce(applyDirective, { ...NO_RULES });
}

/** Combines rules from several sources: the most restrictive of each wins. */
export function mergeRules(a: RobotsRules, b: RobotsRules): RobotsRules {
  return {
    noindex: a.noindex || b.noindex,
    nofollow: a.nofollow || b.nofollow,
    noarchive: a.noarchive || b.noarchive,
    nosnippet: a.nosnippet || b.nosnippet,
    noimageindex: a.noimageindex || b.noimageindex,
    notranslate: a.notranslate || b.notranslate,
    indexifembedded: a.indexifembedded || b.indexifembedded,
    index: a.index || b.index,
    follow: a.follow || b.follow,
    maxSnippet: smallerLimit(a.maxSnippet, b.maxSnippet),
    maxVideoPreview: smallerLimit(a.maxVideoPreview, b.maxVideoPreview),
    maxImagePreview: smallerPreview(a.maxImagePreview, b.maxImagePreview),
    unavailableAfterMs: earlier(a.unavailableAfterMs, b.unavailableAfterMs),
  };
}

function applyDirective(rules: RobotsRules, d: Directive): RobotsRules {
  switch (d.name) {
    case 'index':
    case 'follow':
    case 'noindex':
    case 'nofollow':
    case 'noarchive':
    case 'nosnippet':
    case 'noimageindex':
    case 'notranslate':
    case 'indexifembedded':
      return { ...rules, [d.name]: true };
    case 'none':
      return { ...rules, noindex: true, nofollow: true };
    case 'all':
      return { ...rules, index: true, follow: true };
    case 'nocache':
      return { ...rules, noarchive: true };
    case 'max-snippet':
      return { ...rules, maxSnippet: smallerLimit(rules.maxSnippet, d.value) };
    case 'max-video-preview':
      return { ...rules, maxVideoPreview: smallerLimit(rules.maxVideoPreview, d.value) };
    case 'max-image-preview':
      return { ...rules, maxImagePreview: smallerPreview(rules.maxImagePreview, d.value) };
    case 'unavailable_after':
      return { ...rules, unavailableAfterMs: earlier(rules.unavailableAfterMs, d.value) };
    case 'unknown':
      return rules;
    default:
      return d satisfies never;
  }
}

/** -1 means "no limit", so it is the least restrictive value, not the smallest. */
function smallerLimit(a: number | null, b: number | null): number | null {
  if (a === null || a === -1) return b ?? a;
  if (b === null || b === -1) return a;
  return Math.min(a, b);
}

const PREVIEW_ORDER: readonly ImagePreview[] = ['none', 'standard', 'large'];

function smallerPreview(a: ImagePreview | null, b: ImagePreview | null): ImagePreview | null {
  if (a === null) return b;
  if (b === null) return a;
  return PREVIEW_ORDER.indexOf(a) <= PREVIEW_ORDER.indexOf(b) ? a : b;
}

function earlier(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}
