/**
 * The robots.txt side of the verdict. robots.txt decides whether a URL may be
 * *fetched*, not whether it may be indexed: a disallowed URL can still appear
 * in results, without its content, when other pages link to it (Google's
 * documented behaviour). RobotLens reports such a URL as not indexable, since
 * its content cannot be, and says why.
 */
import type { RobotsDecision } from '../robots/types.ts';
import { robotLabel } from './robot-label.ts';
import type { Reason } from './types.ts';

export function robotsTxtReasons(decision: RobotsDecision | null, ua: string): Reason[] {
  if (decision === null || decision.allowed) return [];
  return [blockedReason(decision, ua), ...unreachableReasons(decision)];
}

function blockedReason(decision: RobotsDecision, ua: string): Reason {
  const robot = robotLabel(ua);
  const group = decision.group === null ? '' : ` (group "User-agent: ${decision.group}")`;
  const why =
    decision.policy === 'disallow-all'
      ? `robots.txt could not be read (${decision.reason}), so ${robot} may fetch nothing on this site for now. `
      : `robots.txt stops ${robot} from fetching this URL${group}: ${decision.reason}. `;
  return {
    code: 'robots-txt',
    blocking: true,
    source: robotsTxtSource(decision),
    detail:
      why +
      'Its content cannot be indexed. The bare URL may still show up in results, without a description, if other pages link to it: ' +
      'robots.txt is not the way to keep a page out of search results (allow crawling and use noindex for that).',
  };
}

/** `robots.txt line 4: Disallow: /private`, or the reason when no rule decided. */
export function robotsTxtSource(decision: RobotsDecision): string {
  return decision.line !== null && decision.rule !== null
    ? `robots.txt line ${decision.line}: ${decision.rule}`
    : `robots.txt: ${decision.reason}`;
}

/**
 * A robots.txt that answered 5xx or not at all makes robots assume "disallow
 * everything" for now (RFC 9309 §2.3.1.4): a temporary state worth its own note.
 */
function unreachableReasons(decision: RobotsDecision): Reason[] {
  if (decision.policy !== 'disallow-all') return [];
  return [
    {
      code: 'robots-txt-unreachable',
      blocking: false,
      source: `robots.txt: ${decision.reason}`,
      detail:
        'robots.txt could not be read, so robots treat the whole site as disallowed for now and try again later. ' +
        'Once robots.txt answers (200, or 404 for "no rules"), crawling resumes.',
    },
  ];
}
