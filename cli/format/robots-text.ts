/** The robots.txt audit as a readable terminal report. */
import type { RobotsAudit } from '../../lib/robots/index.ts';
import { terminalSafe } from './terminal-safe.ts';

/** Files longer than this are listed by their flagged lines only. */
const FULL_LISTING_MAX_LINES = 200;

export function formatRobotsText(audit: RobotsAudit): string {
  const lines = [
    ...describeFetch(audit),
    ...describeFindings(audit),
    ...describeGroups(audit),
    ...describeTests(audit),
    ...listFile(audit),
  ];
  return `${lines.map(terminalSafe).join('\n')}\n`;
}

function describeFetch(audit: RobotsAudit): string[] {
  const out = [`robots.txt: ${audit.url}`];
  for (const hop of audit.redirects) out.push(`  redirect ${hop.status} from ${hop.url}`);
  out.push(`  HTTP ${audit.status ?? 'no response'} → policy ${audit.policy}: ${audit.reason}`);
  if (audit.classicPolicy !== audit.policy) {
    out.push(`  The classic 1996 draft reads it as ${audit.classicPolicy}.`);
  }
  const expiresInMs = audit.expiresAtMs - audit.fetchedAtMs - audit.ageMs;
  out.push(
    `  ${audit.bytes} bytes${audit.truncated ? ' (over 500 KiB: the rest is ignored)' : ''}; robots reuse this answer for ${formatDuration(expiresInMs)}`,
  );
  return out;
}

function describeFindings(audit: RobotsAudit): string[] {
  if (audit.findings.length === 0) return ['', 'Findings: none'];
  const counts = countBy(audit.findings.map((f) => f.severity));
  const out = [
    '',
    `Findings: ${audit.findings.length} (${Object.entries(counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')})`,
  ];
  for (const f of audit.findings) {
    out.push(
      `  ${f.line === null ? 'file' : `line ${f.line}`} ${f.severity} ${f.code}: ${f.message}`,
    );
  }
  return out;
}

function describeGroups(audit: RobotsAudit): string[] {
  const out = ['', `Groups: ${audit.groups.length}`];
  for (const group of audit.groups) {
    const agents = group.userAgents.map((a) => a.value).join(', ');
    const delay = group.crawlDelay ? `, Crawl-delay ${group.crawlDelay.value}` : '';
    out.push(`  line ${group.line}: ${agents} — ${group.rules.length} rules${delay}`);
  }
  for (const sitemap of audit.sitemaps)
    out.push(`  Sitemap (line ${sitemap.line}): ${sitemap.url}`);
  return out;
}

function describeTests(audit: RobotsAudit): string[] {
  if (audit.tests.length === 0) return [];
  const out = ['', 'Tests:'];
  for (const test of audit.tests) {
    const verdict = test.allowed ? 'ALLOWED   ' : 'DISALLOWED';
    const line = test.line !== null ? ` by line ${test.line}: ${test.rule}` : '';
    out.push(`  ${verdict} ${test.ua} ${test.url}${line}`);
    out.push(`             ${test.reason}`);
  }
  return out;
}

function listFile(audit: RobotsAudit): string[] {
  if (audit.lines.length === 0) return [];
  const flagged = new Set(audit.findings.map((f) => f.line));
  const full = audit.lines.length <= FULL_LISTING_MAX_LINES;
  const out = ['', full ? 'The file (! marks a line with findings):' : 'Flagged lines:'];
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

export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}
