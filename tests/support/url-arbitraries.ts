/**
 * URLs for property tests: URL-shaped junk that reaches every branch of the
 * URL parser, and "spellings" of one resource — a plain http(s) URL plus the
 * ways the same URL is commonly written differently (scheme and host case,
 * default port, escapes of unreserved characters, dot segments, fragment,
 * credentials, backslashes, whitespace, Unicode host names).
 */
import fc from 'fast-check';
import { anyString, percentEscape } from './properties.ts';

const UNRESERVED = [...'abcxyzABCXYZ0189-._~'];
/** Characters and escapes whose spelling is part of the resource (never rewritten). */
const KEPT_AS_WRITTEN = [
  ..."!$&'()*+,;=:@",
  '%2F',
  '%3A',
  '%3F',
  '%23',
  '%25',
  '%C3%A9',
  'é',
  '%20',
];

/** Unicode host names and the punycode the URL parser turns them into. */
export const IDN_HOSTS: readonly (readonly [unicode: string, ascii: string])[] = [
  ['bücher.example', 'xn--bcher-kva.example'],
  ['münchen.test', 'xn--mnchen-3ya.test'],
  ['例え.テスト', 'xn--r8jz45g.xn--zckzah'],
  ['ＦＵＬＬ.test', 'full.test'],
];

/** A URL as written, piece by piece. */
export interface Spelling {
  scheme: string;
  /** `user:pass@` or ''. */
  credentials: string;
  host: string;
  /** `:8080`, `:80`, `:` or ''. */
  port: string;
  /** Path segments (none of them `.` or `..` in a plain spelling). */
  segments: string[];
  /** Written as `/` when false and there are no segments; left out when true. */
  emptyPath: boolean;
  /** What separates the authority and segments. */
  slash: '/' | '\\';
  /** Query text without `?`, or null for no query. */
  query: string | null;
  /** Fragment text without `#`, or null. */
  fragment: string | null;
  /** Whitespace the parser drops: [before, inside at `insideAt`, after]. */
  whitespace: [string, string, string];
  insideAt: number;
}

const segment = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...UNRESERVED) },
      fc.constantFrom(...KEPT_AS_WRITTEN),
    ),
    { maxLength: 8 },
  )
  .map((chars) => chars.join(''))
  .filter((text) => text !== '.' && text !== '..');

/** Plain spellings of http(s) URLs: lower-case, no default port, `/` for an empty path. */
export const plainSpelling: fc.Arbitrary<Spelling> = fc.record({
  scheme: fc.constantFrom('http', 'https'),
  credentials: fc.constant(''),
  host: fc.oneof(
    { weight: 4, arbitrary: fc.domain() },
    fc.ipV4(),
    fc.ipV6().map((ip) => `[${ip}]`),
    fc.constantFrom(...IDN_HOSTS.map(([, ascii]) => ascii)),
  ),
  port: fc.oneof(
    fc.constant(''),
    fc
      .integer({ min: 1, max: 65_535 })
      .filter((port) => port !== 80 && port !== 443)
      .map((port) => `:${port}`),
  ),
  segments: fc.array(segment, { maxLength: 5 }),
  emptyPath: fc.constant(false),
  slash: fc.constant('/' as const),
  query: fc.option(fc.array(segment, { maxLength: 4 }).map((pairs) => pairs.join('&'))),
  fragment: fc.constant(null),
  whitespace: fc.constant<[string, string, string]>(['', '', '']),
  insideAt: fc.constant(0),
});

/** The URL text of a spelling. */
export function write(s: Spelling): string {
  const path =
    s.segments.length === 0 && s.emptyPath ? '' : `${s.slash}${s.segments.join(s.slash)}`;
  const query = s.query === null ? '' : `?${s.query}`;
  const fragment = s.fragment === null ? '' : `#${s.fragment}`;
  const slashes = s.slash === '/' ? '//' : '\\\\';
  const url = `${s.scheme}:${slashes}${s.credentials}${s.host}${s.port}${path}${query}${fragment}`;
  const [before, inside, after] = s.whitespace;
  const at = Math.min(s.insideAt, url.length);
  return `${before}${url.slice(0, at)}${inside}${url.slice(at)}${after}`;
}

type Pick = (n: number) => number;

/** One way of writing a URL differently that names the same resource. */
export interface Respelling {
  name: string;
  apply(s: Spelling, pick: Pick): Spelling;
}

const mixCase = (text: string, pick: Pick) =>
  [...text].map((char) => (pick(2) === 0 ? char.toUpperCase() : char.toLowerCase())).join('');

/** `%xx` of an ASCII character, hex in either case. */
const escapeOf = (char: string, pick: Pick) => {
  const hex = char.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${pick(2) === 0 ? hex.toUpperCase() : hex}`;
};

/** Escapes some unreserved characters (not the hex digits of an escape already there). */
const escapeUnreserved = (text: string, pick: Pick) =>
  text.replace(/%[0-9A-Fa-f]{2}|[A-Za-z0-9._~-]/g, (match) =>
    match.length === 1 && pick(3) === 0 ? escapeOf(match, pick) : match,
  );

const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: '80', https: '443' };
const DOT_SEGMENTS = ['.', '%2e', '%2E', 'zz/..', 'zz/%2e%2E', 'zz/.%2e'];

export const RESPELLINGS: readonly Respelling[] = [
  { name: 'scheme case', apply: (s, pick) => ({ ...s, scheme: mixCase(s.scheme, pick) }) },
  { name: 'host case', apply: (s, pick) => ({ ...s, host: mixCase(s.host, pick) }) },
  {
    name: 'default port',
    apply: (s, pick) =>
      s.port !== ''
        ? s
        : { ...s, port: pick(2) === 0 ? `:${DEFAULT_PORTS[s.scheme.toLowerCase()]}` : ':' },
  },
  {
    name: 'escaped unreserved characters',
    apply: (s, pick) => ({
      ...s,
      segments: s.segments.map((text) => escapeUnreserved(text, pick)),
      query: s.query === null ? null : escapeUnreserved(s.query, pick),
    }),
  },
  {
    name: 'lower-case escape hex',
    apply: (s) => ({
      ...s,
      segments: s.segments.map((text) => text.replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase())),
    }),
  },
  {
    name: 'dot segment',
    apply: (s, pick) => {
      const segments = [...s.segments];
      // Last, a dot segment would leave a trailing `/`: insert it before an existing segment.
      const at = pick(Math.max(1, segments.length));
      segments.splice(at, 0, ...(DOT_SEGMENTS[pick(DOT_SEGMENTS.length)] ?? '.').split('/'));
      return { ...s, segments };
    },
  },
  {
    name: 'fragment',
    apply: (s, pick) => ({ ...s, fragment: ['', 'top', '#', '%zz', 'a b'][pick(5)] ?? '' }),
  },
  {
    name: 'credentials',
    apply: (s, pick) => ({ ...s, credentials: ['user@', 'u:p@', ':@', 'a%40b:c@'][pick(4)] ?? '' }),
  },
  { name: 'empty path', apply: (s) => ({ ...s, emptyPath: true }) },
  { name: 'backslashes', apply: (s) => ({ ...s, slash: '\\' }) },
  {
    name: 'whitespace',
    apply: (s, pick) => ({
      ...s,
      whitespace: [[' ', '\t', '\0 '][pick(3)] ?? '', ['\t', '\n', '\r\n'][pick(3)] ?? '', '\n '],
      insideAt: pick(60),
    }),
  },
  {
    name: 'IPv4 notation',
    apply: (s, pick) => {
      const parts = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s.host)?.slice(1).map(Number);
      // Only from the plain decimal form (`010` is octal 8).
      if (parts === undefined || parts.join('.') !== s.host) return s;
      const forms = [
        String(parts.reduce((n, part) => n * 256 + part, 0)),
        parts.map((part) => `0x${part.toString(16)}`).join('.'),
        parts.map((part) => `0${part.toString(8)}`).join('.'),
      ];
      return { ...s, host: forms[pick(forms.length)] ?? s.host };
    },
  },
  {
    name: 'Unicode host',
    apply: (s, pick) => {
      const idn = IDN_HOSTS.find(([, ascii]) => ascii === s.host.toLowerCase());
      return idn ? { ...s, host: pick(2) === 0 ? idn[0] : idn[0].toUpperCase() } : s;
    },
  },
];

/** A plain URL and the same URL with 1–4 respellings applied, in order. */
export const respelledUrl: fc.Arbitrary<{ plain: string; respelled: string; how: string[] }> = fc
  .record({
    plain: plainSpelling,
    steps: fc.array(fc.nat(RESPELLINGS.length - 1), { minLength: 1, maxLength: 4 }),
    choices: fc.array(fc.nat(1_000), { minLength: 32, maxLength: 32 }),
  })
  .map(({ plain, steps, choices }) => {
    let counter = 0;
    const pick: Pick = (n) => (n <= 1 ? 0 : (choices[counter++ % choices.length] ?? 0) % n);
    const how = steps.map((step) => RESPELLINGS[step]?.name ?? '');
    const respelled = steps.reduce(
      (spelling, step) => RESPELLINGS[step]?.apply(spelling, pick) ?? spelling,
      plain,
    );
    return { plain: write(plain), respelled: write(respelled), how };
  });

/** URL-shaped junk: pieces of real URL syntax glued together at random. */
export const urlLike: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'http:',
        'HTTPS:',
        'hTtP://',
        'ftp://',
        'mailto:',
        'javascript:',
        'data:,',
        'file:///',
        'x-robotlens:?',
        '//',
        '\\\\',
        '/',
        '@',
        'user:pw@',
        '[::1]',
        '[0:0::1]',
        '[::ffff:1.2.3.4]',
        '[bad',
        '127.0.0.1',
        '0x7f.1',
        '2130706433',
        '999.1.1.1',
        'Example.COM',
        'xn--',
        'xn--bcher-kva',
        'bücher',
        '例え',
        ':80',
        ':443',
        ':',
        ':65536',
        ':0080',
        '.',
        '..',
        '/./',
        '/../',
        '%2e',
        '%2E%2e',
        '?',
        '&',
        '=',
        '#',
        ' ',
        '\t',
        '\n',
        '\0',
        '\ufeff',
        '\ud800',
      ),
      percentEscape,
      fc.webSegment(),
      anyString,
    ),
    { maxLength: 12 },
  )
  .map((pieces) => pieces.join(''));

/** Real-looking absolute URLs with query and fragment, scheme and host case mixed. */
export const webUrl: fc.Arbitrary<string> = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.mixedCase(fc.webUrl({ withQueryParameters: true, withFragments: true })),
);
