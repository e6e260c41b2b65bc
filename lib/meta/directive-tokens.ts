/**
 * Splits a robots directive list (a META `content`, or one X-Robots-Tag
 * directive run) into directive tokens. Commas are the separator the
 * standards name; semicolons and spaces are tolerated because real pages use
 * them (`noindex nofollow`, `noindex; nofollow`), but each such use is
 * reported, since some robots read the whole run as one unknown directive.
 */
import { parseRobotsDate } from './robots-date.ts';

export interface DirectiveTokens {
  /** Tokens in order, `name` or `name:value`, spaces around the colon removed. */
  tokens: string[];
  /** Runs of text that needed a separator other than a comma, as written. */
  looseRuns: string[];
}

const UNAVAILABLE_AFTER = /^unavailable_after\s*:/i;

/** How many further comma pieces a date may swallow (`Sunday, June 25, 2010`). */
const MAX_DATE_PIECES = 3;

export function splitDirectiveList(text: string): DirectiveTokens {
  const tokens: string[] = [];
  const looseRuns: string[] = [];
  for (const piece of joinDatePieces(text.split(','))) {
    const words = piece.split(';').flatMap(splitWords);
    // A comma piece holding several tokens can only have used a loose separator.
    if (words.length > 1) looseRuns.push(piece.trim());
    // One by one: spreading 200,000 words into push() overflows the call stack.
    for (const word of words) tokens.push(word);
  }
  return { tokens, looseRuns };
}

/**
 * `unavailable_after` dates may contain commas (`Sunday, 01-Jul-2007 …`):
 * glue the following pieces back on, but only when that makes a readable
 * date, so `unavailable_after: garbage, noindex` still yields `noindex`.
 */
function joinDatePieces(pieces: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i] ?? '';
    if (!UNAVAILABLE_AFTER.test(piece.trim()) || dateOf(piece) !== null) {
      joined.push(piece);
      continue;
    }
    const extra = countPiecesMakingDate(pieces, i);
    joined.push(pieces.slice(i, i + 1 + extra).join(','));
    i += extra;
  }
  return joined;
}

function countPiecesMakingDate(pieces: string[], start: number): number {
  for (let extra = 1; extra < MAX_DATE_PIECES && start + extra < pieces.length; extra++) {
    if (dateOf(pieces.slice(start, start + 1 + extra).join(',')) !== null) return extra;
  }
  return 0;
}

function dateOf(piece: string): number | null {
  return parseRobotsDate(piece.trim().replace(UNAVAILABLE_AFTER, ''));
}

/**
 * One piece to tokens: `unavailable_after: <date>` is one token whatever its
 * spaces; anything else splits on whitespace after `name : value` is tightened
 * to `name:value`.
 */
function splitWords(part: string): string[] {
  const trimmed = part.trim();
  if (trimmed === '') return [];
  if (UNAVAILABLE_AFTER.test(trimmed)) {
    const colon = trimmed.indexOf(':');
    return [`${trimmed.slice(0, colon).trim()}:${trimmed.slice(colon + 1).trim()}`];
  }
  return tightenColons(trimmed).split(/\s+/);
}

/**
 * `name : value` → `name:value`, by trimming around each colon. A global
 * regex replace of "spaces, colon, spaces" retries from every space of a long
 * run and took seconds on a META holding 100,000 spaces. (`trim()` and `\s`
 * strip the same characters.)
 */
function tightenColons(text: string): string {
  if (!text.includes(':')) return text;
  return text
    .split(':')
    .map((piece) => piece.trim())
    .join(':');
}
