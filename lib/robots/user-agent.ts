/**
 * User-agent names. A robot obeys the group whose name equals its product
 * token, compared case-insensitively (RFC 9309 §2.2.1). Like Google, the
 * token of a `User-agent` value is its leading run of `[a-zA-Z_-]`, so
 * `Googlebot/2.1 (+http://…)` and `Googlebot Images` both name `googlebot`.
 */

/** The token of a group that names no robot at all (`User-agent: /bot`, `User-agent:`). */
export const NO_TOKEN = '';

const TOKEN = /^[A-Za-z_-]*/;

/** Lower-case product token of a `User-agent` value; `*` for the global group. */
export function groupToken(value: string): string {
  // Google: `*` alone, or followed by white space and anything, is the global group.
  if (/^\*(?:$|[ \t\n\v\f\r])/.test(value)) return '*';
  return (TOKEN.exec(value)?.[0] ?? NO_TOKEN).toLowerCase();
}
