/**
 * Non-blocking directives, as a table: which rule triggers the note and what
 * it means for the page in search results. Each note cites every source that
 * set the directive.
 */
import type { RobotsRules } from '../meta/robots-rules.ts';
import type { ReasonCode } from './types.ts';

export interface DirectiveNote {
  code: ReasonCode;
  /** Does this source's (or the combined) rules set the directive? */
  isSet: (rules: RobotsRules) => boolean;
  /** What the combined (most restrictive) rules mean, for `robot`. */
  explain: (rules: RobotsRules, robot: string) => string;
}

export const DIRECTIVE_NOTES: readonly DirectiveNote[] = [
  {
    code: 'nofollow',
    isSet: (r) => r.nofollow,
    explain: (_, robot) =>
      `nofollow: ${robot} will not follow the links on this page (nor pass credit through them).`,
  },
  {
    code: 'noarchive',
    isSet: (r) => r.noarchive,
    explain: () => 'noarchive: search engines will not offer a cached copy of this page.',
  },
  {
    code: 'nosnippet',
    isSet: (r) => r.nosnippet,
    explain: () => 'nosnippet: results will show no text snippet or video preview for this page.',
  },
  {
    code: 'max-snippet',
    isSet: (r) => r.maxSnippet !== null,
    explain: (r) =>
      `max-snippet:${r.maxSnippet}: ${limitMeaning(r.maxSnippet, 'a text snippet', 'characters')}.`,
  },
  {
    code: 'max-image-preview',
    isSet: (r) => r.maxImagePreview !== null,
    explain: (r) =>
      `max-image-preview:${r.maxImagePreview}: ${imagePreviewMeaning(r.maxImagePreview)}.`,
  },
  {
    code: 'max-video-preview',
    isSet: (r) => r.maxVideoPreview !== null,
    explain: (r) =>
      `max-video-preview:${r.maxVideoPreview}: ${limitMeaning(r.maxVideoPreview, 'a video preview', 'seconds')}.`,
  },
  {
    code: 'noimageindex',
    isSet: (r) => r.noimageindex,
    explain: () => 'noimageindex: images on this page will not be indexed from it.',
  },
  {
    code: 'notranslate',
    isSet: (r) => r.notranslate,
    explain: () => 'notranslate: results will not offer a translation of this page.',
  },
  {
    code: 'indexifembedded',
    isSet: (r) => r.indexifembedded,
    explain: (r) =>
      r.noindex
        ? 'indexifembedded: with noindex, the content may still be indexed where other pages embed it in an iframe.'
        : 'indexifembedded only has an effect together with noindex; here it changes nothing.',
  },
];

/** -1 = no limit, 0 = none at all, N = at most N units. */
function limitMeaning(limit: number | null, what: string, unit: string): string {
  if (limit === -1) return `no limit on ${what}`;
  if (limit === 0) return `no ${what} at all`;
  return `${what} of at most ${limit} ${unit}`;
}

function imagePreviewMeaning(size: RobotsRules['maxImagePreview']): string {
  switch (size) {
    case 'none':
      return 'no image preview in results';
    case 'standard':
      return 'a default-size image preview at most';
    case 'large':
    case null:
      return 'image previews up to the viewport width';
    default:
      return size satisfies never;
  }
}
