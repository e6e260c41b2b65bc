/**
 * Where robots directives for one robot come from: the robots META tags that
 * name it (or all robots), and the X-Robots-Tag entries unprefixed or
 * prefixed with its name. Each source keeps its exact text so every reason
 * can say which tag or header it came from.
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { parseDirectives, type DirectiveList } from '../meta/directives.ts';
import type { PageFacts } from '../meta/page-facts.ts';
import { robotsMetas } from '../meta/page-findings.ts';
import { appliesToRobot } from '../meta/robot-names.ts';
import { rulesOf, type RobotsRules } from '../meta/robots-rules.ts';
import { metaSource } from '../meta/tag-source.ts';
import { parseXRobotsTag } from '../meta/x-robots-tag.ts';

export interface DirectiveSource {
  kind: 'meta' | 'header';
  /** META name, or header robot prefix (null: unprefixed header). */
  name: string | null;
  /** Exact text, e.g. `<meta name="googlebot" content="noindex">` or `X-Robots-Tag: googlebot: noindex`. */
  source: string;
  /** How sentences name it: "The robots META tag", "The googlebot META tag", "The X-Robots-Tag header". */
  label: Phrase;
  list: DirectiveList;
  rules: RobotsRules;
}

export function directiveSources(
  page: PageFacts | null,
  xRobotsTag: readonly string[],
  robot: string,
): DirectiveSource[] {
  return [...headerSources(xRobotsTag, robot), ...metaSources(page, robot)];
}

function metaSources(page: PageFacts | null, robot: string): DirectiveSource[] {
  if (page === null) return [];
  return robotsMetas(page, robot).map((meta) => {
    const list = parseDirectives(meta.content);
    return {
      kind: 'meta',
      name: meta.name,
      source: metaSource(meta),
      label: phrase('label_meta', { name: meta.name }),
      list,
      rules: rulesOf(list.directives),
    };
  });
}

function headerSources(values: readonly string[], robot: string): DirectiveSource[] {
  return parseXRobotsTag(values)
    .filter((entry) => appliesToRobot(entry.robot, robot))
    .map((entry) => ({
      kind: 'header',
      name: entry.robot,
      source: `X-Robots-Tag: ${entry.raw}`,
      label:
        entry.robot === null
          ? phrase('label_header')
          : phrase('label_header_for', { robot: entry.robot }),
      list: entry.directives,
      rules: rulesOf(entry.directives.directives),
    }));
}
