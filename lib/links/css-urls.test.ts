import { describe, expect, it } from 'vitest';
import { cssUrls } from './css-urls.ts';

const urls = (css: string) => cssUrls(css).map((u) => [u.kind, u.url, u.line]);

describe('cssUrls', () => {
  it('finds url() quoted and unquoted, and @import strings and url()s, with their lines', () => {
    const css = [
      '@import "theme.css";',
      "@import url('fonts/font.css') screen;",
      '.a { background: url(images/ui-icons_444444_256x240.png) no-repeat }',
      '.b { background-image: URL( "x y.png" ) }',
    ].join('\n');
    expect(urls(css)).toEqual([
      ['import', 'theme.css', 1],
      ['import', 'fonts/font.css', 2],
      ['url', 'images/ui-icons_444444_256x240.png', 3],
      ['url', 'x y.png', 4],
    ]);
  });

  it('skips comments, ordinary strings, bad urls and names ending in url(', () => {
    const css =
      '/* url(commented.png) */ .a { content: "url(in-a-string.png)"; b: myurl(no.png); c: url(bad"quote.png) }';
    expect(urls(css)).toEqual([]);
  });

  it('decodes escapes', () => {
    expect(urls('.a{b:url(a\\(b\\).png)} .c{d:url("\\66 oo.png")}')).toEqual([
      ['url', 'a(b).png', 1],
      ['url', 'foo.png', 1],
    ]);
  });

  it('ignores empty urls and reads an unterminated one to the end', () => {
    expect(urls('a{b:url()} c{d:url("")} e{f:url(last.png')).toEqual([['url', 'last.png', 1]]);
  });
});

describe('links in a page’s CSS', () => {
  it('are read from <style> blocks and style attributes, with their lines', async () => {
    const { extractLinks } = await import('./extract-links.ts');
    const html = [
      '<html><head><style>',
      '@import "print.css";',
      '.logo { background: url(img/logo.png) }',
      '</style></head>',
      '<body><div style="background-image: url(&quot;img/bg.png&quot;)">x</div></body></html>',
    ].join('\n');
    const links = extractLinks(html, 'http://e.test/docs/').links;
    expect(
      links.map((l) => [l.element, l.attribute, l.kind === 'request' && l.url, l.line]),
    ).toEqual([
      ['style', 'css', 'http://e.test/docs/print.css', 2],
      ['style', 'css', 'http://e.test/docs/img/logo.png', 3],
      ['style', 'style', 'http://e.test/docs/img/bg.png', 5],
    ]);
  });
});
