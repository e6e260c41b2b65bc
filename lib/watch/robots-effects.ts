/**
 * What a robots.txt change does to the site's crawled pages: each page is
 * decided once by the old file and once by the new one (for one robot), and
 * the pages whose answer flipped are counted under the new file's line that
 * decides them — "line 3 now blocks 2 crawled pages for googlebot". Line
 * null: no line decides (a status that blocks the whole site, or no rule
 * matches any more).
 */
import { toBytes } from '../robots/bytes.ts';
import { parseRobotsFetch } from '../robots/decide-fetch.ts';
import { robotsPolicyFor } from '../robots/policy.ts';
import type { RobotsFetch } from '../robots/types.ts';
import type { CrawlSnapshot, RobotsLineEffect } from './types.ts';

/** Pages named per effect, for showing. */
export const MAX_EFFECT_EXAMPLES = 5;

type SnapshotRobots = CrawlSnapshot['robots'][number];

/**
 * The fetch a snapshot's robots.txt stands for: its status and text (RFC
 * 9309's table decides the rest). Make one per file and reuse it: the
 * parse is remembered per fetch object.
 */
export function robotsFetchOf(
  robots: Pick<SnapshotRobots, 'url' | 'status' | 'text'>,
): RobotsFetch {
  return {
    url: robots.url,
    status: robots.status,
    redirects: [],
    ...(robots.text === null ? {} : { body: toBytes(robots.text) }),
    fetchedAtMs: 0,
  };
}

/** What a file decides for one URL: allowed, and the deciding line (null: none, or the status decided). */
export type RobotsDecider = (url: string) => {
  allowed: boolean;
  line: number | null;
  rule: string | null;
};

/**
 * decideFromFetch for many URLs: the status policy is read once, and
 * Google's-parser-alone answers are not asked for (a comparison reports
 * RobotLens's answer; asking doubles the cost for 100,000 pages).
 */
export function robotsDecider(
  robots: Pick<SnapshotRobots, 'url' | 'status' | 'text'>,
  robot: string,
): RobotsDecider {
  const fetch = robotsFetchOf(robots);
  const { policy } = robotsPolicyFor(fetch);
  if (policy !== 'rules') {
    const whole = { allowed: policy === 'allow-all', line: null, rule: null };
    return () => whole;
  }
  const parsed = parseRobotsFetch(fetch);
  return (url) => parsed.decide(url, robot, { otherAnswers: false });
}

/** The effects of `before` → `now` on `urls` (one origin's crawled pages), by line, line null first. */
export function robotsEffects(
  before: SnapshotRobots,
  now: SnapshotRobots,
  urls: Iterable<string>,
  robot: string,
): RobotsLineEffect[] {
  const decideBefore = robotsDecider(before, robot);
  const decideNow = robotsDecider(now, robot);
  const byLine = new Map<number | null, RobotsLineEffect>();
  for (const url of [...new Set(urls)].sort()) {
    const was = decideBefore(url).allowed;
    const decision = decideNow(url);
    if (was === decision.allowed) continue;
    const effect = effectFor(byLine, decision, robot);
    if (decision.allowed) effect.nowAllowed++;
    else effect.nowBlocked++;
    if (effect.examples.length < MAX_EFFECT_EXAMPLES) effect.examples.push(url);
  }
  return [...byLine.values()].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

function effectFor(
  byLine: Map<number | null, RobotsLineEffect>,
  decision: ReturnType<RobotsDecider>,
  robot: string,
): RobotsLineEffect {
  let effect = byLine.get(decision.line);
  if (!effect) {
    effect = {
      robot,
      line: decision.line,
      text: decision.line === null ? null : decision.rule,
      nowBlocked: 0,
      nowAllowed: 0,
      examples: [],
    };
    byLine.set(decision.line, effect);
  }
  return effect;
}
