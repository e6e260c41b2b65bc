import { describe, expect, it } from 'vitest';
import { withText } from '../i18n/with-text.ts';
import { english } from '../../components/english.ts';
import { extractLinks } from '../links/extract-links.ts';
import { fingerprintPage } from './fingerprint.ts';
import { readPage as readPageOf } from './read-page.ts';

/** What the function answers, worded as JSON and the tests read it: English, each phrase beside it. */
const readPage = (...args: Parameters<typeof readPageOf>) => withText(readPageOf(...args), english);

const PAGE = 'https://example.com/dir/page.html';
const HTML =
  '<html><head><base href="/b/"><meta name="robots" content="noindex"></head>' +
  '<body><p>Hello</p><a href="x" rel="nofollow">X</a><img src="y.png" alt="Y"></body></html>';

describe('readPage', () => {
  it('gives the same links and fingerprint as the separate readers, from one parse', () => {
    const reading = readPage(HTML, PAGE);
    const { links, baseHref, omittedLinkCount } = extractLinks(HTML, PAGE);
    expect(reading.links).toEqual(links);
    expect(reading.baseHref).toBe(baseHref);
    expect(reading.omittedLinkCount).toBe(omittedLinkCount);
    expect(reading.fingerprint).toEqual(fingerprintPage(HTML));
  });

  it.each<[string, string | undefined, boolean, boolean]>([
    ['', undefined, true, true],
    ['<meta name="robots" content="noindex">', undefined, true, false],
    ['<meta name="robots" content="nofollow">', undefined, false, true],
    ['<meta name="ROBOTS" content="NONE">', undefined, false, false],
    ['<meta name="robots" content="index, follow">', undefined, true, true],
    [
      '<meta name="robots" content="follow"><meta name="robots" content="nofollow">',
      undefined,
      false,
      true,
    ],
    ['<meta name="googlebot" content="nofollow">', undefined, true, true],
    ['<meta name="googlebot" content="nofollow">', 'Googlebot/2.1', false, true],
    ['<meta name="robots" content="noindex">', 'Googlebot', true, false],
    ['<meta name="description" content="nofollow">', undefined, true, true],
  ])('%s for %s → follow %s, index %s', (head, robot, follow, index) => {
    const { robotsMeta } = readPage(`<head>${head}</head><body><a href="/a">a</a></body>`, PAGE, {
      robot,
    });
    expect(robotsMeta.follow.allowed).toBe(follow);
    expect(robotsMeta.index.allowed).toBe(index);
  });

  it('says which tag forbids following', () => {
    const { robotsMeta } = readPage('<meta name="robots" content="noindex, nofollow">', PAGE);
    expect(robotsMeta.follow).toMatchObject({
      allowed: false,
      reason:
        '<meta name="robots" content="noindex, nofollow"> asks robots not to follow its links',
    });
    expect(robotsMeta.metas).toEqual([{ name: 'robots', content: 'noindex, nofollow' }]);
  });
});
