/**
 * Words for a finding's severity, as the popup, the report and the command
 * line show it. The codes stay the data (JSON, filters); these are how they read.
 */
import type { PlainMessageKey } from '../i18n/catalog.ts';
import type { FindingSeverity } from './finding.ts';

export const SEVERITY_LABELS: Record<FindingSeverity, PlainMessageKey> = {
  error: 'severity_error',
  warning: 'severity_warning',
  info: 'severity_info',
};
