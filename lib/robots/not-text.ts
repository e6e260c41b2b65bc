/**
 * A robots.txt that is not text at all: an image, an archive, a PDF (a
 * server that answers every path with the same file, or a misrouted
 * upload). Robots read it as text anyway and keep only lines that read as
 * rules, so binary bytes give no rules and the site is crawled as if it had
 * no robots.txt. HTML is the other wrong answer, with its own check
 * (soft-404.ts).
 */

import { phrase, type Phrase } from '../i18n/phrase.ts';

const SNIFF_BYTES = 512;

/** Media types that carry text although they are not `text/*`. */
const TEXT_LIKE = new Set(['application/json', 'application/xml', 'application/javascript']);

/** Why the answer is not text, or null when it is (or may be). */
export function notTextEvidence(
  contentType: string | undefined,
  body: Uint8Array | undefined,
): Phrase | null {
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const declared =
    mediaType !== '' &&
    !mediaType.startsWith('text/') &&
    !mediaType.endsWith('+xml') &&
    !TEXT_LIKE.has(mediaType);
  const binary = body !== undefined && body.subarray(0, SNIFF_BYTES).includes(0);
  if (declared && binary) return phrase('evidence_served_as_binary', { type: mediaType });
  if (declared) return phrase('evidence_served_as', { type: mediaType });
  return binary ? phrase('evidence_binary') : null;
}
