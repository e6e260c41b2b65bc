/**
 * Everything questionable a page says about itself, from its PageFacts:
 * robots META tags outside `<head>`, conflicting, repeated or unreadable
 * directives, and canonical problems. Used by the verdict (for one robot) and
 * by the audit (for every robot the page names).
 */
import { findCanonicalIssues } from './canonical-findings.ts';
import { parseDirectives } from './directives.ts';
import type { MetaTag, PageFacts } from './page-facts.ts';
import { directiveFindings, pageFinding, type PageFinding } from './page-finding.ts';
import { phrase } from '../i18n/phrase.ts';
import { appliesToRobot, isRobotsMetaName } from './robot-names.ts';
import { metaSource } from './tag-source.ts';

/**
 * Finds page issues. With `robot`, only robots META tags that apply to that
 * robot are checked; without it, every robots META the page has.
 */
export function findPageIssues(facts: PageFacts, robot?: string): PageFinding[] {
  const metas = robotsMetas(facts, robot);
  return [
    ...metas.filter((m) => !m.inHead).map(outsideHead),
    ...metas.flatMap((m) => directiveFindings(parseDirectives(m.content), metaSource(m))),
    ...findCanonicalIssues(facts),
  ];
}

/** Robots META tags that speak to `robot` (or, without `robot`, to any robot), in document order. */
export function robotsMetas(facts: PageFacts, robot?: string): MetaTag[] {
  return facts.metas.filter((m) =>
    robot === undefined ? isRobotsMetaName(m.name) : appliesToRobot(m.name, robot),
  );
}

function outsideHead(meta: MetaTag): PageFinding {
  return pageFinding(
    'robots-meta-outside-head',
    metaSource(meta),
    phrase('page_meta_outside_head', { name: meta.name }),
  );
}
