/**
 * Shared pieces of the property tests (`lib/**\/*.property.test.ts`): how a
 * property is run, and the hostile inputs it is run on.
 *
 * Runs use a fixed seed, so a run never fails by chance: a failure is a bug,
 * and fast-check prints the seed and the shrunk counterexample to replay it.
 * To explore beyond the fixed inputs, set `PROPERTY_SEED` (any integer) and
 * `PROPERTY_RUNS_FACTOR` (e.g. 10 for ten times as many runs).
 */
import fc from 'fast-check';

const SEED = Number(process.env.PROPERTY_SEED ?? 20_250_901);
const RUNS_FACTOR = Number(process.env.PROPERTY_RUNS_FACTOR ?? 1);

/** Asserts a property on `numRuns` generated inputs (times PROPERTY_RUNS_FACTOR). */
export function checkProperty<Ts>(property: fc.IProperty<Ts>, numRuns: number): void {
  fc.assert(property, { seed: SEED, numRuns: Math.max(1, Math.round(numRuns * RUNS_FACTOR)) });
}

/** Milliseconds `run` takes (for loose, order-of-magnitude time bounds). */
export function timed(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/** Any UTF-16 code unit, lone surrogates included (what a JS string can hold). */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

/** Characters that break naive parsers: controls, NUL, BOM, line ends, quotes, `%`. */
const trickyChar = fc.constantFrom(
  '\0',
  '\t',
  '\n',
  '\r',
  '\v',
  '\f',
  ' ',
  '\u00a0',
  '\u2028',
  '\ufeff',
  '\ufffd',
  '\ud800',
  '\udfff',
  '%',
  '#',
  '?',
  '/',
  '\\',
  ':',
  ';',
  ',',
  '"',
  "'",
  '<',
  '>',
  '&',
  '=',
  '*',
  '$',
);

/** Any string: ASCII, full Unicode, lone surrogates, or dense in tricky characters. */
export const anyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'binary-ascii', maxLength: 60 }),
  fc.string({ unit: codeUnit, maxLength: 60 }),
  fc.string({
    unit: fc.oneof(trickyChar, fc.string({ minLength: 1, maxLength: 1 })),
    maxLength: 60,
  }),
);

/** `%` followed by anything: valid escapes in either hex case, truncated and invalid ones. */
export const percentEscape: fc.Arbitrary<string> = fc.oneof(
  fc
    .integer({ min: 0, max: 255 })
    .chain((byte) =>
      fc.constantFrom(
        `%${byte.toString(16).padStart(2, '0')}`,
        `%${byte.toString(16).padStart(2, '0').toUpperCase()}`,
      ),
    ),
  fc.constantFrom('%', '%4', '%zz', '%%', '%2', '%g0', '%25', '%2e', '%2E', '%2f', '%2F', '%00'),
);

/** Raw bytes: random, or built from robots.txt-ish pieces and hostile bytes. */
export const anyBytes: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.uint8Array({ maxLength: 400 }),
  fc
    .array(
      fc.oneof(
        fc.uint8Array({ maxLength: 20 }),
        fc.constantFrom(
          ...[
            'User-agent: *',
            'user-agent:Googlebot/2.1',
            'Disallow: /',
            'Allow: /a/index.html',
            'Disallow: /*.pdf$',
            'Disallow /x',
            'disalow: /y',
            'Sitemap: https://example.com/s.xml',
            'Crawl-delay: 1e9',
            'Noindex: /',
            '#',
            ':',
            '\r',
            '\n',
            '\r\n',
            '\ufeff',
            '\0',
            '%',
            '*',
            '$',
          ].map((text) => new TextEncoder().encode(text)),
          new Uint8Array([0xef, 0xbb]),
          new Uint8Array([0xc3]),
          new Uint8Array([0xff, 0xfe]),
          new Uint8Array([0xed, 0xa0, 0x80]),
        ),
      ),
      { maxLength: 40 },
    )
    .map(concatBytes),
);

function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const TAG_NAMES = [
  'a',
  'A',
  'area',
  'img',
  'source',
  'script',
  'style',
  'iframe',
  'frame',
  'meta',
  'base',
  'link',
  'title',
  'textarea',
  'template',
  'noscript',
  'svg',
  'math',
  'head',
  'body',
  'html',
  'div',
  'p',
  'table',
  'select',
  'option',
];
const ATTRIBUTE_NAMES = [
  'href',
  'src',
  'srcset',
  'rel',
  'name',
  'content',
  'http-equiv',
  'property',
  'alt',
  'title',
  'hreflang',
];

/** An attribute value: a URL, robots directives, entities, or anything at all. */
const attributeValue = fc.oneof(
  anyString,
  fc.constantFrom(
    'noindex, nofollow',
    'robots',
    'googlebot',
    'refresh',
    '0; url=/next',
    'canonical',
    'nofollow',
    '/a?b=1&amp;c=2',
    '&',
    '&#',
    '&#x',
    '&#x110000;',
    '&#99999999999;',
    '&amp',
    '&notit;',
    '&unknown;',
    'javascript:void(0)',
    'a.png 1x, b,c.png 2x',
    'data:,x',
    '//host',
    '\\\\host',
  ),
);

const attribute = fc
  .tuple(
    fc.constantFrom(...ATTRIBUTE_NAMES),
    attributeValue,
    fc.constantFrom('"', "'", '', 'broken'),
  )
  .map(([name, value, quote]) =>
    quote === 'broken'
      ? ` ${name}="${value}`
      : ` ${name}=${quote}${value.replaceAll(quote || ' ', '')}${quote}`,
  );

/** Malformed HTML: tags open and closed at random, broken attributes, entities, comments, NULs. */
export const htmlLike: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc
        .tuple(fc.constantFrom(...TAG_NAMES), fc.array(attribute, { maxLength: 4 }), fc.boolean())
        .map(
          ([tag, attributes, selfClosing]) =>
            `<${tag}${attributes.join('')}${selfClosing ? '/>' : '>'}`,
        ),
      fc.constantFrom(...TAG_NAMES).map((tag) => `</${tag}>`),
      fc.constantFrom(
        '<!--',
        '-->',
        '<![CDATA[',
        ']]>',
        '<!doctype html>',
        '<',
        '>',
        '</',
        '<?x',
        '&',
        '&amp;',
        '&#0;',
        '\0',
        '\ufeff',
        '\r',
        '\n',
      ),
      anyString,
    ),
    { maxLength: 30 },
  )
  .map((pieces) => pieces.join(''));
