/**
 * Likely aliases the visited key keeps apart on purpose: `/dir/` and
 * `/dir/index.html`, `/a` and `/a/`. A server may serve them as one page or
 * as two, so the crawler fetches both when both are linked and the report
 * can say "these look like one page" (e.g. when their fingerprints match).
 */
import { parseUrl } from './http-url.ts';

export type AliasHintKind = 'index-file' | 'trailing-slash';

export interface AliasHint {
  /** The other spelling, normalized like the input. */
  url: string;
  kind: AliasHintKind;
}

/** Directory index file names servers commonly serve for `/dir/`. */
const INDEX_FILE = /^(?:index|default)\.(?:html?|php|aspx?|jsp|cgi)$/i;
const DEFAULT_INDEX_FILE = 'index.html';

/** Candidate aliases of a normalized http(s) URL; [] for anything unparsable. */
export function aliasHints(url: string): AliasHint[] {
  const parsed = parseUrl(url);
  if (parsed === null) return [];
  return pathHints(parsed.pathname).map(({ path, kind }) => ({
    url: withPath(parsed, path),
    kind,
  }));
}

interface PathHint {
  path: string;
  kind: AliasHintKind;
}

function pathHints(path: string): PathHint[] {
  const slash = path.lastIndexOf('/');
  const directory = path.slice(0, slash + 1);
  const last = path.slice(slash + 1);
  if (INDEX_FILE.test(last)) return [{ path: directory, kind: 'index-file' }];
  if (last !== '') return [{ path: `${path}/`, kind: 'trailing-slash' }];
  const hints: PathHint[] = [{ path: `${path}${DEFAULT_INDEX_FILE}`, kind: 'index-file' }];
  if (path !== '/') hints.push({ path: path.slice(0, -1), kind: 'trailing-slash' });
  return hints;
}

function withPath(url: URL, path: string): string {
  const copy = new URL(url.href);
  copy.pathname = path;
  return copy.href;
}
