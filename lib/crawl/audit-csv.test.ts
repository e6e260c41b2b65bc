import { describe, expect, it } from 'vitest';
import { english } from '../../components/english.ts';
import {
  AUDIT_FINDINGS,
  AUDIT_PAGES,
  HOSTILE_TITLE,
  auditReport,
} from '../../tests/support/audit-report.ts';
import { FINDING_FAMILIES } from '../audit/finding-labels.ts';
import { findingsCsv, indexabilityCsv } from './audit-csv.ts';

/** A CSV without quoted line breaks, as lines of cells (enough for these rows). */
const lines = (csv: string) => csv.trimEnd().split('\r\n');

describe('indexabilityCsv', () => {
  const csv = indexabilityCsv(auditReport(), english);
  const rows = lines(csv);

  it('has a header and one row per page, CRLF-ended', () => {
    expect(rows[0]).toBe('url,status,indexable,title,canonical,blocking,notes,reasons');
    expect(rows).toHaveLength(AUDIT_PAGES.length + 1);
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it.each([
    ['/hostile.html', `https://audit.example/hostile.html,200,true,${HOSTILE_TITLE},,,,`],
    ['/price-list.csv', 'https://audit.example/price-list.csv,200,,,,,,'],
    ['/notes.html', `https://audit.example/notes.html,200,true,'=SUM(A1:A9),,,nosnippet,`],
  ])('%s: verdict, title as data (a formula quoted)', (_path, start) => {
    expect(rows.filter((row) => row.startsWith(start))).toHaveLength(1);
  });

  it('lists blocking codes apart from notes, and every reason in words with its source', () => {
    const hidden = rows.find((row) => row.startsWith('https://audit.example/hidden.html,'))!;
    expect(hidden).toContain(',false,');
    expect(hidden).toContain(',meta-robots,nofollow,');
    expect(hidden).toContain(
      'meta-robots: A robots META says noindex. (<meta name=""robots"" content=""noindex, nofollow"">)',
    );
    const both = rows.find((row) => row.startsWith('https://audit.example/both.html,'))!;
    expect(both).toContain(',x-robots-tag meta-robots,,');
    const blocked = rows.find((row) => row.startsWith('https://audit.example/private/a.html,'))!;
    // A phrase source is worded: the robots.txt line and its rule.
    expect(blocked).toContain('robots.txt forbids fetching it. (');
    expect(blocked).toContain('Disallow: /private/');
  });
});

describe('findingsCsv', () => {
  const rows = lines(findingsCsv(AUDIT_FINDINGS, english));

  it('has one row per finding, every code present', () => {
    expect(rows[0]).toBe('code,severity,url,target,value,related,detail');
    expect(rows.slice(1).map((row) => row.split(',')[0])).toEqual(Object.keys(FINDING_FAMILIES));
  });

  it('keeps values as data and related pages in one cell', () => {
    const duplicate = rows.find((row) => row.startsWith('title-duplicate,'))!;
    expect(duplicate).toContain(`,${HOSTILE_TITLE},`);
    expect(duplicate).toContain(
      ',https://audit.example/a.html https://audit.example/b.html https://audit.example/c.html https://audit.example/d.html,',
    );
    expect(duplicate.endsWith(',What title-duplicate means.')).toBe(true);
  });

  it('quotes a value that would start a formula', () => {
    const [finding] = AUDIT_FINDINGS;
    const csv = findingsCsv([{ ...finding!, value: '=HYPERLINK("http://evil.test")' }], english);
    expect(csv).toContain(`,"'=HYPERLINK(""http://evil.test"")",`);
  });
});
