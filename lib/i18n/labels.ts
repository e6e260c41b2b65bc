/**
 * Words for codes that the popup, the report and the command line all show:
 * a finding's severity, a URL's outcome. The codes stay the data (JSON, CSV,
 * filters); these are how they read.
 */
import type { LinkStatus } from '../crawl/types.ts';
import type { FindingSeverity } from '../robots/finding.ts';
import type { PlainMessageKey } from './catalog.ts';
import type { Translator } from './translator.ts';

export const SEVERITY_LABELS: Record<FindingSeverity, PlainMessageKey> = {
  error: 'severity_error',
  warning: 'severity_warning',
  info: 'severity_info',
};

export const OUTCOME_LABELS: Record<LinkStatus, PlainMessageKey> = {
  ok: 'outcome_ok',
  redirected: 'outcome_redirected',
  broken: 'outcome_broken',
  'rate-limited': 'outcome_rate_limited',
  forbidden: 'outcome_forbidden',
  blocked: 'outcome_blocked',
  skipped: 'outcome_skipped',
  unchanged: 'outcome_unchanged',
};

/** An outcome as words; a code this version does not know (a newer report) as itself. */
export function outcomeText(outcome: string, { t }: Translator): string {
  return Object.hasOwn(OUTCOME_LABELS, outcome)
    ? t(OUTCOME_LABELS[outcome as LinkStatus])
    : outcome;
}
