/** How the verdict names the robot in sentences: `googlebot`, or "a generic robot" for `*`. */
import type { MessageValue } from '../i18n/catalog.ts';
import { phrase } from '../i18n/phrase.ts';
import { robotToken } from '../robots/user-agent.ts';

/** The robot as a message value: its token, or the words for `*` in the reader's language. */
export function robotName(robot: string): MessageValue {
  const token = robotToken(robot);
  return token === '*' ? phrase('robot_generic') : token;
}
