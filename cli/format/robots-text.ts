/** The robots.txt audit as a readable terminal report, in the user's language. */
import { durationPhrase } from '../../lib/i18n/duration.ts';
import { SEVERITY_LABELS } from '../../lib/robots/severity-labels.ts';
import type { Translator } from '../../lib/i18n/translator.ts';
import type { FindingSeverity } from '../../lib/robots/finding.ts';
import { otherAnswerPhrase, type RobotsAudit } from '../../lib/robots/index.ts';
import { terminalSafe } from './terminal-safe.ts';

/** Files longer than this are listed by their flagged lines only. */
const FULL_LISTING_MAX_LINES = 200;

/** `file`: the local file audited (`robots --file`), which no server answered. */
export function formatRobotsText(audit: RobotsAudit, i18n: Translator, file?: string): string {
  const lines = [
    ...(file === undefined ? describeFetch(audit, i18n) : describeFile(audit, file, i18n)),
    ...describeFindings(audit, i18n),
    ...describeGroups(audit, i18n),
    ...describeTests(audit, i18n),
    ...listFile(audit, i18n),
  ];
  return `${lines.map(terminalSafe).join('\n')}\n`;
}

function describeFetch(audit: RobotsAudit, i18n: Translator): string[] {
  const { t, say } = i18n;
  const out = [`robots.txt: ${audit.url}`];
  for (const hop of audit.redirects)
    out.push(`  ${t('cli_redirect_hop', { status: String(hop.status), url: hop.url })}`);
  const status = audit.status === null ? t('no_response') : String(audit.status);
  const reason = say(audit.reason);
  out.push(`  ${t('cli_policy', { status, policy: audit.policy, reason })}`);
  if (audit.classicPolicy !== audit.policy)
    out.push(`  ${t('cli_classic', { policy: audit.classicPolicy })}`);
  const expiresInMs = audit.expiresAtMs - audit.fetchedAtMs - audit.ageMs;
  const size = {
    bytes: String(audit.bytes),
    duration: i18n.say(durationPhrase(expiresInMs, 'lifetime')),
  };
  out.push(`  ${audit.truncated ? t('cli_size_truncated', size) : t('cli_size', size)}`);
  return out;
}

/** A local file has no HTTP status and no cache lifetime: say where it was read. */
function describeFile(audit: RobotsAudit, file: string, { t }: Translator): string[] {
  return [
    `robots.txt: ${file}`,
    `  ${t('cliopt_robots_from_file', { url: audit.url })}`,
    `  ${t(audit.truncated ? 'cliopt_robots_file_size_truncated' : 'cliopt_robots_file_size', { bytes: String(audit.bytes) })}`,
  ];
}

function describeFindings(audit: RobotsAudit, { t, say }: Translator): string[] {
  if (audit.findings.length === 0) return ['', t('cli_findings_none')];
  const counts = countBy(audit.findings.map((f) => f.severity));
  const out = [
    '',
    t('cli_findings', {
      count: audit.findings.length,
      counts: Object.entries(counts)
        .map(([severity, n]) => `${n} ${t(SEVERITY_LABELS[severity as FindingSeverity])}`)
        .join(', '),
    }),
  ];
  for (const f of audit.findings) {
    const where = f.line === null ? t('cli_file') : t('line_n', { line: String(f.line) });
    out.push(`  ${where} ${t(SEVERITY_LABELS[f.severity])} ${f.code}: ${say(f.message)}`);
  }
  return out;
}

function describeGroups(audit: RobotsAudit, { t, plural }: Translator): string[] {
  const out = ['', t('cli_groups', { count: audit.groups.length })];
  for (const group of audit.groups) {
    const agents = group.userAgents.map((a) => a.value).join(', ');
    const rules = plural('robots_rules', group.rules.length);
    const values = { line: String(group.line), agents, rules };
    out.push(
      `  ${
        group.crawlDelay
          ? t('cli_group_delay', { ...values, delay: group.crawlDelay.value })
          : t('cli_group', values)
      }`,
    );
  }
  for (const sitemap of audit.sitemaps)
    out.push(`  ${t('cli_sitemap_line', { line: String(sitemap.line), url: sitemap.url })}`);
  return out;
}

function describeTests(audit: RobotsAudit, { t, say }: Translator): string[] {
  if (audit.tests.length === 0) return [];
  const out = ['', t('cli_tests')];
  const [allowed, disallowed] = [t('cli_allowed'), t('cli_disallowed')];
  const width = Math.max(allowed.length, disallowed.length);
  for (const test of audit.tests) {
    const verdict = (test.allowed ? allowed : disallowed).padEnd(width);
    const line =
      test.line !== null
        ? ` ${t('cli_by_line', { line: String(test.line), rule: test.rule ?? '' })}`
        : '';
    out.push(`  ${verdict} ${test.ua} ${test.url}${line}`);
    out.push(`  ${' '.repeat(width)} ${say(test.reason)}`);
    for (const other of test.otherAnswers ?? [])
      out.push(`  ${' '.repeat(width)} ≠ ${say(otherAnswerPhrase(other))}`);
  }
  return out;
}

function listFile(audit: RobotsAudit, { t }: Translator): string[] {
  if (audit.lines.length === 0) return [];
  const flagged = new Set(audit.findings.map((f) => f.line));
  const full = audit.lines.length <= FULL_LISTING_MAX_LINES;
  const out = ['', full ? t('cli_file_listing') : t('cli_flagged_lines')];
  const width = String(audit.lines.length).length;
  audit.lines.forEach((text, index) => {
    const number = index + 1;
    if (!full && !flagged.has(number)) return;
    out.push(`${flagged.has(number) ? '!' : ' '} ${String(number).padStart(width)}  ${text}`);
  });
  return out;
}

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
