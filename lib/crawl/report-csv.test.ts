import { describe, expect, it } from 'vitest';
import { asWritten } from '../i18n/phrase.ts';
import { english } from '../../components/english.ts';
import type { CrawlReport } from './report.ts';
import { brokenLinksCsv, csvCell } from './report-csv.ts';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['=HYPERLINK("http://evil.test","click")', `"'=HYPERLINK(""http://evil.test"",""click"")"`],
    ['+cmd|" /C calc"!A0', `"'+cmd|"" /C calc""!A0"`],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', '⟨U+000D⟩=1+1'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['<script>alert(1)</script>', '<script>alert(1)</script>'],
    ['\u202Etxt.exe', '⟨U+202E⟩txt.exe'],
    ['\u001B[2Jclear', '⟨U+001B⟩[2Jclear'],
    ['\u001B]8;;https://evil.test/\u001B\\x', '⟨U+001B⟩]8;;https://evil.test/⟨U+001B⟩\\x'],
    ['a\u009B2Jb', 'a⟨U+009B⟩2Jb'],
    ['=1\u001B[31m', "'=1⟨U+001B⟩[31m"],
    ['mid=formula', 'mid=formula'],
  ])('%j → %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('leaves numbers and empty values alone', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(404)).toBe('404');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });
});

describe('brokenLinksCsv', () => {
  it('keeps page data as it is, except that no cell can start a formula or drive a terminal', () => {
    const report = {
      broken: [
        {
          url: 'https://site.example/gone',
          status: 404,
          reason: asWritten('HTTP 404'),
          kind: 'http-4xx',
          internal: true,
          linkCount: 2,
          foundOn: [
            {
              page: 'https://site.example/',
              element: 'a',
              attribute: 'href',
              text: '=IMPORTXML("http://evil.test", "//a")',
              line: 3,
              raw: '/gone',
            },
            {
              page: 'https://site.example/a',
              element: 'a',
              attribute: 'href',
              text: '"><svg onload=alert(1)> \u202Egnp.exe',
              raw: '/gone',
            },
          ],
        },
      ],
    } as unknown as CrawlReport;
    expect(brokenLinksCsv(report, english).split('\r\n')).toEqual([
      'url,status,kind,reason,page,element,attribute,text,line',
      `https://site.example/gone,404,http-4xx,HTTP 404,https://site.example/,a,href,"'=IMPORTXML(""http://evil.test"", ""//a"")",3`,
      `https://site.example/gone,404,http-4xx,HTTP 404,https://site.example/a,a,href,"""><svg onload=alert(1)> ⟨U+202E⟩gnp.exe",`,
      '',
    ]);
  });
});
