/**
 * The audit robot's view of the site, from what the crawl already holds: the
 * robots.txt answers it fetched for its own token (decided again here for
 * the audit robot — never fetched as that robot) and a page's robots
 * directives (META and X-Robots-Tag) for that robot.
 */
import type { PageFacts } from '../meta/page-facts.ts';
import { mergeRules, NO_RULES, type RobotsRules } from '../meta/robots-rules.ts';
import { fromJson, type RobotsFetchJson } from '../robots/cache.ts';
import { decideFromFetch, decideWithOpinions } from '../robots/decide-fetch.ts';
import type { RobotsDecision, RobotsFetch } from '../robots/types.ts';
import { originOf } from '../url/http-url.ts';
import { directiveSources } from '../verdict/directive-sources.ts';

export class AuditRobotsTxt {
  readonly #answers: ReadonlyMap<string, RobotsFetchJson>;
  readonly #robot: string;
  /** Decoded answers, per origin, with the JSON they came from (a later answer replaces it). */
  readonly #decoded = new Map<string, { json: RobotsFetchJson; fetch: RobotsFetch }>();

  /** `answers`: origin → robots.txt answer, the crawl book's (it may still grow). */
  constructor(answers: ReadonlyMap<string, RobotsFetchJson>, robot: string) {
    this.#answers = answers;
    this.#robot = robot;
  }

  /** May the audit robot fetch `url`? True when the crawl holds no robots.txt for its origin. */
  allows(url: string): boolean {
    const fetch = this.#fetchFor(url);
    return fetch === null || decideFromFetch(fetch, url, this.#robot).allowed;
  }

  /** The decision as the page verdict shows it; null when robots.txt was not fetched. */
  decision(url: string): RobotsDecision | null {
    const fetch = this.#fetchFor(url);
    return fetch === null ? null : decideWithOpinions(fetch, url, this.#robot);
  }

  #fetchFor(url: string): RobotsFetch | null {
    const origin = originOf(url);
    if (origin === null) return null;
    const json = this.#answers.get(origin);
    if (json === undefined) return null;
    const decoded = this.#decoded.get(origin);
    if (decoded?.json === json) return decoded.fetch;
    const fetch = fromJson(json);
    this.#decoded.set(origin, { json, fetch });
    return fetch;
  }
}

/** What the page's headers and robots METAs for `robot` say, combined (most restrictive wins). */
export function pageRulesFor(
  facts: PageFacts | null,
  xRobotsTag: readonly string[],
  robot: string,
): RobotsRules {
  return directiveSources(facts, xRobotsTag, robot).reduce<RobotsRules>(
    (merged, source) => mergeRules(merged, source.rules),
    NO_RULES,
  );
}
