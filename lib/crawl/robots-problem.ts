/**
 * Which robots.txt answers the report flags. Its own module so that the
 * report page can ask without loading how reports are built.
 */
import type { RobotsPolicyCode } from '../robots/policy.ts';

/** A robots.txt answer worth a webmaster's look: anything but a text file or a 404 (both normal). */
export function isRobotsProblem(row: { code: RobotsPolicyCode }): boolean {
  return row.code !== 'ok' && row.code !== 'not-found';
}
