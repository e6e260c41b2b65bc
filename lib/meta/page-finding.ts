/**
 * A problem found in what a page (or its X-Robots-Tag header) says about
 * itself. Never blocking on its own: the verdict decides what blocks.
 */
import type { Phrase } from '../i18n/phrase.ts';
import type { DirectiveList, DirectiveProblemKind } from './directives.ts';

export type PageFindingKind =
  | 'robots-meta-outside-head'
  | 'directive-conflict'
  | 'directive-repeat'
  | 'directive-unknown'
  | 'directive-invalid'
  | 'directive-separator'
  | 'canonical-relative'
  | 'canonical-cross-origin'
  | 'canonical-elsewhere'
  | 'canonical-several'
  | 'canonical-outside-head'
  | 'canonical-invalid';

export interface PageFinding {
  kind: PageFindingKind;
  /** The tag or header as written, e.g. `<meta name="robots" content="index,noindex">`. */
  source: string;
  detail: Phrase;
}

export function pageFinding(kind: PageFindingKind, source: string, detail: Phrase): PageFinding {
  return { kind, source, detail };
}

/** The problems of one directive list, attributed to where it was written. */
export function directiveFindings(list: DirectiveList, source: string): PageFinding[] {
  return list.problems.map((p) => ({
    kind: findingKindOf(p.kind),
    source,
    detail: p.detail,
  }));
}

function findingKindOf(kind: DirectiveProblemKind): PageFindingKind {
  switch (kind) {
    case 'conflict':
      return 'directive-conflict';
    case 'repeat':
      return 'directive-repeat';
    case 'unknown':
      return 'directive-unknown';
    case 'invalid-value':
      return 'directive-invalid';
    case 'separator':
      return 'directive-separator';
    default:
      return kind satisfies never;
  }
}
