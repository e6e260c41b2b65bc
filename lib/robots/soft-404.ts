/**
 * An HTML page served with 200 as robots.txt (a "soft 404": the site's error
 * or home page). Robots parse it and find no rules, so everything is
 * allowed, which is rarely what the webmaster meant.
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { leadingBomLength } from './bytes.ts';

const SNIFF_BYTES = 512;

/** Why the body looks like HTML, or null when it does not. */
export function htmlEvidence(
  contentType: string | undefined,
  body: Uint8Array | undefined,
): Phrase | null {
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType === 'text/html' || mediaType === 'application/xhtml+xml') {
    return phrase('evidence_served_as', { type: mediaType });
  }
  if (body === undefined) return null;
  const start = leadingBomLength(body);
  let head = '';
  for (let i = start; i < Math.min(body.length, start + SNIFF_BYTES); i++)
    head += String.fromCharCode(body[i] ?? 0);
  const match = /^\s*(<!doctype html|<html)/i.exec(head);
  return match ? phrase('evidence_body_starts', { start: match[1]! }) : null;
}
