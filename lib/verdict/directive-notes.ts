/**
 * Non-blocking directives, as a table: which rule triggers the note and what
 * it means for the page in search results. Each note cites every source that
 * set the directive.
 */
import type { MessageValue } from '../i18n/catalog.ts';
import { phrase, type Phrase } from '../i18n/phrase.ts';
import type { RobotsRules } from '../meta/robots-rules.ts';
import type { ReasonCode } from './types.ts';

export interface DirectiveNote {
  code: ReasonCode;
  /** Does this source's (or the combined) rules set the directive? */
  isSet: (rules: RobotsRules) => boolean;
  /** What the combined (most restrictive) rules mean, for `robot`. */
  explain: (rules: RobotsRules, robot: MessageValue) => Phrase;
}

export const DIRECTIVE_NOTES: readonly DirectiveNote[] = [
  {
    code: 'nofollow',
    isSet: (r) => r.nofollow,
    explain: (_, robot) => phrase('note_nofollow', { robot }),
  },
  {
    code: 'noarchive',
    isSet: (r) => r.noarchive,
    explain: () => phrase('note_noarchive'),
  },
  {
    code: 'nosnippet',
    isSet: (r) => r.nosnippet,
    explain: () => phrase('note_nosnippet'),
  },
  {
    code: 'max-snippet',
    isSet: (r) => r.maxSnippet !== null,
    explain: (r) =>
      phrase('note_max_snippet', {
        value: String(r.maxSnippet),
        meaning: limitMeaning(r.maxSnippet, 'snippet'),
      }),
  },
  {
    code: 'max-image-preview',
    isSet: (r) => r.maxImagePreview !== null,
    explain: (r) =>
      phrase('note_max_image_preview', {
        value: String(r.maxImagePreview),
        meaning: imagePreviewMeaning(r.maxImagePreview),
      }),
  },
  {
    code: 'max-video-preview',
    isSet: (r) => r.maxVideoPreview !== null,
    explain: (r) =>
      phrase('note_max_video_preview', {
        value: String(r.maxVideoPreview),
        meaning: limitMeaning(r.maxVideoPreview, 'video'),
      }),
  },
  {
    code: 'noimageindex',
    isSet: (r) => r.noimageindex,
    explain: () => phrase('note_noimageindex'),
  },
  {
    code: 'notranslate',
    isSet: (r) => r.notranslate,
    explain: () => phrase('note_notranslate'),
  },
  {
    code: 'indexifembedded',
    isSet: (r) => r.indexifembedded,
    explain: (r) =>
      r.noindex ? phrase('note_indexifembedded') : phrase('note_indexifembedded_alone'),
  },
];

/** -1 = no limit, 0 = none at all, N = at most N units. */
function limitMeaning(limit: number | null, what: 'snippet' | 'video'): Phrase {
  if (limit === -1) return phrase(`limit_${what}_unlimited`);
  if (limit === 0) return phrase(`limit_${what}_none`);
  return phrase(`limit_${what}_at_most`, { limit: limit ?? 0 });
}

function imagePreviewMeaning(size: RobotsRules['maxImagePreview']): Phrase {
  switch (size) {
    case 'none':
      return phrase('image_preview_none');
    case 'standard':
      return phrase('image_preview_standard');
    case 'large':
    case null:
      return phrase('image_preview_large');
    default:
      return size satisfies never;
  }
}
