/**
 * A link as found on a page, with where it came from (element, attribute,
 * text, line), so a dead-link report can point at the exact tag.
 *
 * Every link-bearing attribute is reported, requests or not, so the report
 * can count `mailto:` or `javascript:` links without a second pass:
 * - `request`: an http(s) URL a crawler may fetch;
 * - `not-a-request`: another scheme (`mailto:`, `tel:`, `javascript:`,
 *   `data:`, …) or a fragment-only link to a place in this same document;
 * - `invalid`: the value cannot be resolved to a URL at all (a broken link
 *   that never reaches the network).
 */
import type { Phrase } from '../i18n/phrase.ts';

export type LinkElement =
  | 'a'
  | 'area'
  | 'link'
  | 'img'
  | 'source'
  | 'script'
  | 'iframe'
  | 'frame'
  | 'meta-refresh'
  /** A `url(…)` or `@import` in a `<style>` block (attribute `css`) or a `style` attribute. */
  | 'style';

export type LinkAttribute = 'href' | 'src' | 'srcset' | 'content' | 'css' | 'style';

/** Where a link came from, as written. */
export interface LinkOrigin {
  /** The value as written, character references decoded (one candidate for srcset, the URL part for refresh). */
  raw: string;
  element: LinkElement;
  attribute: LinkAttribute;
  /**
   * What a reader sees for it: anchor text (with alt text of images inside)
   * for `a`; `alt` for `img`/`area`; `title` otherwise. Whitespace collapsed,
   * at most 200 characters.
   */
  text: string;
  /** `rel` tokens, lower-cased (`a`, `area`, `link`); [] for other elements. */
  rel: string[];
  /** 1-based line of the tag in the HTML. */
  line: number;
}

export type NotARequestReason = 'other-scheme' | 'fragment-only';

export type ExtractedLink =
  | (LinkOrigin & {
      kind: 'request';
      /** Absolute URL as a browser would request it (WHATWG-resolved, fragment kept), not normalized. */
      url: string;
    })
  | (LinkOrigin & {
      kind: 'not-a-request';
      url: string;
      /** Scheme without the colon: `mailto`, `javascript`, … (`http(s)` for fragment-only links). */
      scheme: string;
      reason: NotARequestReason;
    })
  | (LinkOrigin & { kind: 'invalid'; reason: Phrase });
