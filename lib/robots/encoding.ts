/**
 * The URL's side of a robots decision: Google's extraction of the path,
 * params and query from a URL as written, and the path RobotLens compares
 * (see spelling.ts for the spelling).
 */
import { textToBinary } from './bytes.ts';
import { ALL_READINGS, urlPathFor } from './spelling.ts';

/** The path+query RobotLens compares for a URL (absolute or not), as a binary string. */
export function matchPathOf(url: string): string {
  return urlPathFor(extractPathParamsQuery(textToBinary(url)), ALL_READINGS);
}

/**
 * Path, params and query of a URL, without scheme, authority and fragment;
 * always starts with `/`. Works on the URL as written (no dot-segment
 * resolution), like Google's reference parser, and accepts `example.com/a`
 * or `/a` as well as full URLs.
 */
export function extractPathParamsQuery(url: string): string {
  const searchStart = url.startsWith('//') ? 2 : 0;
  const earlyPath = indexOfPathStart(url, searchStart);
  let protocolEnd = url.indexOf('://', searchStart);
  if (protocolEnd < 0 || (earlyPath >= 0 && earlyPath < protocolEnd)) protocolEnd = searchStart;
  else protocolEnd += 3;
  const pathStart = indexOfPathStart(url, protocolEnd);
  if (pathStart < 0) return '/';
  const hash = url.indexOf('#', searchStart);
  if (hash >= 0 && hash < pathStart) return '/';
  const path = url.slice(pathStart, hash >= 0 ? hash : url.length);
  return path.startsWith('/') ? path : `/${path}`;
}

/** Index of the first `/`, `?` or `;` from `from`; -1 when none. Runs once per robots decision. */
function indexOfPathStart(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code === 0x2f || code === 0x3f || code === 0x3b) return i;
  }
  return -1;
}
