/**
 * Content fingerprints for duplicate detection (the spec's "content
 * checksum per page"). Two 64-bit hashes per HTML page:
 * - `text`: the visible text only (no markup, attributes, comments, scripts
 *   or styles; whitespace runs collapsed to one space), so pages that differ
 *   only in links or markup still match;
 * - `withLinks`: the text plus every raw link target in document order. Two
 *   pages equal here are the same page under two URLs (a symlink alias):
 *   the later one is a duplicate, and the crawler stops there unless its
 *   relative links lead elsewhere from its folder (page-expansion.ts). A
 *   page that only shares `text` still has its links checked, since they
 *   may lead somewhere new.
 * Text is hashed as written (character references not decoded): alias pages
 * are byte-identical, and decoding every text node would cost a third of
 * the parse. The hash is cyrb64-style (two 32-bit multiply-xor lanes mixed at
 * the end): fast, pure JS, the same in Node and the service worker. Not
 * cryptographic: a hostile site can forge collisions, which would only make
 * the crawler skip a page of that same site.
 */
import { DEFAULT_MAX_LINKS } from '../links/extract-links.ts';
import { scanHtml } from '../links/scan-html.ts';

export interface PageFingerprint {
  /** 16 hex characters. */
  text: string;
  /** 16 hex characters. */
  withLinks: string;
}

const SEED_1 = 0xdeadbeef;
const SEED_2 = 0x41c6ce57;
/** Separates link targets in the `withLinks` input, so `["ab"]` and `["a", "b"]` differ. */
const LINK_SEPARATOR = 0;

const MULTIPLIER_1 = 2654435761;
const MULTIPLIER_2 = 1597334677;

/** Streaming 64-bit hash over UTF-16 code units. */
export class Hash64 {
  private lane1 = SEED_1;
  private lane2 = SEED_2;

  update(text: string): this {
    let h1 = this.lane1;
    let h2 = this.lane2;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ code, MULTIPLIER_1);
      h2 = Math.imul(h2 ^ code, MULTIPLIER_2);
    }
    this.lane1 = h1;
    this.lane2 = h2;
    return this;
  }

  updateCode(code: number): this {
    this.lane1 = Math.imul(this.lane1 ^ code, MULTIPLIER_1);
    this.lane2 = Math.imul(this.lane2 ^ code, MULTIPLIER_2);
    return this;
  }

  /** 16 hex characters; the hash can keep being updated afterwards. */
  digest(): string {
    return finalMix(this.lane1, this.lane2);
  }
}

/**
 * Hashes text chunks as if joined and whitespace-collapsed: leading and
 * trailing whitespace dropped, every inner run of ASCII whitespace one space.
 * The lanes are updated inline, not through Hash64: this loop sees every
 * character of the page's text, and a call per character doubles its cost.
 */
export class TextHasher {
  private lane1 = SEED_1;
  private lane2 = SEED_2;
  private started = false;
  private pendingSpace = false;

  add(chunk: string): void {
    let h1 = this.lane1;
    let h2 = this.lane2;
    let started = this.started;
    let pendingSpace = this.pendingSpace;
    for (let i = 0; i < chunk.length; i++) {
      const code = chunk.charCodeAt(i);
      // Most characters are above space: one comparison sends them straight to the hash.
      if (code <= 0x20 && isAsciiWhitespace(code)) {
        pendingSpace = started;
        continue;
      }
      if (pendingSpace) {
        h1 = Math.imul(h1 ^ 0x20, MULTIPLIER_1);
        h2 = Math.imul(h2 ^ 0x20, MULTIPLIER_2);
        pendingSpace = false;
      }
      started = true;
      h1 = Math.imul(h1 ^ code, MULTIPLIER_1);
      h2 = Math.imul(h2 ^ code, MULTIPLIER_2);
    }
    this.lane1 = h1;
    this.lane2 = h2;
    this.started = started;
    this.pendingSpace = pendingSpace;
  }

  digest(): string {
    return finalMix(this.lane1, this.lane2);
  }
}

/** Fingerprints of one HTML page (parses it; readPage gets them from its own parse). */
export function fingerprintPage(html: string): PageFingerprint {
  const text = new TextHasher();
  const scanned = scanHtml(html, {
    maxLinks: DEFAULT_MAX_LINKS,
    onText: (chunk) => text.add(chunk),
  });
  return combineFingerprint(text, scanned.links);
}

/** The two fingerprints from hashed text and the page's links as written. */
export function combineFingerprint(
  text: TextHasher,
  links: readonly { raw: string }[],
): PageFingerprint {
  const textDigest = text.digest();
  const withLinks = new Hash64().update(textDigest);
  for (const link of links) withLinks.updateCode(LINK_SEPARATOR).update(link.raw);
  return { text: textDigest, withLinks: withLinks.digest() };
}

function isAsciiWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d || code === 0x0c;
}

/** cyrb53's avalanche step, keeping all 64 bits. */
function finalMix(lane1: number, lane2: number): string {
  let h1 = Math.imul(lane1 ^ (lane1 >>> 16), 2246822507);
  h1 ^= Math.imul(lane2 ^ (lane2 >>> 13), 3266489909);
  let h2 = Math.imul(lane2 ^ (lane2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return hex64(h2, h1);
}

const HEX_CODES = [...'0123456789abcdef'].map((digit) => digit.charCodeAt(0));

/**
 * The 16 hex digits of two 32-bit lanes, as one flat string. Joining two
 * 8-digit strings with `+` gives V8 a cons string (any join of 13 or more
 * characters is one): ~80 bytes where a flat 16-character string takes 32.
 * The crawl keeps one per page read (CrawlBook.contentSeen): 22 MB of cons
 * strings and their halves at 986,000 URLs known on the generated
 * million-URL site (heap snapshot).
 */
function hex64(high: number, low: number): string {
  const codes = new Array<number>(16);
  for (let i = 0; i < 8; i++) {
    codes[7 - i] = HEX_CODES[(high >>> (i * 4)) & 0xf]!;
    codes[15 - i] = HEX_CODES[(low >>> (i * 4)) & 0xf]!;
  }
  return String.fromCharCode(...codes);
}
