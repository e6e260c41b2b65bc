import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyString, checkProperty } from '../../tests/support/properties.ts';
import { respelledUrl, urlLike, webUrl } from '../../tests/support/url-arbitraries.ts';
import { aliasHints } from './alias-hints.ts';
import {
  ALIAS_REASON_TEXT,
  aliasReasons,
  describeAlias,
  fullAliasReasons,
  hasDotSegment,
} from './alias-reasons.ts';
import { normalizeUrl } from './normalize-url.ts';

const anyInput = fc.oneof(
  anyString,
  urlLike,
  webUrl,
  respelledUrl.map((r) => r.respelled),
);
const anyBase = fc.option(fc.oneof(webUrl, urlLike), { nil: undefined });

describe('aliasReasons and describeAlias, on any input', () => {
  it('never throw, and only name known reasons', () => {
    checkProperty(
      fc.property(anyInput, anyBase, (input, base) => {
        for (const reason of aliasReasons(input, base))
          expect(ALIAS_REASON_TEXT).toHaveProperty(reason);
      }),
      1000,
    );
  });

  it('say two spellings collapse exactly when their visited keys are equal', () => {
    checkProperty(
      fc.property(anyInput, anyInput, anyBase, (a, b, base) => {
        const verdict = describeAlias(a, b, base);
        const [first, second] = [normalizeUrl(a, base), normalizeUrl(b, base)];
        const same = first.ok && second.ok && first.url === second.url;
        expect(verdict.collapses).toBe(same);
      }),
      500,
    );
  });

  it('name at least one reason for every respelling of a URL', () => {
    checkProperty(
      fc.property(respelledUrl, ({ plain, respelled }) => {
        fc.pre(plain !== respelled && normalizeUrl(plain).ok);
        const verdict = describeAlias(plain, respelled);
        expect(verdict.collapses && verdict.reasons.length > 0, respelled).toBe(true);
      }),
      1000,
    );
  });
});

describe('aliasHints, on any input', () => {
  it('never throws, and each hint is another normalized URL', () => {
    checkProperty(
      fc.property(anyInput, (input) => {
        const key = normalizeUrl(input);
        for (const hint of aliasHints(key.ok ? key.url : input)) {
          if (!key.ok) continue;
          expect(hint.url).not.toBe(key.url);
          expect(normalizeUrl(hint.url)).toEqual({ ok: true, url: hint.url });
        }
      }),
      1000,
    );
  });
});

/** Links as generated reference pages write them: plain paths, dot segments, a #fragment or not. */
const plainLink = fc
  .tuple(
    fc.array(
      fc.constantFrom('a', 'B', '0', '_', '-', '.', '..', '~', 'x.html', '?', '=', '&', '%2e'),
      {
        maxLength: 6,
      },
    ),
    fc.option(fc.stringMatching(/^[\w./~?=&:%!$'()*+,;@# \\-]{0,12}$/), { nil: undefined }),
    fc.boolean(),
  )
  .map(([segments, fragment, rooted]) => {
    const path = `${rooted ? '/' : ''}${segments.join('/')}`;
    return fragment === undefined ? path : `${path}#${fragment}`;
  });

describe('aliasReasons shortcuts', () => {
  it('give what a full reading gives, for plain links with and without a #fragment', () => {
    checkProperty(
      fc.property(plainLink, fc.option(webUrl, { nil: undefined }), (raw, base) => {
        expect(aliasReasons(raw, base)).toEqual(fullAliasReasons(raw, base));
      }),
      1_000,
    );
  });
});

/** hasDotSegment as it was first written: split on `/`, a regex per segment. */
function hasDotSegmentBySplit(path: string, relativePath: boolean): boolean {
  const dotSegment = /^(?:\.|%2e){1,2}$/i;
  const segments = path.split('/');
  let start = 0;
  if (relativePath) while (start < segments.length && dotSegment.test(segments[start]!)) start++;
  return segments.slice(start).some((segment) => dotSegment.test(segment));
}

/** Paths made of the pieces dot segments are made of, so that nearly every case comes up. */
const dottyPath = fc
  .array(fc.constantFrom('.', '..', '...', '/', 'a', '%2e', '%2E', '%2', '%', '.a', 'b.'), {
    maxLength: 12,
  })
  .map((pieces) => pieces.join(''));

describe('hasDotSegment', () => {
  it('reads every path as splitting it into segments does', () => {
    checkProperty(
      fc.property(fc.oneof(dottyPath, anyString), fc.boolean(), (path, relativePath) => {
        expect(hasDotSegment(path, relativePath)).toBe(hasDotSegmentBySplit(path, relativePath));
      }),
      5_000,
    );
  });
});
