/**
 * User-agent names, read two ways. A robot obeys the group whose name equals
 * its product token, compared case-insensitively (RFC 9309 §2.2.1).
 * - groupToken reads a robots.txt `User-agent` line as Google does: its
 *   leading run of `[a-zA-Z_-]`, so `Googlebot/2.1 (+http://…)` and
 *   `Googlebot Images` both name `googlebot`, and `Bot2` names `bot`.
 * - robotToken reads the robot a user asks about (a setting, `--ua`, a META
 *   name): everything before the first white space, `/` or `;`, so `Bot2`
 *   stays `bot2`, and an empty name is the generic robot `*`.
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

/**
 * The asked-about robot's product token, lower-cased: `Googlebot/2.1` →
 * `googlebot`. `*` (or nothing) is `*`: "a generic robot".
 */
export function robotToken(robot: string): string {
  const token = robot.trim().split(/[\s/;]/)[0] ?? '';
  return token === '' ? '*' : token.toLowerCase();
}
