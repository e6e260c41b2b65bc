/**
 * A seeded generator of robots.txt × robot × URL cases for the differential
 * test: the spelling space (every ASCII byte raw and escaped, upper- and
 * lower-case hex, UTF-8, `*` and `$`, rules of equal length), real file
 * shapes (many groups, key typos, comments, BOM, CR/LF mixes, long lines,
 * files past 500 KiB) and product tokens. Same seed, same cases.
 */

export interface GeneratedFile {
  body: Uint8Array;
  /** URLs worth asking about this file (derived from its rules, and random ones). */
  urls: string[];
}

/** mulberry32: small, fast, good enough for test data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const chance = (rng: Rng, p: number) => rng() < p;
const int = (rng: Rng, max: number) => Math.floor(rng() * max);

/** Product tokens asked about, and odd names Google compares as written. */
export const ROBOTS = [
  'Googlebot',
  'googlebot',
  'GOOGLEBOT',
  'Googlebot-News',
  'Googlebot-Image',
  'FooBot',
  'foobot',
  'BarBot',
  'Bingbot',
  'AdsBot-Google',
  'Foo_Bar',
  'RobotLens',
  '*',
  '',
  'Foo Bar',
  'Googlebot/2.1',
] as const;

const AGENT_VALUES = [
  '*',
  '*',
  '* ',
  '* FooBot',
  '*FooBot',
  'Googlebot',
  'googlebot',
  'Googlebot-News',
  'Googlebot/2.1 (+http://www.google.com/bot.html)',
  'Googlebot Images',
  'FooBot',
  'FOOBOT',
  'FooBot, BarBot',
  'BarBot',
  'Bingbot',
  'Foo_Bar',
  'AdsBot-Google',
  '',
  '/bot',
  'Foo*',
  'Ro\u00e9bot',
];

const RULE_KEYS = [
  'Disallow',
  'Disallow',
  'disallow',
  'DISALLOW',
  'Allow',
  'allow',
  'Disalow',
  'dissallow',
  'Disallowed',
  'Allowance',
];
const AGENT_KEYS = [
  'User-agent',
  'User-agent',
  'user-agent',
  'USER-AGENT',
  'useragent',
  'User agent',
];
const OTHER_LINES = [
  'Sitemap: https://example.com/sitemap.xml',
  'Crawl-delay: 5',
  'Host: example.com',
  'Noindex: /x',
  '# comment',
  '',
  'Clean-param: ref /a',
  'nonsense line here',
  ': no key',
];

const UNRESERVED = 'AZaz09-._~';
const HEX = '0123456789ABCDEF';
const UTF8_CHARS = ['\u00e9', '\u30c4', '\u00fc', '\u{1f600}', '\u00a0', '\u4e2d'];
const PIECES = [
  'a',
  'b',
  'ab',
  'x',
  'page',
  'dir/',
  'index.html',
  'index.htm',
  '.php',
  '?',
  '?q=1',
  '&',
  ';',
  '=',
  '/',
];

/** A byte as `%xx`, with upper- or lower-case hex. */
function escapeByte(rng: Rng, byte: number): string {
  const hex = `${HEX[byte >> 4]}${HEX[byte & 15]}`;
  return `%${chance(rng, 0.5) ? hex : hex.toLowerCase()}`;
}

/** One fragment of a path: plain text, any ASCII byte raw or escaped, UTF-8, a wildcard. */
function fragment(rng: Rng, forRule: boolean): string {
  const r = rng();
  if (r < 0.3) return pick(rng, PIECES);
  if (r < 0.45) {
    // Any ASCII byte but line ends (and NUL only rarely), raw.
    let byte = int(rng, 128);
    if (byte === 10 || byte === 13 || (byte === 0 && !chance(rng, 0.1))) byte = 0x27;
    return String.fromCharCode(byte);
  }
  if (r < 0.65) return escapeByte(rng, int(rng, 128));
  if (r < 0.72) return escapeByte(rng, UNRESERVED.charCodeAt(int(rng, UNRESERVED.length)) ?? 0x41);
  if (r < 0.78) return pick(rng, UTF8_CHARS);
  if (r < 0.82) return escapeByte(rng, 0x80 + int(rng, 128));
  if (r < 0.9 && forRule) return '*';
  if (r < 0.93)
    return pick(rng, ['"', '<', '>', '`', '{', '}', '|', '\\', '^', '[', ']', "'", ' ', '\t']);
  if (r < 0.96) return pick(rng, ['%', '%%', '%2', '%g1', '%%32%46', '%252F', '$']);
  return pick(rng, ['%2F', '%2f', '%2A', '%2a', '%24', '%3F', '%3f', '%23', '%7E', '%7e']);
}

function randomPath(rng: Rng, forRule: boolean): string {
  let out = chance(rng, 0.92) ? '/' : pick(rng, ['', '*', 'a', '?']);
  const n = 1 + int(rng, 6);
  for (let i = 0; i < n; i++) out += fragment(rng, forRule);
  if (forRule && chance(rng, 0.12)) out += '$';
  return out;
}

/** A URL path that a rule may match: wildcards filled, spellings toggled, a tail added. */
function pathFromRule(rng: Rng, rule: string): string {
  let out = rule.endsWith('$') && chance(rng, 0.7) ? rule.slice(0, -1) : rule;
  out = out.replace(/\*/g, () => (chance(rng, 0.5) ? '' : fragment(rng, false)));
  out = out.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const r = rng();
    if (r < 0.25) return escape.toLowerCase();
    if (r < 0.5) return escape.toUpperCase();
    const byte = parseInt(hex, 16);
    if (r < 0.7 && byte >= 0x20 && byte < 0x7f && byte !== 0x23) return String.fromCharCode(byte);
    return escape;
  });
  // Raw characters to their escape and back: the spelling Google never unifies.
  out = out.replace(/[ '"<>{}|^`[\]\\]/g, (c) =>
    chance(rng, 0.3) ? escapeByte(rng, c.charCodeAt(0)) : c,
  );
  if (chance(rng, 0.5)) out += fragment(rng, false);
  if (!out.startsWith('/')) out = `/${out}`;
  return out;
}

function ruleLine(rng: Rng, rules: string[]): string {
  const key = pick(rng, RULE_KEYS);
  const path = chance(rng, 0.05) ? '' : randomPath(rng, true);
  rules.push(path);
  const sep = pick(rng, [': ', ':', ' : ', ':\t', ' ']);
  const comment = chance(rng, 0.08) ? ` # ${pick(rng, ['note', 'x'])}` : '';
  return `${key}${sep}${path}${comment}`;
}

/** Two rules of the same length, one Allow, one Disallow: the tie Allow wins. */
function tiedRules(rng: Rng, rules: string[]): string[] {
  const base = randomPath(rng, false);
  const other = base.length > 2 ? `/*${base.slice(2)}` : `${base}*`;
  rules.push(base, other);
  return chance(rng, 0.5)
    ? [`Disallow: ${base}`, `Allow: ${other}`]
    : [`Allow: ${base}`, `Disallow: ${other}`];
}

function groupLines(rng: Rng, rules: string[]): string[] {
  const lines: string[] = [];
  const agents = 1 + int(rng, 3);
  for (let i = 0; i < agents; i++)
    lines.push(`${pick(rng, AGENT_KEYS)}: ${pick(rng, AGENT_VALUES)}`);
  const count = int(rng, 7);
  for (let i = 0; i < count; i++) {
    const r = rng();
    if (r < 0.7) lines.push(ruleLine(rng, rules));
    else if (r < 0.82) lines.push(...tiedRules(rng, rules));
    else lines.push(pick(rng, OTHER_LINES));
  }
  return lines;
}

const LINE_ENDS = ['\n', '\n', '\n', '\r\n', '\r'];

/** One robots.txt, with URLs to ask about it. */
export function generateFile(rng: Rng, size: 'small' | 'huge' = 'small'): GeneratedFile {
  const rules: string[] = [];
  const lines: string[] = [];
  if (chance(rng, 0.15)) lines.push(ruleLine(rng, rules)); // before any User-agent
  const groups = 1 + int(rng, 6);
  for (let g = 0; g < groups; g++) {
    lines.push(...groupLines(rng, rules));
    if (chance(rng, 0.5)) lines.push('');
  }
  if (chance(rng, 0.04)) lines.push(`Disallow: /${'a'.repeat(16_700 + int(rng, 50))}`);
  if (size === 'huge') {
    const filler = `Disallow: /filler-${'f'.repeat(60)}`;
    while (lines.length < 9_000) lines.push(filler);
    lines.push('User-agent: *', 'Disallow: /after-limit', 'Allow: /after-limit/open');
    rules.push('/after-limit', '/after-limit/open');
  }
  const ending = chance(rng, 0.7) ? pick(rng, LINE_ENDS) : null;
  let text = '';
  for (const line of lines) text += line + (ending ?? pick(rng, LINE_ENDS));
  if (chance(rng, 0.2)) text = text.slice(0, -1); // no final line end
  const bom = chance(rng, 0.1) ? pick(rng, [[0xef, 0xbb, 0xbf], [0xef, 0xbb], [0xef]]) : [];
  const encoded = new TextEncoder().encode(text);
  const body = new Uint8Array(bom.length + encoded.length);
  body.set(bom);
  body.set(encoded, bom.length);
  return { body, urls: urlsFor(rng, rules) };
}

const ORIGINS = [
  'http://example.com',
  'https://www.example.com:8080',
  '//example.com',
  'example.com',
  '',
];

function urlsFor(rng: Rng, rules: readonly string[]): string[] {
  const urls: string[] = [];
  const n = 8 + int(rng, 8);
  for (let i = 0; i < n; i++) {
    const r = rng();
    const path =
      r < 0.65 && rules.length > 0
        ? pathFromRule(rng, pick(rng, rules))
        : r < 0.9
          ? randomPath(rng, false)
          : pick(rng, [
              '/robots.txt',
              '/Robots.txt',
              '/robots.txt?x',
              '/%72obots.txt',
              '/',
              '/index.html',
              '/a/index.htm',
            ]);
    const origin = pick(rng, ORIGINS);
    const fragmentPart = chance(rng, 0.05) ? '#frag' : '';
    urls.push(`${origin}${path}${fragmentPart}`);
  }
  return urls;
}
