/** How the verdict names the robot in sentences: `googlebot`, or "a generic robot" for `*`. */
import { robotToken } from '../meta/robot-names.ts';

export function robotLabel(ua: string): string {
  const token = robotToken(ua);
  return token === '*' ? 'a generic robot (*)' : token;
}
