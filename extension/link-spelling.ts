/**
 * Spelling at the edge: Chromium hands over a page's URL re-spelled — `{`,
 * `}`, `|`, `^` and `` ` `` percent-encoded in the path, `'` in the query
 * (and in the path, in some versions) — where the link and the robot that
 * follows it have the raw character. robots.txt rules are compared byte for
 * byte (Google's parser does not unify `{` and `%7B`), so the verdict is
 * decided on the URL as linked: these escapes, exactly as Chromium writes
 * them (upper-case hex), are turned back into their characters. Space, `"`,
 * `<` and `>` stay encoded: links write them encoded as often as not, and
 * robots send them encoded.
 */

const BROWSER_ESCAPES: Record<string, string> = {
  '%27': "'",
  '%5E': '^',
  '%60': '`',
  '%7B': '{',
  '%7C': '|',
  '%7D': '}',
};

/** The URL as the page linked it, from the URL as the browser reports it. */
export function urlAsLinked(browserUrl: string): string {
  const hash = browserUrl.indexOf('#');
  const beforeHash = hash < 0 ? browserUrl : browserUrl.slice(0, hash);
  const afterHash = hash < 0 ? '' : browserUrl.slice(hash);
  const pathStart = beforeHash.indexOf('/', beforeHash.indexOf('//') + 2);
  if (pathStart < 0) return browserUrl;
  const path = beforeHash
    .slice(pathStart)
    .replace(/%(?:27|5E|60|7B|7C|7D)/g, (escape) => BROWSER_ESCAPES[escape] ?? escape);
  return `${beforeHash.slice(0, pathStart)}${path}${afterHash}`;
}
