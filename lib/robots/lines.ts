/**
 * Splits robots.txt bytes into numbered lines exactly as Google's reference
 * parser does, so line numbers agree with it: CR, LF and CRLF each end a line,
 * a leading (partial) BOM is skipped, and a line is cut after
 * ROBOTS_MAX_LINE_BYTES bytes (the cut is recorded, for the auditor).
 */
import { bytesToBinary, decodeUtf8Known, leadingBomLength } from './bytes.ts';
import { ROBOTS_MAX_LINE_BYTES } from './limits.ts';

const LF = 0x0a;
const CR = 0x0d;

export interface RawLine {
  /** 1-based. */
  line: number;
  /** The bytes the parser reads (at most ROBOTS_MAX_LINE_BYTES), as a binary string. */
  binary: string;
  /** The whole line as UTF-8 text, for display. */
  text: string;
  /** Length of the whole line in bytes, before any cut. */
  byteLength: number;
  /** True when the line was longer than ROBOTS_MAX_LINE_BYTES and the rest is ignored. */
  truncated: boolean;
}

/** Numbered lines of a robots.txt body. An empty body is one empty line. */
export function splitRobotsLines(bytes: Uint8Array): RawLine[] {
  const lines: RawLine[] = [];
  let lineStart = leadingBomLength(bytes);
  let lastEndWasCr = false;
  for (let i = lineStart; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte !== LF && byte !== CR) continue;
    // The LF of a CRLF ends nothing: the CR already ended the line.
    const isCrlfTail = i === lineStart && lastEndWasCr && byte === LF;
    if (!isCrlfTail) lines.push(toRawLine(bytes, lineStart, i, lines.length + 1));
    lineStart = i + 1;
    lastEndWasCr = byte === CR;
  }
  lines.push(toRawLine(bytes, lineStart, bytes.length, lines.length + 1));
  return lines;
}

function toRawLine(bytes: Uint8Array, start: number, end: number, line: number): RawLine {
  const byteLength = end - start;
  const parseEnd = Math.min(end, start + ROBOTS_MAX_LINE_BYTES);
  const binary = bytesToBinary(bytes, start, parseEnd);
  const whole = parseEnd === end ? binary : bytesToBinary(bytes, start, end);
  return {
    line,
    binary,
    text: decodeUtf8Known(bytes.subarray(start, end), whole),
    byteLength,
    truncated: byteLength > ROBOTS_MAX_LINE_BYTES,
  };
}
