/**
 * Raw vs rendered as verdict notes. The verdict itself is for the page as
 * rendered (what the popup reads from the live DOM); each difference from
 * the HTML the server sent is a note saying what a robot that reads the
 * served HTML first may do instead. Never blocking: whether Google renders
 * a page, and when, is not knowable from here.
 *
 * Compared only when the served HTML is this page's: a 2xx answer from the
 * same URL, to a robot that may fetch it (behind a robots.txt block the
 * robot reads neither).
 */
import type { MessageValue } from '../i18n/catalog.ts';
import { phrase, type Phrase } from '../i18n/phrase.ts';
import {
  compareRawRendered,
  type RawRenderedDifference,
  type RawRenderedKind,
} from '../meta/raw-rendered.ts';
import { shorten } from '../meta/tag-source.ts';
import { resourceKey } from '../meta/url-compare.ts';
import type { Reason } from './types.ts';
import type { VerdictInput } from './verdict-input.ts';

export function rawRenderedReasons(input: VerdictInput, robot: MessageValue): Reason[] {
  const { rawPage, page, http, robots } = input;
  if (!rawPage || page === null) return [];
  if (http.status === null || Math.floor(http.status / 100) !== 2) return [];
  if (robots !== null && !robots.allowed) return [];
  if (resourceKey(rawPage.url) !== resourceKey(page.url)) return [];
  return compareRawRendered(rawPage, page, input.robot).map((difference) => ({
    code: 'raw-rendered',
    blocking: false,
    source: phrase('raw_rendered_source', {
      raw: shown(difference.raw),
      rendered: shown(difference.rendered),
    }),
    detail: detailOf(difference, robot),
  }));
}

/**
 * True for the note that the served HTML's noindex is removed by a script:
 * "indexable" then holds only for the rendered page, and the summary says so.
 */
export function isServedNoindexRemoved(reason: Reason): boolean {
  return reason.code === 'raw-rendered' && reason.detail.key === DETAIL_KEYS['noindex-removed'];
}

function shown(value: string | null): MessageValue {
  return value === null ? phrase('raw_rendered_none') : shorten(value);
}

function detailOf({ kind }: RawRenderedDifference, robot: MessageValue): Phrase {
  const key = DETAIL_KEYS[kind];
  return phrase(key, { robot });
}

const DETAIL_KEYS = {
  'noindex-removed': 'raw_rendered_noindex_removed',
  'noindex-added': 'raw_rendered_noindex_added',
  'nofollow-removed': 'raw_rendered_nofollow_removed',
  'nofollow-added': 'raw_rendered_nofollow_added',
  'robots-changed': 'raw_rendered_robots_changed',
  'canonical-added': 'raw_rendered_canonical_added',
  'canonical-removed': 'raw_rendered_canonical_removed',
  'canonical-changed': 'raw_rendered_canonical_changed',
  'title-added': 'raw_rendered_title_added',
  'title-removed': 'raw_rendered_title_removed',
  'title-changed': 'raw_rendered_title_changed',
} as const satisfies Record<RawRenderedKind, string>;
