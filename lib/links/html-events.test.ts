import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deeplyNestedPage, pageWithLinks } from '../../tests/fixtures/hostile-inputs.ts';
import { eventLog } from '../../tests/support/html-event-log.ts';
import { anyString, checkProperty, htmlLike } from '../../tests/support/properties.ts';
import { readPage } from '../crawl/read-page.ts';
import { streamHtmlEvents } from './html-events.ts';
import { parserEvents } from '../../tests/support/parser-events.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../tests/fixtures');

function htmlFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return htmlFilesUnder(file);
    return name.endsWith('.html') ? [file] : [];
  });
}

/** Both sources give the same events, and readPage the same reading with and without facts. */
function expectSameReading(html: string, pageUrl = 'https://example.com/dir/page.html'): void {
  expect(eventLog(html, streamHtmlEvents)).toEqual(eventLog(html, parserEvents));
  for (const withFacts of [false, true]) {
    expect(readPage(html, pageUrl, { withFacts })).toEqual(
      readPage(html, pageUrl, { withFacts }, parserEvents),
    );
  }
}

/** Markup where htmlparser2's tree building decides what the readers see. */
const TREE_CASES: [string, string][] = [
  ['an unclosed anchor closed by its parent', '<div><a href="/a">one<span>two</div>three'],
  ['a new anchor closes the open one', '<a href="/1">one<a href="/2">two</a>'],
  [
    '`</br>` is a `<br>` (and starts the body)',
    '<head></br><meta name="robots" content="noindex">',
  ],
  ['`</p>` alone is an empty paragraph', '<head></p><meta name="robots" content="nofollow">'],
  ['a self-closing anchor in svg closes', '<svg><a href="/in-svg"/>text</svg><a href="/x">x</a>'],
  ['a self-closing anchor in HTML stays open', '<a href="/open"/>text<img alt="alt" src=i.png>'],
  ['svg title is not the page title', '<svg><title>Icon</title></svg><title>Page</title>'],
  ['self-closing title and script in svg', '<svg><title/><script/></svg><title>T</title>text'],
  [
    'html again inside foreignObject',
    '<svg><foreignObject><a href="/f"/>f</a></foreignObject></svg>',
  ],
  ['a stray `</svg>` ends the foreign context', '</svg><svg></svg></svg><a href="/s"/>s</a>'],
  ['implied closes: li, dd, dt', '<ul><li>1<li><a href="/l2">2</a><li>3</ul><dl><dd>a<dt>b</dl>'],
  ['implied closes: tables', '<table><tr><td><a href="/t">t<td>u<tr><th>h</table>'],
  ['`<body>` closes head, link and script', '<head><link rel=x href=/l><script>s<body>b'],
  ['headings close a paragraph', '<p><a href="/p">para<h1>head</h1></a>'],
  ['void elements close at once', '<img src=a.png alt=a><area href=/area alt=area><base href=/b/>'],
  ['a close tag of a void element is ignored', '<a href="/v">v</img></link>w</a>'],
  ['unmatched close tags are ignored', '</div></a></template><a href="/u">u</a>'],
  ['everything open is closed at the end', '<template><a href="/t">t<style>a{b:url(x.png)}'],
  [
    'templates nest',
    '<template><template></template><a href="/in">in</a></template><a href=/out>o',
  ],
  [
    'noscript content',
    '<noscript><a href="/ns">ns</a><meta name=robots content=noindex></noscript>',
  ],
  [
    'upper-case tags and attributes',
    '<A HREF="/up" REL="NoFollow" TITLE="t">UP</A><META NAME=robots CONTENT=noindex>',
  ],
  ['non-ASCII capitals in tag names', '<divÄ><a href="/n">n</divä>after<svgÉ/></svgé>'],
  [
    'the first of repeated attributes',
    '<a href="/first" HREF="/second" href=/third rel=a rel=b>x</a>',
  ],
  ['attributes without values', '<a href rel>empty</a><img src alt><meta name content>'],
  [
    'long and unknown attribute names',
    '<a data-a-very-long-attribute-name="x" class="c" href="/l">l</a>',
  ],
  [
    'style attributes on any element',
    '<div style="background:url(/bg.png)"><span style=x>s</span></div>',
  ],
  [
    'style blocks split by comments',
    '<style>a{b:url(/1.png)}<!-- --></style><style>@import "/i.css";',
  ],
  ['an attribute at the end of the file', '<a href="/eof'],
  ['an unquoted attribute at the end', '<a href=/eof'],
  ['a tag name at the end', 'text<a'],
  [
    'comments, CDATA, declarations, PIs',
    '<!doctype html><!--<a href=/c>--><![CDATA[<a href=/d>]]><?x <a href=/p>?>',
  ],
  ['script text is no markup', '<script>"<a href=/s>"</script><a href=/real>r</a>'],
  ['an unterminated script', '<a href=/before>b</a><script>var a = "<a href=/x>";'],
  ['title text keeps markup', '<title>a <b>bold</b> &amp; </title><title>second</title>'],
  [
    'lines of links after multi-line tags',
    '<a\nhref="/1"\n>1</a>\n<!--\n\n-->\n<img\nsrc=/2>\n</p>\n<a href=/3>',
  ],
  ['a byte-order mark', '\uFEFF<a href="/bom">bom</a>'],
  [
    'deep nesting of form elements',
    '<select><option>a<option>b<optgroup><option>c</select><input><button>',
  ],
  ['ruby', '<ruby>a<rt>b<rp>c<rt>d</ruby>'],
];

describe('html-events reads as htmlparser2 Parser does', () => {
  it.each(TREE_CASES)('%s', (_name, html) => {
    expectSameReading(html);
  });

  it('every HTML fixture under tests/fixtures', () => {
    const files = htmlFilesUnder(FIXTURES);
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const html = readFileSync(file, 'utf8');
      const pageUrl = `http://127.0.0.1/${path.relative(FIXTURES, file)}`;
      expect({ file, events: eventLog(html, streamHtmlEvents) }).toEqual({
        file,
        events: eventLog(html, parserEvents),
      });
      for (const withFacts of [false, true]) {
        expect({ file, reading: readPage(html, pageUrl, { withFacts }) }).toEqual({
          file,
          reading: readPage(html, pageUrl, { withFacts }, parserEvents),
        });
      }
    }
  });

  it('huge and deeply nested pages', () => {
    expectSameReading(pageWithLinks(2_000));
    expectSameReading(deeplyNestedPage(3_000));
    expectSameReading(deeplyNestedPage(3_000, false));
  });
});

/** Tags whose tree building differs: implied closes, void elements, foreign content. */
const TREE_TAGS = [
  'a',
  'A',
  'p',
  'P',
  'br',
  'li',
  'ul',
  'tr',
  'td',
  'th',
  'table',
  'tbody',
  'thead',
  'dd',
  'dt',
  'h1',
  'div',
  'option',
  'optgroup',
  'select',
  'input',
  'button',
  'rt',
  'rp',
  'img',
  'area',
  'link',
  'meta',
  'base',
  'source',
  'hr',
  'svg',
  'math',
  'mi',
  'title',
  'desc',
  'foreignObject',
  'template',
  'noscript',
  'script',
  'style',
  'head',
  'body',
  'span',
];
const TREE_ATTRIBUTES = ['href', 'HREF', 'style', 'rel', 'src', 'alt', 'title', 'content', 'name'];
const treeAttribute = fc
  .tuple(
    fc.constantFrom(...TREE_ATTRIBUTES),
    fc.constantFrom('/x', 'url(/y.png)', 'robots', 'noindex', 'nofollow', ''),
  )
  .map(([name, value]) => ` ${name}="${value}"`);
const treeHtml = fc
  .array(
    fc.oneof(
      fc
        .tuple(
          fc.constantFrom(...TREE_TAGS),
          fc.array(treeAttribute, { maxLength: 3 }),
          fc.boolean(),
        )
        .map(
          ([tag, attributes, selfClosing]) =>
            `<${tag}${attributes.join('')}${selfClosing ? '/>' : '>'}`,
        ),
      fc.constantFrom(...TREE_TAGS).map((tag) => `</${tag}>`),
      fc.constantFrom('text', ' ', '\n', '&amp;', '<!-- c -->'),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

describe('html-events on any markup', () => {
  it('tags opened and closed at random: the same events and readings', () => {
    checkProperty(
      fc.property(treeHtml, (html) => expectSameReading(html)),
      1500,
    );
  });

  it('malformed HTML and any string: the same events and readings', () => {
    checkProperty(
      fc.property(fc.oneof(htmlLike, anyString), (html) => expectSameReading(html)),
      1500,
    );
  });
});
