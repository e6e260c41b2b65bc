/**
 * The conformance table: robots.txt × robot × URL → allowed, deciding line.
 * Cases are reimplemented as data from Google's reference tests
 * (robots_test.cc), Google's robots.txt documentation, RFC 9309 and the seed
 * table (docs/…/web-robots.md §4). `line` is the 1-based line of the deciding
 * rule, or null when no rule decided. Every case answers what Google's
 * parser answers (the differential test checks the table against it), but
 * for RobotLens's four readings (spelling.ts: unreserved `%xx` decoded,
 * non-ASCII URLs encoded, `/robots.txt` allowed, 500 KiB), where the case
 * says so in `source` and follows RFC 9309.
 */
import { bytesToBase64 } from '../protocol/base64.ts';

export interface ConformanceCase {
  source: string;
  robotstxt?: string;
  robotstxt_base64?: string;
  ua: string;
  url: string;
  allowed: boolean;
  line: number | null;
}

type Row = [ua: string, url: string, allowed: boolean, line: number | null];

const file = (...lines: string[]): string => lines.join('\n') + '\n';
const bytes = (...parts: (string | number[])[]): string => {
  const out: number[] = [];
  for (const part of parts)
    out.push(...(typeof part === 'string' ? new TextEncoder().encode(part) : part));
  return bytesToBase64(new Uint8Array(out));
};

const cases: ConformanceCase[] = [];

function table(source: string, robotstxt: string, rows: Row[]): void {
  for (const [ua, url, allowed, line] of rows)
    cases.push({ source, robotstxt, ua, url, allowed, line });
}

function binaryTable(source: string, robotstxt_base64: string, rows: Row[]): void {
  for (const [ua, url, allowed, line] of rows)
    cases.push({ source, robotstxt_base64, ua, url, allowed, line });
}

const G = 'google robots_test.cc';
const DOC = 'google robots.txt documentation';
const RFC = 'RFC 9309';
const SEED = 'seed table (web-robots.md §4)';
const GAP = 'robots-parser gap';
const U = 'http://foo.bar';

// --- Google: system test, line syntax, groups -------------------------------
table(`${G} SystemTest`, '', [
  ['FooBot', '', true, null],
  ['', '', true, null],
]);
table(`${G} SystemTest`, file('user-agent: FooBot', 'disallow: /'), [
  ['', '', true, null],
  ['FooBot', '', false, 2],
]);
table(`${G} LineSyntax_Line`, file('user-agent: FooBot', 'disallow: /'), [
  ['FooBot', `${U}/x/y`, false, 2],
]);
table(`${G} LineSyntax_Line`, file('foo: FooBot', 'bar: /'), [['FooBot', `${U}/x/y`, true, null]]);
table(`${G} LineSyntax_Line (no colon)`, file('user-agent FooBot', 'disallow /'), [
  ['FooBot', `${U}/x/y`, false, 2],
]);

const groups = file(
  'allow: /foo/bar/',
  '',
  'user-agent: FooBot',
  'disallow: /',
  'allow: /x/',
  'user-agent: BarBot',
  'disallow: /',
  'allow: /y/',
  '',
  '',
  'allow: /w/',
  'user-agent: BazBot',
  '',
  'user-agent: FooBot',
  'allow: /z/',
  'disallow: /',
);
table(`${G} LineSyntax_Groups`, groups, [
  ['FooBot', `${U}/x/b`, true, 5],
  ['FooBot', `${U}/z/d`, true, 15],
  ['FooBot', `${U}/y/c`, false, 4],
  ['BarBot', `${U}/y/c`, true, 8],
  ['BarBot', `${U}/w/a`, true, 11],
  ['BarBot', `${U}/z/d`, false, 7],
  ['BazBot', `${U}/z/d`, true, 15],
  ['FooBot', `${U}/foo/bar/`, false, 4],
  ['BarBot', `${U}/foo/bar/`, false, 7],
  ['BazBot', `${U}/foo/bar/`, false, 16],
]);
table(
  `${G} Groups_OtherRules (${GAP})`,
  file('User-agent: BarBot', 'Sitemap: https://foo.bar/sitemap', 'User-agent: *', 'Disallow: /'),
  [
    ['FooBot', `${U}/`, false, 4],
    ['BarBot', `${U}/`, false, 4],
  ],
);
table(
  `${G} Groups_OtherRules (${GAP})`,
  file('User-agent: FooBot', 'Invalid-Unknown-Line: unknown', 'User-agent: *', 'Disallow: /'),
  [
    ['FooBot', `${U}/`, false, 4],
    ['BarBot', `${U}/`, false, 4],
  ],
);
table(
  `${DOC} crawl-delay is not a group line (${GAP})`,
  file('User-agent: FooBot', 'Crawl-delay: 10', 'User-agent: BarBot', 'Disallow: /private'),
  [
    ['FooBot', `${U}/private`, false, 4],
    ['BarBot', `${U}/private/x`, false, 4],
    ['FooBot', `${U}/public`, true, null],
  ],
);
table(
  `${DOC} sitemap between agents (${GAP})`,
  file('User-agent: FooBot', 'Sitemap: http://foo.bar/s.xml', 'User-agent: BarBot', 'Disallow: /'),
  [['FooBot', `${U}/a`, false, 4]],
);
table(
  `${DOC} host between agents (${GAP})`,
  file('User-agent: FooBot', 'Host: foo.bar', 'User-agent: BarBot', 'Disallow: /a'),
  [['FooBot', `${U}/a`, false, 4]],
);

// --- Google: names and values ---------------------------------------------
for (const robotstxt of [
  file('USER-AGENT: FooBot', 'ALLOW: /x/', 'DISALLOW: /'),
  file('user-agent: FooBot', 'allow: /x/', 'disallow: /'),
  file('uSeR-aGeNt: FooBot', 'AlLoW: /x/', 'dIsAlLoW: /'),
]) {
  table(`${G} REPLineNamesCaseInsensitive`, robotstxt, [
    ['FooBot', `${U}/x/y`, true, 2],
    ['FooBot', `${U}/a/b`, false, 3],
  ]);
}
for (const name of ['FOO BAR', 'foo bar', 'FoO bAr']) {
  table(
    `${G} UserAgentValueCaseInsensitive (${GAP})`,
    file(`User-Agent: ${name}`, 'Allow: /x/', 'Disallow: /'),
    [
      ['Foo', `${U}/x/y`, true, 2],
      ['foo', `${U}/a/b`, false, 3],
    ],
  );
}
table(
  `${G} AcceptUserAgentUpToFirstSpace`,
  file('User-Agent: *', 'Disallow: /', 'User-Agent: Foo Bar', 'Allow: /x/', 'Disallow: /'),
  [
    ['Foo', `${U}/x/y`, true, 4],
    ['Foo Bar', `${U}/x/y`, false, 2],
  ],
);
table(
  `${G} GlobalGroups_Secondary`,
  file('user-agent: *', 'allow: /', 'user-agent: FooBot', 'disallow: /'),
  [
    ['FooBot', `${U}/x/y`, false, 4],
    ['BarBot', `${U}/x/y`, true, 2],
  ],
);
table(
  `${G} GlobalGroups_Secondary`,
  file(
    'user-agent: FooBot',
    'allow: /',
    'user-agent: BarBot',
    'disallow: /',
    'user-agent: BazBot',
    'disallow: /',
  ),
  [['QuxBot', `${U}/x/y`, true, null]],
);
table(`${G} AllowDisallow_Value_CaseSensitive`, file('user-agent: FooBot', 'disallow: /x/'), [
  ['FooBot', `${U}/x/y`, false, 2],
]);
table(`${G} AllowDisallow_Value_CaseSensitive`, file('user-agent: FooBot', 'disallow: /X/'), [
  ['FooBot', `${U}/x/y`, true, null],
]);

// --- Google: longest match ---------------------------------------------------
const page = `${U}/x/page.html`;
table(`${G} LongestMatch`, file('user-agent: FooBot', 'disallow: /x/page.html', 'allow: /x/'), [
  ['FooBot', page, false, 2],
]);
table(`${G} LongestMatch`, file('user-agent: FooBot', 'allow: /x/page.html', 'disallow: /x/'), [
  ['FooBot', page, true, 2],
  ['FooBot', `${U}/x/`, false, 3],
]);
table(
  `${G} LongestMatch (empty rules decide nothing)`,
  file('user-agent: FooBot', 'disallow: ', 'allow: '),
  [['FooBot', page, true, null]],
);
table(`${G} LongestMatch`, file('user-agent: FooBot', 'disallow: /', 'allow: /'), [
  ['FooBot', page, true, 3],
]);
table(`${G} LongestMatch`, file('user-agent: FooBot', 'disallow: /x', 'allow: /x/'), [
  ['FooBot', `${U}/x`, false, 2],
  ['FooBot', `${U}/x/`, true, 3],
]);
table(
  `${G} LongestMatch`,
  file('user-agent: FooBot', 'disallow: /x/page.html', 'allow: /x/page.html'),
  [['FooBot', page, true, 3]],
);
table(`${G} LongestMatch`, file('user-agent: FooBot', 'allow: /page', 'disallow: /*.html'), [
  ['FooBot', `${U}/page.html`, false, 3],
  ['FooBot', `${U}/page`, true, 2],
]);
table(`${G} LongestMatch`, file('user-agent: FooBot', 'allow: /x/page.', 'disallow: /*.html'), [
  ['FooBot', page, true, 2],
  ['FooBot', `${U}/x/y.html`, false, 3],
]);
table(
  `${G} LongestMatch`,
  file('User-agent: *', 'Disallow: /x/', 'User-agent: FooBot', 'Disallow: /y/'),
  [
    ['FooBot', `${U}/x/page`, true, null],
    ['FooBot', `${U}/y/page`, false, 4],
  ],
);

// --- Google/RFC: encoding ------------------------------------------------------
table(
  `${G} Encoding`,
  file('User-agent: FooBot', 'Disallow: /', 'Allow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par'),
  [['FooBot', `${U}/foo/bar?qux=taz&baz=http://foo.bar?tar&par`, true, 3]],
);
table(
  `${G} Encoding; raw URL per ${RFC} (Google's test: false)`,
  file('User-agent: FooBot', 'Disallow: /', 'Allow: /foo/bar/ツ'),
  [
    ['FooBot', `${U}/foo/bar/%E3%83%84`, true, 3],
    ['FooBot', `${U}/foo/bar/ツ`, true, 3],
  ],
);
table(
  `${G} Encoding; raw URL per ${RFC} (Google's test: false)`,
  file('User-agent: FooBot', 'Disallow: /', 'Allow: /foo/bar/%E3%83%84'),
  [
    ['FooBot', `${U}/foo/bar/%E3%83%84`, true, 3],
    ['FooBot', `${U}/foo/bar/ツ`, true, 3],
  ],
);
table(
  `${RFC} §2.2.2 %62%61%7A = baz (Google's test: false)`,
  file('User-agent: FooBot', 'Disallow: /', 'Allow: /foo/bar/%62%61%7A'),
  [
    ['FooBot', `${U}/foo/bar/baz`, true, 3],
    ['FooBot', `${U}/foo/bar/%62%61%7A`, true, 3],
  ],
);

// --- Google: special characters ----------------------------------------------
table(
  `${G} SpecialCharacters`,
  file('User-agent: FooBot', 'Disallow: /foo/bar/quz', 'Allow: /foo/*/qux'),
  [
    ['FooBot', `${U}/foo/bar/quz`, false, 2],
    ['FooBot', `${U}/foo/quz`, true, null],
    ['FooBot', `${U}/foo//quz`, true, null],
    ['FooBot', `${U}/foo/bax/quz`, true, null],
  ],
);
table(
  `${G} SpecialCharacters`,
  file('User-agent: FooBot', 'Disallow: /foo/bar$', 'Allow: /foo/bar/qux'),
  [
    ['FooBot', `${U}/foo/bar`, false, 2],
    ['FooBot', `${U}/foo/bar/qux`, true, 3],
    ['FooBot', `${U}/foo/bar/`, true, null],
    ['FooBot', `${U}/foo/bar/baz`, true, null],
  ],
);
table(
  `${G} SpecialCharacters`,
  file('User-agent: FooBot', '# Disallow: /', 'Disallow: /foo/quz#qux', 'Allow: /'),
  [
    ['FooBot', `${U}/foo/bar`, true, 4],
    ['FooBot', `${U}/foo/quz`, false, 3],
  ],
);

// --- Google: index.html is its directory (robots-parser gap) -----------------
table(
  `${G} IndexHTMLisDirectory (${GAP})`,
  file('User-Agent: *', 'Allow: /allowed-slash/index.html', 'Disallow: /'),
  [
    ['foobot', 'http://foo.com/allowed-slash/', true, 2],
    ['foobot', 'http://foo.com/allowed-slash/index.htm', false, 3],
    ['foobot', 'http://foo.com/allowed-slash/index.html', true, 2],
    ['foobot', 'http://foo.com/anyother-url', false, 3],
  ],
);
table(
  `${G} IndexHTMLisDirectory: index.htm too (${GAP})`,
  file('User-Agent: *', 'Disallow: /', 'Allow: /a/index.htm'),
  [
    ['foobot', `${U}/a/`, true, 3],
    ['foobot', `${U}/a/?x`, false, 2],
  ],
);

// --- Google: lines too long (robots-parser gap) ------------------------------
{
  const maxLineBytes = 2083 * 8;
  const longDisallow = '/x/' + 'a'.repeat(maxLineBytes - 3 - 'disallow: '.length + 1 - 3);
  table(`${G} LineTooLong (${GAP})`, `user-agent: FooBot\ndisallow: ${longDisallow}/qux\n`, [
    ['FooBot', `${U}/fux`, true, null],
    ['FooBot', `${U}${longDisallow}/fux`, false, 2],
  ]);
  const length = maxLineBytes - 3 - 'allow: '.length + 1 - 3;
  const longA = '/x/' + 'a'.repeat(length);
  const longB = '/x/' + 'b'.repeat(length);
  table(
    `${G} LineTooLong (${GAP})`,
    `user-agent: FooBot\ndisallow: /\nallow: ${longA}/qux\nallow: ${longB}/qux\n`,
    [
      ['FooBot', `${U}/`, false, 2],
      ['FooBot', `${U}${longA}/qux`, true, 3],
      ['FooBot', `${U}${longB}/fux`, true, 4],
    ],
  );
}

// --- Google documentation: path values -------------------------------------
table(`${G} DocumentationChecks /fish`, file('user-agent: FooBot', 'disallow: /', 'allow: /fish'), [
  ['FooBot', `${U}/bar`, false, 2],
  ['FooBot', `${U}/fish`, true, 3],
  ['FooBot', `${U}/fish.html`, true, 3],
  ['FooBot', `${U}/fish/salmon.html`, true, 3],
  ['FooBot', `${U}/fishheads`, true, 3],
  ['FooBot', `${U}/fishheads/yummy.html`, true, 3],
  ['FooBot', `${U}/fish.html?id=anything`, true, 3],
  ['FooBot', `${U}/Fish.asp`, false, 2],
  ['FooBot', `${U}/catfish`, false, 2],
  ['FooBot', `${U}/?id=fish`, false, 2],
]);
table(
  `${G} DocumentationChecks /fish*`,
  file('user-agent: FooBot', 'disallow: /', 'allow: /fish*'),
  [
    ['FooBot', `${U}/bar`, false, 2],
    ['FooBot', `${U}/fish`, true, 3],
    ['FooBot', `${U}/fish.html`, true, 3],
    ['FooBot', `${U}/fishheads/yummy.html`, true, 3],
    ['FooBot', `${U}/fish.html?id=anything`, true, 3],
    ['FooBot', `${U}/Fish.bar`, false, 2],
    ['FooBot', `${U}/catfish`, false, 2],
    ['FooBot', `${U}/?id=fish`, false, 2],
  ],
);
table(
  `${G} DocumentationChecks /fish/`,
  file('user-agent: FooBot', 'disallow: /', 'allow: /fish/'),
  [
    ['FooBot', `${U}/bar`, false, 2],
    ['FooBot', `${U}/fish/`, true, 3],
    ['FooBot', `${U}/fish/salmon`, true, 3],
    ['FooBot', `${U}/fish/?salmon`, true, 3],
    ['FooBot', `${U}/fish/salmon.html`, true, 3],
    ['FooBot', `${U}/fish/?id=anything`, true, 3],
    ['FooBot', `${U}/fish`, false, 2],
    ['FooBot', `${U}/fish.html`, false, 2],
    ['FooBot', `${U}/Fish/Salmon.html`, false, 2],
  ],
);
table(
  `${G} DocumentationChecks /*.php`,
  file('user-agent: FooBot', 'disallow: /', 'allow: /*.php'),
  [
    ['FooBot', `${U}/bar`, false, 2],
    ['FooBot', `${U}/filename.php`, true, 3],
    ['FooBot', `${U}/folder/filename.php`, true, 3],
    ['FooBot', `${U}/folder/filename.php?parameters`, true, 3],
    ['FooBot', `${U}//folder/any.php.file.html`, true, 3],
    ['FooBot', `${U}/filename.php/`, true, 3],
    ['FooBot', `${U}/index?f=filename.php/`, true, 3],
    ['FooBot', `${U}/php/`, false, 2],
    ['FooBot', `${U}/index?php`, false, 2],
    ['FooBot', `${U}/windows.PHP`, false, 2],
  ],
);
table(
  `${G} DocumentationChecks /*.php$`,
  file('user-agent: FooBot', 'disallow: /', 'allow: /*.php$'),
  [
    ['FooBot', `${U}/bar`, false, 2],
    ['FooBot', `${U}/filename.php`, true, 3],
    ['FooBot', `${U}/folder/filename.php`, true, 3],
    ['FooBot', `${U}/filename.php?parameters`, false, 2],
    ['FooBot', `${U}/filename.php/`, false, 2],
    ['FooBot', `${U}/filename.php5`, false, 2],
    ['FooBot', `${U}/php/`, false, 2],
    ['FooBot', `${U}/filename?php`, false, 2],
    ['FooBot', `${U}/aaaphpaaa`, false, 2],
    ['FooBot', `${U}//windows.PHP`, false, 2],
  ],
);
table(
  `${G} DocumentationChecks /fish*.php`,
  file('user-agent: FooBot', 'disallow: /', 'allow: /fish*.php'),
  [
    ['FooBot', `${U}/bar`, false, 2],
    ['FooBot', `${U}/fish.php`, true, 3],
    ['FooBot', `${U}/fishheads/catfish.php?parameters`, true, 3],
    ['FooBot', `${U}/Fish.PHP`, false, 2],
  ],
);
table(`${DOC} precedence`, file('user-agent: FooBot', 'allow: /p', 'disallow: /'), [
  ['FooBot', 'http://example.com/page', true, 2],
]);
table(
  `${DOC} precedence (tie: Allow wins)`,
  file('user-agent: FooBot', 'allow: /folder', 'disallow: /folder'),
  [['FooBot', 'http://example.com/folder/page', true, 2]],
);
table(`${DOC} precedence`, file('user-agent: FooBot', 'allow: /page', 'disallow: /*.htm'), [
  ['FooBot', 'http://example.com/page.htm', false, 3],
]);
table(`${DOC} precedence`, file('user-agent: FooBot', 'allow: /$', 'disallow: /'), [
  ['FooBot', 'http://example.com/', true, 2],
  ['FooBot', 'http://example.com/page.html', false, 3],
]);

// --- Google: line endings and BOMs -------------------------------------------
for (const [name, eol] of [
  ['LF', '\n'],
  ['CRLF', '\r\n'],
  ['CR', '\r'],
] as const) {
  const robotstxt =
    ['User-Agent: foo', 'Allow: /some/path', 'User-Agent: bar', '', '', 'Disallow: /'].join(eol) +
    eol;
  table(`${G} LinesNumbersAreCountedCorrectly ${name}`, robotstxt, [
    ['bar', `${U}/x`, false, 6],
    ['foo', `${U}/some/path`, true, 2],
    ['foo', `${U}/x`, true, null],
  ]);
}
table(
  `${G} LinesNumbersAreCountedCorrectly mixed`,
  'User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /',
  [['bar', `${U}/x`, false, 6]],
);
table(`${G} UTF8ByteOrderMarkIsSkipped`, '\uFEFFUser-Agent: foo\nDisallow: /AnyValue\n', [
  ['foo', `${U}/AnyValue`, false, 2],
]);
binaryTable(
  `${G} UTF8ByteOrderMarkIsSkipped (partial BOM)`,
  bytes([0xef, 0xbb], 'User-Agent: foo\nDisallow: /AnyValue\n'),
  [['foo', `${U}/AnyValue`, false, 2]],
);
binaryTable(
  `${G} UTF8ByteOrderMarkIsSkipped (partial BOM)`,
  bytes([0xef], 'User-Agent: foo\nDisallow: /AnyValue\n'),
  [['foo', `${U}/AnyValue`, false, 2]],
);
binaryTable(
  `${G} UTF8ByteOrderMarkIsSkipped (broken BOM)`,
  bytes([0xef, 0x11, 0xbf], 'User-Agent: foo\nDisallow: /AnyValue\n'),
  [['foo', `${U}/AnyValue`, true, null]],
);
table(
  `${G} UTF8ByteOrderMarkIsSkipped (BOM mid-file, ${GAP})`,
  'User-Agent: foo\n\uFEFFDisallow: /AnyValue\n',
  [['foo', `${U}/AnyValue`, true, null]],
);
table(
  `${G} BOM mid-file before a User-agent (${GAP})`,
  'User-agent: *\nDisallow: /a\n\uFEFFUser-agent: foo\nDisallow: /\n',
  [
    ['foo', `${U}/b`, false, 4],
    ['foo', `${U}/a`, false, 2],
  ],
);

// --- Google: typos, colon-less lines (robots-parser gaps) --------------------
for (const key of ['useragent', 'user agent', 'User-agents', 'USERAGENT']) {
  table(`${G} KeyIsUserAgent typo "${key}" (${GAP})`, file(`${key}: FooBot`, 'disallow: /'), [
    ['FooBot', `${U}/x`, false, 2],
  ]);
}
for (const key of [
  'dissallow',
  'dissalow',
  'disalow',
  'diasllow',
  'disallaw',
  'Disallowed',
  'DISALOW',
]) {
  table(`${G} KeyIsDisallow typo "${key}" (${GAP})`, file('user-agent: FooBot', `${key}: /`), [
    ['FooBot', `${U}/x`, false, 2],
  ]);
}
for (const key of ['disallwo', 'dis-allow', 'alow']) {
  table(`${G} not an accepted spelling: "${key}"`, file('user-agent: FooBot', `${key}: /`), [
    ['FooBot', `${U}/x`, true, null],
  ]);
}
table(
  `${G} KeyIsAllow prefix "allowed" (${GAP})`,
  file('user-agent: FooBot', 'disallow: /', 'allowed: /x'),
  [['FooBot', `${U}/x`, true, 3]],
);
table(`${G} no colon (${GAP})`, file('User-agent FooBot', 'Disallow /private'), [
  ['FooBot', `${U}/private/x`, false, 2],
]);
table(`${G} no colon, tab (${GAP})`, file('User-agent:\tFooBot', 'Disallow\t/private'), [
  ['FooBot', `${U}/private`, false, 2],
]);
table(`${G} no colon, three words: line ignored`, file('User-agent: FooBot', 'Disallow /a /b'), [
  ['FooBot', `${U}/a`, true, null],
]);
table(`${G} spaces around the colon`, file('User-agent: FooBot', '  Disallow  :  /a  '), [
  ['FooBot', `${U}/a`, false, 2],
]);
table(`${G} no space after the colon`, file('User-agent:FooBot', 'Disallow:/a'), [
  ['FooBot', `${U}/a`, false, 2],
]);

// --- User-agent values (robots-parser gaps) ----------------------------------
table(
  `${G} ExtractUserAgent: version`,
  file('User-agent: Googlebot/2.1 (+http://www.google.com/bot.html)', 'Disallow: /'),
  [['Googlebot', `${U}/x`, false, 2]],
);
table(
  `${G} ExtractUserAgent: space (${GAP})`,
  file('User-agent: Googlebot Images', 'Disallow: /'),
  [
    ['googlebot', `${U}/x`, false, 2],
    ['Googlebot-Image', `${U}/x`, true, null],
  ],
);
table(
  `${G} ExtractUserAgent: hyphenated token`,
  file('User-agent: googlebot-image', 'Disallow: /'),
  [
    ['googlebot', `${U}/x`, true, null],
    ['Googlebot-Image', `${U}/x`, false, 2],
  ],
);
table(`${G} ExtractUserAgent: trailing * (${GAP})`, file('User-agent: Foo*', 'Disallow: /'), [
  ['foo', `${U}/x`, false, 2],
]);
table(`${G} ExtractUserAgent: list (${GAP})`, file('User-agent: FooBot, BarBot', 'Disallow: /'), [
  ['FooBot', `${U}/x`, false, 2],
  ['BarBot', `${U}/x`, true, null],
]);
table(`${G} global agent "* " with more text`, file('User-agent: * FooBot', 'Disallow: /'), [
  ['BarBot', `${U}/x`, false, 2],
]);
table(`${G} "*FooBot" names no robot`, file('User-agent: *FooBot', 'Disallow: /'), [
  ['BarBot', `${U}/x`, true, null],
]);
// Google compares the product token as given: `Googlebot/2.1` is not one (issue 12).
table(`${G} robot name: compared as given`, file('User-agent: Googlebot', 'Disallow: /'), [
  ['Googlebot/2.1', `${U}/x`, true, null],
  ['GOOGLEBOT', `${U}/x`, false, 2],
]);

// --- Empty last group (robots-parser gap) ------------------------------------
table(
  `${RFC} §2.2.1 empty last group (${GAP})`,
  file('User-agent: *', 'Disallow: /', 'User-agent: FooBot'),
  [
    ['FooBot', `${U}/x`, true, null],
    ['BarBot', `${U}/x`, false, 2],
  ],
);
table(
  `${RFC} §2.2.1 empty last group, comment after (${GAP})`,
  file('User-agent: *', 'Disallow: /', '', 'User-agent: FooBot', '# nothing here'),
  [['FooBot', `${U}/x`, true, null]],
);
table(
  `${RFC} §2.1 agents share a group`,
  file('User-agent: FooBot', 'User-agent: *', 'Disallow: /'),
  [
    ['FooBot', `${U}/x`, false, 3],
    ['BarBot', `${U}/x`, false, 3],
  ],
);

// --- RFC 9309 §5.1 example -----------------------------------------------------
const rfcExample = file(
  'User-Agent: *',
  'Disallow: *.gif$',
  'Disallow: /example/',
  'Allow: /publications/',
  '',
  'User-Agent: foobot',
  'Disallow:/',
  'Allow:/example/page.html',
  'Allow:/example/allowed.gif',
  '',
  'User-Agent: barbot',
  'User-Agent: bazbot',
  'Disallow: /example/page.html',
  '',
  'User-Agent: quxbot',
  '',
);
table(`${RFC} §5.1 example`, rfcExample, [
  ['foobot', 'https://www.example.com/example/page.html', true, 8],
  ['foobot', 'https://www.example.com/example/allowed.gif', true, 9],
  ['foobot', 'https://www.example.com/x', false, 7],
  ['barbot', 'https://www.example.com/example/page.html', false, 13],
  ['barbot', 'https://www.example.com/example/', true, null],
  ['bazbot', 'https://www.example.com/example/page.html', false, 13],
  ['quxbot', 'https://www.example.com/example/page.html', true, null],
  ['quxbot', 'https://www.example.com/a.gif', true, null],
  ['otherbot', 'https://www.example.com/example/x', false, 3],
  ['otherbot', 'https://www.example.com/publications/a', true, 4],
  ['otherbot', 'https://www.example.com/a.gif', false, 2],
  ['otherbot', 'https://www.example.com/robots.txt', true, null],
]);

// --- Google documentation: groups --------------------------------------------
table(
  `${DOC} groups merged`,
  file(
    'user-agent: googlebot-news',
    'disallow: /fish',
    '',
    'user-agent: *',
    'disallow: /carrots',
    '',
    'user-agent: googlebot-news',
    'disallow: /shrimp',
  ),
  [
    ['googlebot-news', `${U}/fish`, false, 2],
    ['googlebot-news', `${U}/shrimp`, false, 8],
    ['googlebot-news', `${U}/carrots`, true, null],
    ['googlebot', `${U}/carrots`, false, 5],
  ],
);
table(
  `${DOC} grouping of lines`,
  file(
    'user-agent: a',
    'disallow: /c',
    '',
    'user-agent: b',
    'disallow: /d',
    '',
    'user-agent: e',
    'user-agent: f',
    'disallow: /g',
    '',
    'user-agent: h',
  ),
  [
    ['a', `${U}/c`, false, 2],
    ['b', `${U}/d`, false, 5],
    ['e', `${U}/g`, false, 9],
    ['f', `${U}/g`, false, 9],
    ['h', `${U}/g`, true, null],
    ['a', `${U}/d`, true, null],
  ],
);
table(
  `${DOC} most specific group`,
  file(
    'user-agent: googlebot-news',
    'disallow: /news',
    '',
    'user-agent: *',
    'disallow: /all',
    '',
    'user-agent: googlebot',
    'disallow: /gb',
  ),
  [
    ['googlebot-news', `${U}/news`, false, 2],
    ['googlebot-news', `${U}/gb`, true, null],
    ['googlebot', `${U}/gb`, false, 8],
    ['googlebot', `${U}/all`, true, null],
    ['otherbot', `${U}/all`, false, 5],
  ],
);
table(
  `${RFC} §2.2.1 groups with the same name merge (case-insensitive)`,
  file('User-agent: foobot', 'Disallow: /a', 'User-agent: FOOBOT', 'Allow: /a/b'),
  [
    ['FooBot', `${U}/a/b`, true, 4],
    ['FooBot', `${U}/a/c`, false, 2],
  ],
);
table(
  `${RFC} §2.2.1 merged groups keep their lines`,
  file(
    'User-agent: FooBot',
    'Disallow: /a',
    '',
    'User-agent: BarBot',
    'Disallow: /b',
    '',
    'User-agent: FooBot',
    'Disallow: /c',
  ),
  [
    ['FooBot', `${U}/c`, false, 8],
    ['FooBot', `${U}/a`, false, 2],
    ['FooBot', `${U}/b`, true, null],
  ],
);
table(
  `${RFC} §2.1 rules before any group are ignored`,
  file('Disallow: /', 'User-agent: *', 'Disallow: /a'),
  [['x', `${U}/b`, true, null]],
);

// --- Percent-encoding (RFC 9309 §2.2.2, seed table; robots-parser gaps) ------
table(`${SEED} /~fred = /%7Efred (${GAP})`, file('User-agent: *', 'Disallow: /~fred/'), [
  ['x', `${U}/%7Efred/hi.html`, false, 2],
  ['x', `${U}/%7efred/hi.html`, false, 2],
  ['x', `${U}/~fred/hi.html`, false, 2],
]);
table(`${SEED} /%7Efred = /~fred (${GAP})`, file('User-agent: *', 'Disallow: /%7Efred/'), [
  ['x', `${U}/~fred/hi.html`, false, 2],
  ['x', `${U}/%7efred/hi.html`, false, 2],
]);
table(`${SEED} %7e = %7E`, file('User-agent: *', 'Disallow: /%7efred/'), [
  ['x', `${U}/%7Efred/x`, false, 2],
]);
table(`${SEED} %2F stays distinct from /`, file('User-agent: *', 'Disallow: /~fred/hi.html'), [
  ['x', `${U}/~fred%2Fhi.html`, true, null],
  ['x', `${U}/%7Efred/hi.html`, false, 2],
]);
table(`${SEED} %2F stays distinct from /`, file('User-agent: *', 'Disallow: /a%2Fb'), [
  ['x', `${U}/a/b`, true, null],
  ['x', `${U}/a%2Fb`, false, 2],
  // Google keeps the URL's hex as written: `%2f` is not the rule's `%2F` (issue 12).
  ['x', `${U}/a%2fb`, true, null],
]);
table(
  `${RFC} §2.2.2 unreserved escapes decode (${GAP})`,
  file('User-agent: *', 'Disallow: /%61bc'),
  [['x', `${U}/abc`, false, 2]],
);
table(`${RFC} §2.2.2 unreserved escapes decode (${GAP})`, file('User-agent: *', 'Disallow: /abc'), [
  ['x', `${U}/%61bc`, false, 2],
]);
table(
  `${RFC} §2.2.2 unreserved escapes decode (${GAP})`,
  file('User-agent: *', 'Disallow: /a-b_c.d~e'),
  [['x', `${U}/a%2Db%5Fc%2Ed%7Ee`, false, 2]],
);
table(`${RFC} §2.2.2 non-ASCII as UTF-8`, file('User-agent: *', 'Disallow: /caf%C3%A9'), [
  ['x', `${U}/café`, false, 2],
]);
table(`${RFC} §2.2.2 non-ASCII as UTF-8`, file('User-agent: *', 'Disallow: /café'), [
  ['x', `${U}/caf%C3%A9`, false, 2],
  // Google keeps the URL's hex as written (issue 12).
  ['x', `${U}/caf%c3%a9`, true, null],
  ['x', `${U}/cafe`, true, null],
]);
binaryTable(
  `${G} MaybeEscapePattern: a Latin-1 byte`,
  bytes('User-agent: *\nDisallow: /caf', [0xe9], '\n'),
  [
    ['x', `${U}/caf%E9`, false, 2],
    ['x', `${U}/caf%C3%A9`, true, null],
  ],
);
table(
  `${RFC} §2.2.2 longest match after normalization (tie: Allow)`,
  file('User-agent: *', 'Allow: /%7Ea', 'Disallow: /~a'),
  [['x', `${U}/~a`, true, 2]],
);
table(
  `${RFC} §2.2.2 longest match in bytes (tie: Allow)`,
  file('User-agent: *', 'Disallow: /é', 'Allow: /%C3%A9'),
  [['x', `${U}/é`, true, 3]],
);
table(`${RFC} §2.2.2 space in a path`, file('User-agent: *', 'Disallow: /a b'), [
  ['x', `${U}/a b`, false, 2],
  // Google does not encode a space on either side (issue 12).
  ['x', `${U}/a%20b`, true, null],
]);

// --- Wildcards, $, query string -----------------------------------------------
table(`${RFC} §2.2.3 $ in the middle is literal`, file('User-agent: *', 'Disallow: /foo$bar'), [
  ['x', `${U}/foo$bar`, false, 2],
  ['x', `${U}/foobar`, true, null],
]);
table(`${RFC} §2.2.3 * and $`, file('User-agent: *', 'Disallow: /a*b$'), [
  ['x', `${U}/axxb`, false, 2],
  ['x', `${U}/axxbc`, true, null],
]);
table(`${DOC} /*.gif$`, file('User-agent: *', 'Disallow: /*.gif$'), [
  ['x', `${U}/images/a.gif`, false, 2],
  ['x', `${U}/a.gif?x=1`, true, null],
]);
table(`${RFC} §2.2.3 repeated *`, file('User-agent: *', 'Disallow: /**'), [
  ['x', `${U}/anything`, false, 2],
]);
table(`${G} pattern starting with *`, file('User-agent: *', 'Disallow: *'), [
  ['x', `${U}/x`, false, 2],
]);
table(
  `${G} pattern without a leading / matches nothing`,
  file('User-agent: *', 'Disallow: private'),
  [['x', `${U}/private`, true, null]],
);
table(`${DOC} /$ is the root only`, file('User-agent: *', 'Disallow: /$'), [
  ['x', `${U}/`, false, 2],
  ['x', `${U}`, false, 2],
  ['x', `${U}/a`, true, null],
]);
table(`${RFC} the query is part of the path`, file('User-agent: *', 'Disallow: /*?'), [
  ['x', `${U}/page?x=1`, false, 2],
  ['x', `${U}/page?`, false, 2],
  ['x', `${U}/page`, true, null],
]);
table(`${RFC} the query is part of the path`, file('User-agent: *', 'Disallow: /*?sessionid='), [
  ['x', `${U}/a?sessionid=1`, false, 2],
  ['x', `${U}/a?x=1&sessionid=1`, true, null],
]);
table(
  `${RFC} the query is part of the path`,
  file('User-agent: *', 'Disallow: /search', 'Allow: /search?q=public'),
  [
    ['x', `${U}/search?q=public`, true, 3],
    ['x', `${U}/search?q=private`, false, 2],
  ],
);
table(`${G} GetPathParamsQuery: fragment dropped`, file('User-agent: *', 'Disallow: /a'), [
  ['x', `${U}/b#/a`, true, null],
  ['x', `${U}/a#x`, false, 2],
  ['x', `${U}/a;b`, false, 2],
]);
table(
  `${G} GetPathParamsQuery: dot segments are not resolved`,
  file('User-agent: *', 'Disallow: /a/../b'),
  [
    ['x', `${U}/a/../b`, false, 2],
    ['x', `${U}/b`, true, null],
  ],
);

// --- Empty values, /robots.txt, HTML --------------------------------------------
table(`${RFC} §2.2.2 empty Disallow allows everything`, file('User-agent: *', 'Disallow:'), [
  ['x', `${U}/anything`, true, null],
]);
table(
  `${RFC} §2.2.2 empty Disallow allows everything`,
  file('User-agent: *', 'Disallow: ', 'Disallow: /a'),
  [['x', `${U}/a`, false, 3]],
);
table(
  `${RFC} §2.2.2 /robots.txt is always allowed (${GAP})`,
  file('User-agent: *', 'Disallow: /'),
  [
    ['x', `${U}/robots.txt`, true, null],
    ['x', `${U}/robots.txt.bak`, false, 2],
  ],
);
table(
  `${DOC} an HTML page has no rules`,
  '<!DOCTYPE html>\n<html><body>Disallow: /</body></html>\n',
  [['x', `${U}/x`, true, null]],
);
table(
  `${RFC} §2.2.2 comments anywhere`,
  file('User-agent: * # everyone', 'Disallow: /a # private'),
  [
    ['x', `${U}/a`, false, 2],
    ['x', `${U}/b`, true, null],
  ],
);

// --- Independent review: cases written from the sources, not from this table --
const IR = 'independent review';
table(
  `${G} priority is the pattern length, * and $ included`,
  file('User-agent: *', 'Allow: /fish', 'Disallow: /fish*'),
  [['x', `${U}/fish/a`, false, 3]],
);
table(
  `${G} priority is the pattern length, * and $ included`,
  file('User-agent: *', 'Disallow: /*', 'Allow: /'),
  [['x', `${U}/a`, false, 2]],
);
table(
  `${G} priority is the pattern length, * and $ included`,
  file('User-agent: *', 'Disallow: /ab$', 'Allow: /ab'),
  [['x', `${U}/ab`, false, 2]],
);
table(
  `${DOC} precedence: equal lengths with a wildcard, Allow wins`,
  file('User-agent: *', 'Allow: /page', 'Disallow: /*.ph'),
  [['x', `${U}/page.php`, true, 2]],
);
table(
  `${IR}: merged groups, an Allow tie wins across groups`,
  file(
    'User-agent: FooBot',
    'Disallow: /ab',
    'User-agent: x',
    'Allow: /',
    'User-agent: FooBot',
    'Allow: /a*',
  ),
  [
    ['FooBot', `${U}/abc`, true, 6],
    ['x', `${U}/abc`, true, 4],
  ],
);
table(
  `${IR}: equal Disallows, the first decides`,
  file('User-agent: *', 'Disallow: /ab', 'Disallow: /a*'),
  [['x', `${U}/abc`, false, 2]],
);
table(
  `${G} HandleUserAgent: an agent with no token ends the group`,
  file('User-agent: FooBot', 'Disallow: /a', 'User-agent: 123', 'Disallow: /b'),
  [
    ['FooBot', `${U}/b`, true, null],
    ['FooBot', `${U}/a`, false, 2],
  ],
);
table(
  `${G} HandleUserAgent: empty User-agent names no robot`,
  file('User-agent: *', 'Disallow: /x', 'User-agent:', 'Disallow: /y'),
  [
    ['x', `${U}/y`, true, null],
    ['x', `${U}/x`, false, 2],
  ],
);
table(
  `${G} ExtractUserAgent: digits end the token (RFC 9309 identifier)`,
  file('User-agent: MJ12bot', 'Disallow: /'),
  [
    ['MJ12bot', `${U}/x`, true, null],
    ['mj', `${U}/x`, false, 2],
  ],
);
table(
  `${G} Matches: a pattern must start at the start of the path`,
  file('User-agent: *', 'Disallow: fish/', 'Disallow: $'),
  [
    ['x', `${U}/fish/`, true, null],
    ['x', `${U}/`, true, null],
  ],
);
table(
  `${G} Matches: escaped * and $ are literal`,
  file('User-agent: *', 'Disallow: /%2A', 'Disallow: /a%24'),
  [
    ['x', `${U}/*`, true, null],
    ['x', `${U}/%2A`, false, 2],
    // Google keeps the URL's hex as written (issue 12).
    ['x', `${U}/%2a`, true, null],
    ['x', `${U}/a$`, true, null],
    ['x', `${U}/a%24`, false, 3],
  ],
);
table(
  `${G} GetKeyAndValueFrom: the first colon splits, even after a space`,
  file('User-agent: *', 'Disallow /x:y'),
  [
    ['x', `${U}/y`, true, null],
    ['x', `${U}/x`, true, null],
  ],
);
table(
  `${IR}: U+2028 and U+0085 do not end a line`,
  'User-agent: *\u2028Disallow: /x\nUser-agent: FooBot\nDisallow: /y\u0085\n',
  [
    ['x', `${U}/x`, true, null],
    ['FooBot', `${U}/y`, true, null],
  ],
);
table(
  `${G} UTF8ByteOrderMarkIsSkipped: a BOM in mid-file spoils its line`,
  'User-agent: *\nDisallow: /y\n\uFEFFDisallow: /x\n',
  [
    ['x', `${U}/x`, true, null],
    ['x', `${U}/y`, false, 2],
  ],
);
binaryTable(
  `${G} UTF8ByteOrderMarkIsSkipped: partial BOM`,
  bytes([0xef, 0xbb], 'User-agent: *\nDisallow: /x\n'),
  [['x', `${U}/x`, false, 2]],
);
binaryTable(
  `${G} MaybeEscapePattern: each high byte escaped alone`,
  bytes('User-agent: *\nDisallow: /', [0xff, 0xfe], '\n'),
  [
    ['x', `${U}/%FF%FE`, false, 2],
    ['x', `${U}/%EF%BF%BD`, true, null],
  ],
);
{
  const head = 'Disallow: /';
  const body = 'a'.repeat(2083 * 8 - 1 - head.length);
  table(
    `${G} LineTooLong: 2083 × 8 − 1 bytes are kept, exactly`,
    `User-agent: *\n${head}${body}b\n`,
    [['x', `${U}/${body}c`, false, 2]],
  );
  table(
    `${G} LineTooLong: 2083 × 8 − 1 bytes are kept, exactly`,
    `User-agent: *\n${head}${body.slice(1)}b\n`,
    [
      ['x', `${U}/${body.slice(1)}c`, true, null],
      ['x', `${U}/${body.slice(1)}b`, false, 2],
    ],
  );
}
{
  const comments = (n: number) => `#${'p'.repeat(98)}\n`.repeat(n);
  table(
    `${DOC} 500 KiB: rules after 512,000 bytes are ignored`,
    `User-agent: *\nDisallow: /a\n${comments(5200)}Disallow: /b\n`,
    [
      ['x', `${U}/a`, false, 2],
      ['x', `${U}/b`, true, null],
    ],
  );
  table(
    `${DOC} 500 KiB: rules before 512,000 bytes count`,
    `User-agent: *\nDisallow: /a\n${comments(5000)}Disallow: /b\n`,
    [['x', `${U}/b`, false, 5003]],
  );
}
table(
  `${RFC} §2.2.2 octets: a non-ASCII rule is as long as its escapes`,
  file('User-agent: *', 'Allow: /*xxx', 'Disallow: /é'),
  [['x', `${U}/%C3%A9-xxx`, false, 3]],
);
table(
  `${G} lower-case escapes in the URL stay as written (%c3 ≠ %C3; issue 12)`,
  file('User-agent: *', 'Disallow: /café'),
  [
    ['x', `${U}/caf%c3%a9`, true, null],
    ['x', `${U}/caf%C3%A9`, false, 2],
    ['x', `${U}/cafe`, true, null],
  ],
);

export const CONFORMANCE_CASES: readonly ConformanceCase[] = cases;
