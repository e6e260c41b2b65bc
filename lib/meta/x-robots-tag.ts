/**
 * The X-Robots-Tag response header. A server may send it several times, and
 * a fetch layer may have joined those into one comma-separated value, so all
 * values are read as one stream of comma pieces per value.
 *
 * A piece `name: …` whose name is not a directive is a robot prefix
 * (`googlebot: noindex`). As Google documents, a prefix applies to the
 * directives after it until the next prefix; directives before any prefix
 * apply to every robot. Directives that carry a value (`max-snippet:`,
 * `unavailable_after:`, …) are never prefixes. A limit of the joined form:
 * `googlebot: noindex` joined with a later `nofollow` header reads as
 * `googlebot: noindex, nofollow` — pass the values unjoined when you have them.
 */
import { isDirectiveName, parseDirectives, type DirectiveList } from './directives.ts';

export interface XRobotsTagEntry {
  /** The robot prefix, lower-cased; null when the directives apply to every robot. */
  robot: string | null;
  directives: DirectiveList;
  /** The header text this entry was read from, prefix included, e.g. `googlebot: noindex`. */
  raw: string;
}

/** A robot product token followed by a colon: starts with a letter, no spaces. */
const PREFIX = /^\s*([a-z][a-z0-9_.-]*)\s*:/i;

interface Segment {
  robot: string | null;
  /** Offsets in the header value: the whole entry, and where its directives start. */
  start: number;
  bodyStart: number;
  end: number;
}

/** Parses every X-Robots-Tag value into entries, in order; empty entries are dropped. */
export function parseXRobotsTag(values: readonly string[]): XRobotsTagEntry[] {
  return values.flatMap((value) =>
    segmentsOf(value)
      .map((s) => ({
        robot: s.robot,
        directives: parseDirectives(value.slice(s.bodyStart, s.end)),
        raw: value.slice(s.start, s.end).trim(),
      }))
      .filter((e) => e.directives.directives.length > 0 || e.robot !== null),
  );
}

/** Cuts one header value at each robot prefix. */
function segmentsOf(value: string): Segment[] {
  const segments: Segment[] = [];
  let current: Segment = { robot: null, start: 0, bodyStart: 0, end: 0 };
  let pieceStart = 0;
  for (const piece of value.split(',')) {
    const robot = robotPrefixOf(piece);
    if (robot !== null) {
      if (current.end > current.start || current.robot !== null) segments.push(current);
      const bodyStart = pieceStart + piece.indexOf(':') + 1;
      current = { robot, start: pieceStart, bodyStart, end: pieceStart + piece.length };
    } else {
      current.end = pieceStart + piece.length;
    }
    pieceStart += piece.length + 1;
  }
  segments.push(current);
  return segments;
}

function robotPrefixOf(piece: string): string | null {
  const name = PREFIX.exec(piece)?.[1];
  return name === undefined || isDirectiveName(name) ? null : name.toLowerCase();
}
