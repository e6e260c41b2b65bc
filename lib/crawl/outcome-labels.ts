/**
 * Words for a URL's outcome, as the popup, the report and the command line
 * show it. The codes stay the data (JSON, CSV, filters); these are how they read.
 */
import type { PlainMessageKey } from '../i18n/catalog.ts';
import type { Translator } from '../i18n/translator.ts';
import type { LinkStatus } from './types.ts';

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
