/**
 * The robots.txt side of the verdict. robots.txt decides whether a URL may be
 * *fetched*, not whether it may be indexed: a disallowed URL can still appear
 * in results, without its content, when other pages link to it (Google's
 * documented behaviour). RobotLens reports such a URL as not indexable, since
 * its content cannot be, and says why.
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import type { RobotsDecision } from '../robots/types.ts';
import { robotName } from './robot-label.ts';
import type { Reason } from './types.ts';

export function robotsTxtReasons(decision: RobotsDecision | null, robot: string): Reason[] {
  if (decision === null || decision.allowed) return [];
  return [blockedReason(decision, robot), ...unreachableReasons(decision)];
}

function blockedReason(decision: RobotsDecision, robot: string): Reason {
  const name = robotName(robot);
  const reason = decision.reason;
  const made =
    decision.policy === 'disallow-all'
      ? phrase('reason_robots_txt_unreadable', { robot: name, reason })
      : decision.group === null
        ? phrase('reason_robots_txt_blocked', { robot: name, reason })
        : phrase('reason_robots_txt_blocked_group', { robot: name, reason, group: decision.group });
  return {
    code: 'robots-txt',
    blocking: true,
    ...robotsTxtSource(decision),
    detail: made,
  };
}

/** `robots.txt line 4: Disallow: /private`, or the reason when no rule decided. */
export function robotsTxtSource(decision: RobotsDecision): { source: Phrase } {
  if (decision.line !== null && decision.rule !== null) {
    const line = { line: String(decision.line), rule: decision.rule };
    return { source: phrase('source_robots_txt_line', line) };
  }
  return { source: phrase('source_robots_txt', { reason: decision.reason }) };
}

/**
 * A robots.txt that answered 5xx or not at all makes robots assume "disallow
 * everything" for now (RFC 9309 §2.3.1.4): a temporary state worth its own note.
 */
function unreachableReasons(decision: RobotsDecision): Reason[] {
  if (decision.policy !== 'disallow-all') return [];
  const made = phrase('reason_robots_txt_unreachable');
  return [
    {
      code: 'robots-txt-unreachable',
      blocking: false,
      source: phrase('source_robots_txt', { reason: decision.reason }),
      detail: made,
    },
  ];
}
