/**
 * The CI outputs of a crawl (JUnit, SARIF, Markdown) from hand-made
 * reports: valid against their published schemas whatever the page data
 * (control characters, `]]>`, `<`, quotes in anchor texts), a case or
 * result for exactly each broken link and page carrying it, with the line,
 * and a clean crawl still shows a passing case.
 */
import { describe, expect, it } from 'vitest';
import type { CrawlReport } from '../../lib/crawl/report.ts';
import { reportSections } from '../../lib/crawl/report-sections.ts';
import { asWritten } from '../../lib/i18n/phrase.ts';
import type { CrawlChanges } from '../../lib/watch/types.ts';
import { junitSchemaErrors, sarifSchemaErrors } from '../../tests/support/ci-schemas.ts';
import { at, broken, noChanges } from '../../tests/support/watch-snapshots.ts';
import { cliTranslator } from '../i18n.ts';
import { crawlJunit } from './crawl-junit.ts';
import { crawlMarkdown } from './crawl-markdown.ts';
import { crawlSarif, type SarifResult } from './crawl-sarif.ts';
import { markdownText } from './markdown-text.ts';
import { xmlAttribute, xmlText } from './xml-text.ts';

const english = cliTranslator('en');
const HOSTILE = 'Tab\there\u0000\u001b[31m ]]> <b>x</b> "q" \'a\' & |pipe| *em* [l](j:x) \ud800';

type Broken = CrawlReport['broken'][number];

function brokenRow(path: string, pages: { page: string; text: string; line?: number }[]): Broken {
  return {
    url: at(path),
    status: 404,
    reason: asWritten('404'),
    kind: 'http-404',
    internal: true,
    linkCount: pages.length,
    pageCount: pages.length,
    foundOn: pages.map((p) => ({ ...p, element: 'a', attribute: 'href', raw: path })),
    pages: pages.map(({ page, ...link }) => ({
      page,
      linkCount: 1,
      links: [{ ...link, element: 'a', attribute: 'href', raw: path }],
    })),
  };
}

function report(rows: Broken[]): CrawlReport {
  const page = (path: string) => ({ url: at(path), status: 200 });
  return {
    startUrl: at('/'),
    pages: [page('/'), page('/a.html')],
    broken: rows,
    redirects: [],
    forbidden: [],
    rateLimited: [],
    robots: [],
    stats: { durationMs: 1234 },
  } as unknown as CrawlReport;
}

const BROKEN = report([
  brokenRow('/gone.html', [
    { page: at('/'), text: HOSTILE, line: 7 },
    { page: at('/a.html'), text: 'Gone', line: 12 },
  ]),
  brokenRow('/nowhere.html', [{ page: at('/a.html'), text: 'Nowhere' }]),
]);
const CLEAN = report([]);
const CHANGES: CrawlChanges = noChanges({
  broken: { added: [broken('/gone.html')], fixed: [broken('/fixed.html')] },
  indexability: {
    lost: [{ url: at('/news.html'), before: [], now: ['meta-robots'] }],
    regained: [],
  },
});

const outputs = (r: CrawlReport, changes: CrawlChanges | null) => {
  const sections = reportSections(r);
  return {
    junit: crawlJunit(r, sections, changes, english),
    sarif: JSON.parse(crawlSarif(r, sections, changes, english)) as {
      runs: { results: SarifResult[] }[];
    },
    markdown: crawlMarkdown(r, sections, changes, english),
  };
};

const CASES = [
  ['broken links with hostile anchor text', BROKEN, null],
  ['a clean crawl', CLEAN, null],
  ['a comparison', BROKEN, CHANGES],
] as const;

describe('CI outputs are valid against their schemas', () => {
  it.each(CASES)('%s: JUnit against junit-4 and junit-10', async (_name, r, changes) => {
    expect(await junitSchemaErrors(outputs(r, changes).junit)).toEqual([]);
  });

  it.each(CASES)('%s: SARIF against SARIF 2.1.0', (_name, r, changes) => {
    expect(sarifSchemaErrors(outputs(r, changes).sarif)).toEqual([]);
  });

  it('the validators refuse what the schemas forbid', async () => {
    const { junit, sarif } = outputs(BROKEN, null);
    // junit-4: <failure> belongs inside a <testcase>, never directly in a suite.
    const misplaced = junit.replace(
      /(<testsuite [^>]*>)/,
      '$1<failure message="x" type="y">z</failure>',
    );
    expect(await junitSchemaErrors(misplaced)).not.toEqual([]);
    const result = sarif.runs[0]!.results[0]!;
    const badLevel = {
      ...sarif,
      runs: [{ ...sarif.runs[0], results: [{ ...result, level: 'fatal' }] }],
    };
    expect(sarifSchemaErrors(badLevel)).not.toEqual([]);
    expect(sarifSchemaErrors({ ...sarif, version: '9.9' })).not.toEqual([]);
  });
});

describe('JUnit', () => {
  it('has a failing case per broken link listing every page, link line and anchor text', () => {
    const { junit } = outputs(BROKEN, null);
    expect(junit).toContain('<testsuites name="RobotLens" tests="2" failures="2" errors="0"');
    expect(junit).toContain('<testsuite name="Broken links" tests="2" failures="2"');
    const failures = [
      ...junit.matchAll(/<testcase [^>]*name="([^"]+)">\s*<failure [^>]*>([^<]*)</g),
    ];
    expect(failures.map((m) => m[1])).toEqual([at('/gone.html'), at('/nowhere.html')]);
    expect(failures[0]![2]).toContain(`${at('/')} (line 7): “Tab`);
    expect(failures[0]![2]).toContain(`${at('/a.html')} (line 12): “Gone”`);
    expect(failures[1]![2]).toBe(`${at('/a.html')}: “Nowhere”`);
  });

  it('writes hostile text as visible, escaped characters', () => {
    const { junit } = outputs(BROKEN, null);
    expect([...junit].some((char) => char < ' ' && !'\t\n\r'.includes(char))).toBe(false);
    expect(junit).toContain('\\u{0}\\u{1b}[31m ]]&gt; &lt;b&gt;x&lt;/b&gt;');
    expect(junit).not.toContain('<b>');
    expect(xmlAttribute('a"b\'c\nd')).toBe('a&quot;b&apos;c&#10;d');
    expect(xmlText('\ud800]]>')).toBe('\ufffd]]&gt;');
  });

  it('shows a passing case for a clean crawl', () => {
    const { junit } = outputs(CLEAN, null);
    expect(junit).toContain('tests="1" failures="0"');
    expect(junit).toContain(
      `<testcase classname="Broken links" name="No broken links on ${at('/')}"/>`,
    );
  });

  it('adds a Changes suite, each change for the worse a failing case', () => {
    const { junit } = outputs(BROKEN, CHANGES);
    expect(junit).toContain('<testsuite name="Changes" tests="2" failures="2"');
    expect(junit).toContain(`name="New broken link: ${at('/gone.html')}"`);
    expect(junit).toContain(
      `name="No longer indexable for googlebot: ${at('/news.html')} (meta-robots)"`,
    );
    const clean = outputs(CLEAN, noChanges()).junit;
    expect(clean).toContain('name="Nothing got worse since 2026-01-14T12:00:00Z"/>');
  });
});

describe('SARIF', () => {
  it('has one result per broken link and page carrying it, at the page and line', () => {
    const results = outputs(BROKEN, null).sarif.runs[0]!.results;
    const located = results.map((r) => [
      r.ruleId,
      r.message.text.split(' is broken')[0],
      r.locations[0]!.physicalLocation.artifactLocation.uri,
      r.locations[0]!.physicalLocation.region?.startLine ?? null,
    ]);
    expect(located).toEqual([
      ['broken-link', `Link to ${at('/gone.html')}`, at('/'), 7],
      ['broken-link', `Link to ${at('/gone.html')}`, at('/a.html'), 12],
      ['broken-link', `Link to ${at('/nowhere.html')}`, at('/a.html'), null],
    ]);
    expect(results.every((r) => r.level === 'error' && r.baselineState === undefined)).toBe(true);
    expect(outputs(CLEAN, null).sarif.runs[0]!.results).toEqual([]);
  });

  it('says which results are new since the compared crawl', () => {
    const results = outputs(BROKEN, CHANGES).sarif.runs[0]!.results;
    expect(results.map((r) => r.baselineState)).toEqual(['new', 'new', 'unchanged']);
  });
});

describe('Markdown', () => {
  it('keeps page data as text: no tag, no table cell split, no link', () => {
    const { markdown } = outputs(BROKEN, null);
    const row = markdown.split('\n').find((line) => line.includes('gone.html'))!;
    expect(row.split(/(?<!\\)\|/).length).toBe(5);
    expect(markdown).not.toContain('<b>');
    expect(markdown).not.toContain(' [l](j:x)');
    expect(markdown).toContain('\\[l\\](j:x)');
    expect(markdownText('a|b <i> *c* [d](e) `f`')).toBe(
      'a\\|b &lt;i&gt; \\*c\\* \\[d\\](e) \\`f\\`',
    );
  });

  it('starts with the counts, then the changes, then the table of broken links', () => {
    const { markdown } = outputs(BROKEN, CHANGES);
    expect(markdown).toContain('2 pages crawled · 2 broken links on the site');
    const since = markdown.indexOf('### Changes since 2026-01-14T12:00:00Z');
    expect(since).toBeGreaterThan(0);
    expect(markdown.indexOf('### Broken links')).toBeGreaterThan(since);
    expect(markdown).toContain('| URL | Status | Pages |');
    expect(outputs(CLEAN, null).markdown).toContain('No broken links.');
  });
});
