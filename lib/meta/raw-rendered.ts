/**
 * What scripts changed: the page's facts as the server sent them (raw HTML,
 * read by `extractPageFacts`) against the same page as the browser rendered
 * it (the live DOM). Robots read the served HTML first and may render it
 * later or never, so a robots META, canonical or title that only one of the
 * two has can mean something else to a robot than to the page's author.
 *
 * Compared for one robot: only the robots META tags that apply to it
 * (lib/meta/robot-names.ts), by the rules they set (robots-rules.ts), so
 * `noindex` in `robots` and in `googlebot` count the same for Googlebot.
 * Canonicals compare by the resource they name (url-compare.ts), so a
 * relative and an absolute href of the same URL are no difference.
 */
import { canonicalLinks } from './canonical-findings.ts';
import { parseDirectives } from './directives.ts';
import type { PageFacts } from './page-facts.ts';
import { robotsMetas } from './page-findings.ts';
import { isRobotsMetaName } from './robot-names.ts';
import { mergeRules, NO_RULES, rulesOf, type RobotsRules } from './robots-rules.ts';
import { metaSource } from './tag-source.ts';
import { documentBase, resolveUrl, resourceKey } from './url-compare.ts';

export type RawRenderedKind =
  | 'noindex-removed'
  | 'noindex-added'
  | 'nofollow-removed'
  | 'nofollow-added'
  /** Other robots directives (nosnippet, max-snippet, …) differ; noindex and nofollow agree. */
  | 'robots-changed'
  | 'canonical-added'
  | 'canonical-removed'
  | 'canonical-changed'
  | 'title-added'
  | 'title-removed'
  | 'title-changed';

export interface RawRenderedDifference {
  kind: RawRenderedKind;
  /**
   * What the served HTML has, as display text: the robots META tags for the
   * robot as written, the resolved canonical, the title. Null when absent.
   */
  raw: string | null;
  /** The same, in the rendered page. */
  rendered: string | null;
}

export function compareRawRendered(
  raw: PageFacts,
  rendered: PageFacts,
  robot: string,
): RawRenderedDifference[] {
  return [
    ...robotsDifferences(raw, rendered, robot),
    ...canonicalDifferences(raw, rendered),
    ...titleDifferences(raw, rendered),
  ];
}

/**
 * The part of the served page the comparison reads (robots META tags,
 * canonical links, title, base), so what is kept per tab stays small: the
 * rest of the served page is never looked at.
 */
export function comparedFacts(raw: PageFacts): PageFacts {
  return {
    url: raw.url,
    ...(raw.baseHref === undefined ? {} : { baseHref: raw.baseHref }),
    title: raw.title,
    metas: raw.metas.filter((meta) => isRobotsMetaName(meta.name)),
    links: canonicalLinks(raw),
    refresh: [],
    anchorCount: 0,
    nofollowAnchorCount: 0,
  };
}

function robotsDifferences(
  raw: PageFacts,
  rendered: PageFacts,
  robot: string,
): RawRenderedDifference[] {
  const before = robotsRules(raw, robot);
  const after = robotsRules(rendered, robot);
  const values = { raw: robotsText(raw, robot), rendered: robotsText(rendered, robot) };
  const differences: RawRenderedDifference[] = [];
  if (before.noindex !== after.noindex)
    differences.push({ kind: before.noindex ? 'noindex-removed' : 'noindex-added', ...values });
  if (before.nofollow !== after.nofollow)
    differences.push({ kind: before.nofollow ? 'nofollow-removed' : 'nofollow-added', ...values });
  if (differences.length === 0 && !sameRules(before, after))
    differences.push({ kind: 'robots-changed', ...values });
  return differences;
}

/** The combined rules of every robots META that applies to the robot. */
function robotsRules(page: PageFacts, robot: string): RobotsRules {
  return robotsMetas(page, robot)
    .map((meta) => rulesOf(parseDirectives(meta.content).directives))
    .reduce(mergeRules, { ...NO_RULES });
}

function sameRules(a: RobotsRules, b: RobotsRules): boolean {
  return (Object.keys(a) as (keyof RobotsRules)[]).every((key) => a[key] === b[key]);
}

function robotsText(page: PageFacts, robot: string): string | null {
  const metas = robotsMetas(page, robot);
  return metas.length === 0 ? null : metas.map(metaSource).join(' ');
}

function canonicalDifferences(raw: PageFacts, rendered: PageFacts): RawRenderedDifference[] {
  const before = canonicalOf(raw);
  const after = canonicalOf(rendered);
  if (before === null && after === null) return [];
  const values = { raw: before?.url ?? null, rendered: after?.url ?? null };
  if (before === null) return [{ kind: 'canonical-added', ...values }];
  if (after === null) return [{ kind: 'canonical-removed', ...values }];
  return before.key === after.key ? [] : [{ kind: 'canonical-changed', ...values }];
}

/** The first canonical, resolved (as written when it does not resolve), and its comparable key. */
function canonicalOf(page: PageFacts): { url: string; key: string } | null {
  const link = canonicalLinks(page)[0];
  if (link === undefined) return null;
  const url = resolveUrl(link.href, documentBase(page.url, page.baseHref)) ?? link.href.trim();
  return { url, key: resourceKey(url) };
}

function titleDifferences(raw: PageFacts, rendered: PageFacts): RawRenderedDifference[] {
  const values = { raw: raw.title, rendered: rendered.title };
  if (raw.title === rendered.title) return [];
  if (raw.title === null) return [{ kind: 'title-added', ...values }];
  if (rendered.title === null) return [{ kind: 'title-removed', ...values }];
  return [{ kind: 'title-changed', ...values }];
}
