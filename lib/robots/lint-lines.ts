/**
 * Line-by-line checks: what each line says, and whether every robot reads it
 * the way its author meant.
 */
import { phrase } from '../i18n/phrase.ts';
import { finding, type RobotsFinding } from './finding.ts';
import { lintOtherField } from './lint-fields.ts';
import { readKey } from './keys.ts';
import { ROBOTS_MAX_LINE_BYTES } from './limits.ts';
import { indexHtmlDirectory } from './matcher.ts';
import type { RobotsLine } from './tokenize.ts';
import { groupToken } from './user-agent.ts';

const BOM = '\uFEFF';
/** Crawl-delay above this many seconds throttles a site to a crawl of a few hundred pages a day. */
const MAX_SENSIBLE_CRAWL_DELAY_S = 60;

/** Findings for one line; `inGroup` says whether a `User-agent` line came before it. */
export function lintLine(line: RobotsLine, inGroup: boolean): RobotsFinding[] {
  return [...lintShape(line), ...lintByKind(line, inGroup)];
}

/** BOM, cut lines, colons, spellings: how the line is written. */
function lintShape(line: RobotsLine): RobotsFinding[] {
  const out: RobotsFinding[] = [];
  if (line.text.includes(BOM)) {
    out.push(finding(line.line, 'error', 'bom-mid-file', phrase('finding_bom_mid_file')));
  }
  if (line.truncated) {
    out.push(
      finding(
        line.line,
        'error',
        'line-truncated',
        phrase('finding_line_truncated', { bytes: line.byteLength, limit: ROBOTS_MAX_LINE_BYTES }),
      ),
    );
  }
  if (line.separator === 'whitespace') {
    out.push(
      finding(
        line.line,
        'warning',
        'missing-colon',
        phrase('finding_missing_colon', { key: line.key, value: line.value }),
      ),
    );
  }
  if (line.spelling === 'variant') {
    const name = canonicalName(line.kind);
    out.push(
      finding(
        line.line,
        'warning',
        'field-typo',
        phrase('finding_field_typo', { key: line.key, name }),
      ),
    );
  }
  return out;
}

function lintByKind(line: RobotsLine, inGroup: boolean): RobotsFinding[] {
  switch (line.kind) {
    case 'blank':
    case 'comment':
      return [];
    case 'invalid':
      return [lintInvalid(line)];
    case 'user-agent':
      return lintUserAgent(line);
    case 'allow':
    case 'disallow':
      return inGroup
        ? lintRule(line)
        : [
            finding(
              line.line,
              'error',
              'rule-before-user-agent',
              phrase('finding_rule_before_user_agent', { key: line.key }),
            ),
          ];
    case 'sitemap':
      return lintSitemap(line);
    case 'other':
      return line.key.toLowerCase() === 'crawl-delay' ? lintCrawlDelay(line) : lintOtherField(line);
    default:
      return line.kind satisfies never;
  }
}

function lintInvalid(line: RobotsLine): RobotsFinding {
  const words =
    line.text
      .split('#')[0]
      ?.trim()
      .split(/[ \t]+/) ?? [];
  const key = readKey(words[0] ?? '').name;
  if ((key === 'allow' || key === 'disallow') && words.length > 2) {
    return finding(line.line, 'error', 'multiple-paths', phrase('finding_multiple_paths_line'));
  }
  return finding(line.line, 'error', 'unparsable-line', phrase('finding_unparsable_line'));
}

function lintUserAgent(line: RobotsLine): RobotsFinding[] {
  const token = groupToken(line.value);
  if (token === '') {
    return [
      finding(
        line.line,
        'error',
        'user-agent-names-no-robot',
        phrase('finding_user_agent_names_no_robot', { value: line.value }),
      ),
    ];
  }
  if (token !== '*' && token !== line.value.toLowerCase()) {
    return [
      finding(
        line.line,
        'warning',
        'user-agent-not-token',
        phrase('finding_user_agent_not_token', { value: line.value, token }),
      ),
    ];
  }
  if (token === '*' && line.value !== '*') {
    return [
      finding(
        line.line,
        'warning',
        'user-agent-not-token',
        phrase('finding_user_agent_not_star', { value: line.value }),
      ),
    ];
  }
  return [];
}

function lintRule(line: RobotsLine): RobotsFinding[] {
  const path = line.value;
  if (path === '') return [];
  const out: RobotsFinding[] = [];
  if (/[ \t]\S*[/*]/.test(path)) {
    out.push(
      finding(line.line, 'error', 'multiple-paths', phrase('finding_multiple_paths', { path })),
    );
  }
  if (!path.startsWith('/') && !path.startsWith('*')) {
    out.push(
      finding(
        line.line,
        'error',
        'path-not-absolute',
        phrase('finding_path_not_absolute', { path }),
      ),
    );
  }
  if (/[*$]/.test(path)) {
    out.push(finding(line.line, 'info', 'wildcard', phrase('finding_wildcard', { path })));
  }
  if (line.kind === 'disallow' && isBarePrefix(path)) {
    out.push(finding(line.line, 'info', 'prefix-match', phrase('finding_prefix_match', { path })));
  }
  const directory = line.kind === 'allow' ? indexHtmlDirectory(path) : null;
  if (directory !== null) {
    out.push(
      finding(
        line.line,
        'info',
        'index-html-directory',
        phrase('finding_index_html_directory', { path, directory }),
      ),
    );
  }
  return out;
}

/** `/tmp`: no trailing `/`, no `$`, no wildcard, last segment without an extension. */
function isBarePrefix(path: string): boolean {
  if (path === '/' || /[/$*?]$/.test(path)) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last !== '' && !last.includes('.');
}

function lintSitemap(line: RobotsLine): RobotsFinding[] {
  const value = line.value;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) {
    try {
      const url = new URL(value);
      if (url.protocol === 'http:' || url.protocol === 'https:') return [];
    } catch {
      // fall through: malformed
    }
    return [
      finding(line.line, 'error', 'sitemap-invalid', phrase('finding_sitemap_invalid', { value })),
    ];
  }
  return [
    finding(line.line, 'error', 'sitemap-relative', phrase('finding_sitemap_relative', { value })),
  ];
}

function lintCrawlDelay(line: RobotsLine): RobotsFinding[] {
  const ignored = finding(
    line.line,
    'info',
    'crawl-delay-ignored',
    phrase('finding_crawl_delay_ignored'),
  );
  if (!/^(?:\d+(?:\.\d+)?|\.\d+)$/.test(line.value)) {
    return [
      ignored,
      finding(
        line.line,
        'error',
        'crawl-delay-invalid',
        phrase('finding_crawl_delay_invalid', { value: line.value }),
      ),
    ];
  }
  const seconds = Number(line.value);
  if (seconds > MAX_SENSIBLE_CRAWL_DELAY_S) {
    const pagesPerDay = Math.floor(86_400 / seconds);
    return [
      ignored,
      finding(
        line.line,
        'warning',
        'crawl-delay-too-large',
        phrase('finding_crawl_delay_too_large', { value: line.value, pages: pagesPerDay }),
      ),
    ];
  }
  return [ignored];
}

function canonicalName(kind: RobotsLine['kind']): string {
  switch (kind) {
    case 'user-agent':
      return 'User-agent';
    case 'allow':
      return 'Allow';
    case 'disallow':
      return 'Disallow';
    case 'sitemap':
      return 'Sitemap';
    default:
      return kind;
  }
}
