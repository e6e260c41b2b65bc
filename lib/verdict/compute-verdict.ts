/**
 * The page verdict: "is this page indexable by robot X, and why?". Steps, in
 * the order a robot meets them:
 *
 *   robots.txt (may it fetch?) → HTTP (did a page answer?) →
 *   X-Robots-Tag + robots META (may it index?) → notes (canonical, refresh, …)
 *
 * The page's markup is `page`: the served HTML (command line) or the rendered
 * DOM (extension, which also passes the served HTML as `rawPage`; what
 * scripts changed becomes `raw-rendered` notes, see raw-rendered-reasons.ts).
 *
 * When robots.txt forbids fetching, the robot never sees headers or META, so
 * their noindex becomes a `noindex-unseen` note instead of a reason.
 * Blocking reasons come first, then notes; `indexable` is "no blocking reason".
 */
import type { MessageValue } from '../i18n/catalog.ts';
import { findPageIssues } from '../meta/page-findings.ts';
import type { DirectiveSource } from './directive-sources.ts';
import { directiveSources } from './directive-sources.ts';
import { directiveReasons } from './directive-reasons.ts';
import { reasonOfFinding } from './finding-reasons.ts';
import { httpStatusReasons, redirectReasons } from './http-reasons.ts';
import { metaRefreshReasons, notHtmlReasons, pageCutReasons } from './page-notes.ts';
import { pageTags } from './page-tags.ts';
import { rawRenderedReasons } from './raw-rendered-reasons.ts';
import { robotName } from './robot-label.ts';
import { robotsTxtReasons } from './robots-txt-reasons.ts';
import { summarize } from './summary.ts';
import type { Reason, Verdict } from './types.ts';
import { noindexUnseenReasons } from './unseen-reasons.ts';
import type { VerdictInput } from './verdict-input.ts';

export type { VerdictHttp, VerdictInput } from './verdict-input.ts';

export function computeVerdict(input: VerdictInput): Verdict {
  const name = robotName(input.robot);
  const reasons = blockingFirst([
    ...robotsTxtReasons(input.robots, input.robot),
    ...httpStatusReasons(input.http),
    ...redirectReasons(input.url, input.http),
    ...pageDirectiveReasons(input, name),
    ...(input.page === null ? [] : findPageIssues(input.page, input.robot).map(reasonOfFinding)),
    ...metaRefreshReasons(input.page),
    ...notHtmlReasons(input.page, input.http),
    ...pageCutReasons(input.page),
    ...rawRenderedReasons(input, name),
  ]);
  return {
    url: input.url,
    finalUrl: input.http.finalUrl,
    ua: input.robot,
    indexable: !reasons.some((r) => r.blocking),
    status: input.http.status,
    reasons,
    ...summarize(name, reasons),
    tags: pageTags(input.page, input.http.xRobotsTag, input.robot),
    ...(input.robots?.otherAnswers ? { robotsOtherAnswers: input.robots.otherAnswers } : {}),
  };
}

/** What the headers and META say — or, behind a robots.txt block, what the robot never sees. */
function pageDirectiveReasons(input: VerdictInput, name: MessageValue): Reason[] {
  const sources: DirectiveSource[] = directiveSources(
    input.page,
    input.http.xRobotsTag,
    input.robot,
  );
  return input.robots !== null && !input.robots.allowed
    ? noindexUnseenReasons(sources, name)
    : directiveReasons(sources, name, input.nowMs);
}

/** Stable: blocking reasons keep their order (robots.txt, HTTP, headers, META), then notes. */
function blockingFirst(reasons: Reason[]): Reason[] {
  return [...reasons.filter((r) => r.blocking), ...reasons.filter((r) => !r.blocking)];
}
