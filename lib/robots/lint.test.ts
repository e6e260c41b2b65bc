import { describe, expect, it } from 'vitest';
import { withText } from '../i18n/with-text.ts';
import { english } from '../../components/english.ts';
import type { RobotsFindingCode } from './finding.ts';
import { lintRobotsTxt as lintRobotsTxtOf } from './lint.ts';

/** What the function answers, worded as JSON and the tests read it: English, each phrase beside it. */
const lintRobotsTxt = (...args: Parameters<typeof lintRobotsTxtOf>) =>
  withText(lintRobotsTxtOf(...args), english);

const URL = 'https://e.com/robots.txt';
const lint = (
  text: string | Uint8Array,
  options: { contentType?: string; byteLength?: number } = {},
) => lintRobotsTxt(text, { url: URL, ...options });
const codes = (text: string) => lint(text).map((f) => [f.code, f.line]);

describe('lintRobotsTxt: valid files', () => {
  it.each([
    [
      'a typical file',
      [
        '# robots.txt for e.com',
        'User-agent: *',
        'Disallow: /private/',
        'Allow: /private/public/',
        'Disallow: /search?',
        '',
        'User-agent: Googlebot',
        'User-agent: bingbot',
        // A robot's own group must repeat the * rules it should obey (group-unblocks).
        'Disallow: /private/',
        'Disallow: /search?',
        'Disallow: /tmp/',
        'Disallow:',
        '',
        'Sitemap: https://e.com/sitemap.xml',
      ].join('\r\n'),
    ],
    ['an allow-all file', 'User-agent: *\nDisallow:\n'],
    [
      'file paths and a BOM at the start',
      '\uFEFFUser-agent: *\nDisallow: /a/file.html\nDisallow: /cgi-bin/\n',
    ],
  ])('%s has no findings', (_name, text) => {
    expect(lint(text)).toEqual([]);
  });
});

type Row = [
  code: RobotsFindingCode,
  text: string,
  line: number | null,
  severity: 'error' | 'warning' | 'info',
];

const rows: Row[] = [
  ['empty-file', '', null, 'info'],
  ['empty-file', '# only a comment\n\n', null, 'info'],
  ['bom-mid-file', 'User-agent: *\n\uFEFFDisallow: /a/\n', 2, 'error'],
  ['line-truncated', `User-agent: *\nDisallow: /${'a'.repeat(17_000)}\n`, 2, 'error'],
  ['missing-colon', 'User-agent: *\nDisallow /a/\n', 2, 'warning'],
  ['unparsable-line', 'User-agent: *\nthis is not a rule\n', 2, 'error'],
  ['multiple-paths', 'User-agent: *\nDisallow: /a/ /b/\n', 2, 'error'],
  ['multiple-paths', 'User-agent: *\nDisallow /a/ /b/\n', 2, 'error'],
  ['field-typo', 'User-agent: *\nDisalow: /a/\n', 2, 'warning'],
  ['field-typo', 'Useragent: *\nDisallow: /a/\n', 1, 'warning'],
  ['unknown-field-typo', 'User-agent: *\nDisallwo: /a/\n', 2, 'error'],
  ['unknown-field-typo', 'User-agnet: *\nDisallow: /a/\n', 1, 'error'],
  ['unsupported-field', 'User-agent: *\nNoindex: /a/\n', 2, 'warning'],
  ['unsupported-field', 'Host: e.com\n', 1, 'warning'],
  ['unsupported-field', 'User-agent: *\nClean-param: ref /a/\n', 2, 'warning'],
  ['unknown-field', 'User-agent: *\nContent-Signal: search=yes\n', 2, 'info'],
  ['crawl-delay-ignored', 'User-agent: *\nCrawl-delay: 5\n', 2, 'info'],
  ['crawl-delay-invalid', 'User-agent: *\nCrawl-delay: five\n', 2, 'error'],
  ['crawl-delay-too-large', 'User-agent: *\nCrawl-delay: 3600\n', 2, 'warning'],
  ['sitemap-relative', 'Sitemap: /sitemap.xml\n', 1, 'error'],
  ['sitemap-invalid', 'Sitemap: ftp://e.com/s.xml\n', 1, 'error'],
  ['sitemap-invalid', 'Sitemap: https://\n', 1, 'error'],
  ['user-agent-not-token', 'User-agent: Googlebot/2.1\nDisallow: /a/\n', 1, 'warning'],
  ['user-agent-not-token', 'User-agent: * everyone\nDisallow: /a/\n', 1, 'warning'],
  ['user-agent-names-no-robot', 'User-agent: /bot\nDisallow: /a/\n', 1, 'error'],
  ['rule-before-user-agent', 'Disallow: /a/\nUser-agent: *\nDisallow: /b/\n', 1, 'error'],
  [
    'groups-merged',
    'User-agent: a\nDisallow: /x/\nUser-agent: b\nDisallow: /y/\nUser-agent: A\nDisallow: /z/\n',
    5,
    'warning',
  ],
  ['group-without-rules', 'User-agent: *\nDisallow: /x/\nUser-agent: a\n', 3, 'warning'],
  ['site-closed', 'User-agent: *\nDisallow: /\n', 2, 'warning'],
  ['path-not-absolute', 'User-agent: *\nDisallow: private/\n', 2, 'error'],
  ['wildcard', 'User-agent: *\nDisallow: /*.pdf$\n', 2, 'info'],
  ['prefix-match', 'User-agent: *\nDisallow: /tmp\n', 2, 'info'],
  ['index-html-directory', 'User-agent: *\nAllow: /a/index.html\n', 2, 'info'],
  [
    'group-unblocks',
    'User-agent: *\nDisallow: /admin/\n\nUser-agent: Googlebot\nCrawl-delay: 5\n',
    4,
    'warning',
  ],
  ['costly-rule', 'User-agent: *\nDisallow: /*a*b*c*d*e\n', 2, 'warning'],
];

describe('lintRobotsTxt: one row per finding code', () => {
  it.each(rows)('%s: %j', (code, text, line, severity) => {
    const found = lint(text).filter((f) => f.code === code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ line, severity });
    expect(found[0]?.message).toMatch(/^["A-Za-z].+[.)]$/);
  });

  it('covers every finding code', () => {
    // A Record over the union: the compiler fails this file when a code is added and not listed.
    const all: Record<RobotsFindingCode, true> = {
      'empty-file': true,
      'file-too-large': true,
      'html-served': true,
      'not-text': true,
      'bom-mid-file': true,
      'line-truncated': true,
      'missing-colon': true,
      'unparsable-line': true,
      'field-typo': true,
      'unknown-field-typo': true,
      'unsupported-field': true,
      'unknown-field': true,
      'crawl-delay-ignored': true,
      'crawl-delay-invalid': true,
      'crawl-delay-too-large': true,
      'sitemap-relative': true,
      'sitemap-invalid': true,
      'user-agent-not-token': true,
      'user-agent-names-no-robot': true,
      'rule-before-user-agent': true,
      'groups-merged': true,
      'group-without-rules': true,
      'site-closed': true,
      'multiple-paths': true,
      'path-not-absolute': true,
      wildcard: true,
      'prefix-match': true,
      'index-html-directory': true,
      'group-unblocks': true,
      'costly-rule': true,
    };
    const covered = new Set<string>([
      ...rows.map(([code]) => code),
      'html-served',
      'not-text',
      'file-too-large',
    ]);
    expect([...covered].sort()).toEqual(Object.keys(all).sort());
  });

  it('not-text: an image, or binary bytes, says no rules were found in it', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const [found] = lint(png, { contentType: 'image/png' }).filter((f) => f.code === 'not-text');
    expect(found).toMatchObject({ severity: 'error', line: null });
    expect(found?.message).toMatch(/served as image\/png.*crawl everything/);
    const typed = lint('User-agent: *\nDisallow: /x', { contentType: 'application/octet-stream' });
    expect(typed.find((f) => f.code === 'not-text')?.message).not.toMatch(/crawl everything/);
    expect(lint('User-agent: *', { contentType: 'text/plain' }).map((f) => f.code)).not.toContain(
      'not-text',
    );
  });

  it('html-served: by content type or by body', () => {
    const body = new TextEncoder().encode('<!doctype html><html></html>');
    expect(lint(body).map((f) => f.code)).toContain('html-served');
    expect(lint('x', { contentType: 'text/html' }).map((f) => f.code)).toContain('html-served');
  });

  it('file-too-large: over 500 KiB', () => {
    expect(lint('User-agent: *\nDisallow: /a/\n', { byteLength: 600_000 })).toEqual([
      expect.objectContaining({ code: 'file-too-large', line: null, severity: 'warning' }),
    ]);
  });

  it('reports file-level findings first, then by line', () => {
    expect(codes('Disallow: /a/\nUser-agent: *\nDisallow /tmp\n')).toEqual([
      ['rule-before-user-agent', 1],
      ['missing-colon', 3],
      ['prefix-match', 3],
    ]);
  });

  it('group-unblocks names the * rule the robot escapes, with both lines', () => {
    const [found] = lint(
      'User-agent: *\nDisallow: /admin/\nDisallow: /tmp/\n\nUser-agent: Googlebot\nDisallow: /admin/\n',
    ).filter((f) => f.code === 'group-unblocks');
    expect(found).toMatchObject({ line: 5 });
    expect(found?.message).toContain('Disallow: /tmp/ (line 3)');
  });

  it('group-unblocks stays quiet when the robot repeats the * rules, or its group merges with *', () => {
    const repeated =
      'User-agent: *\nDisallow: /a/\nUser-agent: Googlebot\nDisallow: /a/\nAllow: /b/\n';
    // No rule between them: one group for both (Google, RFC 9309), so Googlebot obeys /a/.
    const merged = 'User-agent: Googlebot\nCrawl-delay: 5\nUser-agent: *\nDisallow: /a/\n';
    for (const text of [repeated, merged])
      expect(lint(text).map((f) => f.code)).not.toContain('group-unblocks');
  });

  it('costly-rule: many stars, or a long wildcard rule; plain rules and a few stars pass', () => {
    expect(codes(`User-agent: *\nDisallow: /*${'x'.repeat(600)}\n`)).toContainEqual([
      'costly-rule',
      2,
    ]);
    expect(
      lint('User-agent: *\nDisallow: /*?*sort=*\nDisallow: /a/b/c\n').map((f) => f.code),
    ).not.toContain('costly-rule');
  });
});
