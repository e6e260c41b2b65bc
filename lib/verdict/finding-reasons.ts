/** Page findings (lib/meta) as verdict notes: findings never block on their own. */
import type { PageFinding, PageFindingKind } from '../meta/page-finding.ts';
import type { Reason, ReasonCode } from './types.ts';

export function reasonOfFinding(finding: PageFinding): Reason {
  return {
    code: codeOf(finding.kind),
    blocking: false,
    source: finding.source,
    detail: finding.detail,
  };
}

function codeOf(kind: PageFindingKind): ReasonCode {
  switch (kind) {
    case 'robots-meta-outside-head':
      return 'meta-outside-head';
    case 'directive-conflict':
      return 'conflict';
    case 'directive-repeat':
      return 'repeat';
    case 'directive-unknown':
      return 'unknown-directive';
    case 'directive-invalid':
    case 'directive-separator':
      return 'directive-syntax';
    case 'canonical-relative':
    case 'canonical-cross-origin':
    case 'canonical-elsewhere':
    case 'canonical-several':
    case 'canonical-outside-head':
    case 'canonical-invalid':
      return 'canonical';
    default:
      return kind satisfies never;
  }
}
