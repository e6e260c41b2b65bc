/**
 * Line-by-line checks: what each line says, and whether every robot reads it
 * the way its author meant.
 */
import { finding, type RobotsFinding } from './finding.ts';
import { lintOtherField } from './lint-fields.ts';
import { readKey } from './keys.ts';
import { ROBOTS_MAX_LINE_BYTES } from './limits.ts';
import { indexHtmlDirectory } from './program.ts';
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
    out.push(
      finding(
        line.line,
        'error',
        'bom-mid-file',
        'A byte order mark (U+FEFF) in the middle of the file: robots do not read this line as written. Save the file as UTF-8 without BOM.',
      ),
    );
  }
  if (line.truncated) {
    out.push(
      finding(
        line.line,
        'error',
        'line-truncated',
        `This line is ${line.byteLength} bytes long: Google reads only the first ${ROBOTS_MAX_LINE_BYTES} and ignores the rest.`,
      ),
    );
  }
  if (line.separator === 'whitespace') {
    out.push(
      finding(
        line.line,
        'warning',
        'missing-colon',
        `No colon after "${line.key}": Google reads it anyway, other robots ignore the line. Write "${line.key}: ${line.value}".`,
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
        `"${line.key}" is not spelled "${name}": Google accepts it, other robots ignore the line.`,
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
              `${line.key} comes before any User-agent line: every robot ignores it.`,
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
    return finding(
      line.line,
      'error',
      'multiple-paths',
      'Two paths on one line: robots ignore the whole line. Write one rule per line.',
    );
  }
  return finding(
    line.line,
    'error',
    'unparsable-line',
    'This line is not "field: value": robots ignore it.',
  );
}

function lintUserAgent(line: RobotsLine): RobotsFinding[] {
  const token = groupToken(line.value);
  if (token === '') {
    return [
      finding(
        line.line,
        'error',
        'user-agent-names-no-robot',
        `User-agent "${line.value}" names no robot (a name is letters, "-" and "_"): the rules of this group apply to no one.`,
      ),
    ];
  }
  if (token !== '*' && token !== line.value.toLowerCase()) {
    return [
      finding(
        line.line,
        'warning',
        'user-agent-not-token',
        `User-agent "${line.value}" is read as "${token}" by Google; write only the robot's name (other robots may not match it at all).`,
      ),
    ];
  }
  if (token === '*' && line.value !== '*') {
    return [
      finding(
        line.line,
        'warning',
        'user-agent-not-token',
        `User-agent "${line.value}" is read as "*" (all robots) by Google; write just "*".`,
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
      finding(
        line.line,
        'error',
        'multiple-paths',
        `"${path}" holds more than one path: robots read it as one path containing a space. Write one rule per line.`,
      ),
    );
  }
  if (!path.startsWith('/') && !path.startsWith('*')) {
    out.push(
      finding(
        line.line,
        'error',
        'path-not-absolute',
        `The path "${path}" does not start with "/": it matches no URL. Write "/${path}".`,
      ),
    );
  }
  if (/[*$]/.test(path)) {
    out.push(
      finding(
        line.line,
        'info',
        'wildcard',
        `"${path}" uses * or $: Google, Bing and RFC 9309 robots understand them; robots of the 1994/1996 standard read them literally.`,
      ),
    );
  }
  if (line.kind === 'disallow' && isBarePrefix(path)) {
    out.push(
      finding(
        line.line,
        'info',
        'prefix-match',
        `Disallow: ${path} also blocks ${path}.html, ${path}-old and anything else starting with "${path}"; write ${path}/ to block only the folder.`,
      ),
    );
  }
  const directory = line.kind === 'allow' ? indexHtmlDirectory(path) : null;
  if (directory !== null) {
    out.push(
      finding(
        line.line,
        'info',
        'index-html-directory',
        `Google reads "Allow: ${path}" as also allowing ${directory} (index.html is its folder); other robots do not.`,
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
      finding(
        line.line,
        'error',
        'sitemap-invalid',
        `Sitemap "${value}" is not a valid http(s) URL: robots ignore it.`,
      ),
    ];
  }
  return [
    finding(
      line.line,
      'error',
      'sitemap-relative',
      `Sitemap "${value}" is not an absolute URL: robots need the full URL, e.g. https://example.com/sitemap.xml.`,
    ),
  ];
}

function lintCrawlDelay(line: RobotsLine): RobotsFinding[] {
  const ignored = finding(
    line.line,
    'info',
    'crawl-delay-ignored',
    'Googlebot ignores Crawl-delay (set the crawl rate in Search Console); Bing and Yandex honour it.',
  );
  if (!/^(?:\d+(?:\.\d+)?|\.\d+)$/.test(line.value)) {
    return [
      ignored,
      finding(
        line.line,
        'error',
        'crawl-delay-invalid',
        `Crawl-delay "${line.value}" is not a number of seconds: robots that honour Crawl-delay ignore it.`,
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
        `Crawl-delay ${line.value} lets a robot that honours it fetch at most ${pagesPerDay} pages a day.`,
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
