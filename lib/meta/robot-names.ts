/**
 * Which robots META tags speak to which robot. `<meta name="robots">` speaks
 * to every robot; `<meta name="googlebot">` only to the robot whose product
 * token is `googlebot` (names compare case-insensitively). No aliases are
 * assumed (`googlebot` does not cover `googlebot-news`, nor `msnbot`
 * `bingbot`): each engine documents its own names, and a guess would make the
 * verdict claim more than we know.
 */
import { robotToken } from '../robots/user-agent.ts';

/** The generic name every robot obeys. */
export const GENERIC_ROBOTS_NAME = 'robots';

/**
 * META names known to carry robots directives for one robot, so a page audit
 * (which is not for any one robot) can recognize them.
 */
const KNOWN_ROBOT_META_NAMES: ReadonlySet<string> = new Set([
  'googlebot',
  'googlebot-news',
  'googlebot-image',
  'googlebot-video',
  'adsbot-google',
  'mediapartners-google',
  'google-extended',
  'bingbot',
  'msnbot',
  'adidxbot',
  'slurp',
  'yandex',
  'yandexbot',
  'baiduspider',
  'duckduckbot',
  'applebot',
  'teoma',
  'naverbot',
  'yeti',
  'seznambot',
]);

/** True when a META of this name carries robots directives for some robot. */
export function isRobotsMetaName(name: string): boolean {
  const lower = name.toLowerCase();
  return lower === GENERIC_ROBOTS_NAME || KNOWN_ROBOT_META_NAMES.has(lower);
}

/**
 * True when a robots META (or X-Robots-Tag prefix) `name` applies to robot
 * `robot`. A generic robot (`*`) obeys only the generic name; null (an
 * unprefixed header) applies to everyone.
 */
export function appliesToRobot(name: string | null, robot: string): boolean {
  if (name === null) return true;
  const lower = name.toLowerCase();
  const token = robotToken(robot);
  return lower === GENERIC_ROBOTS_NAME || (token !== '*' && lower === token);
}
