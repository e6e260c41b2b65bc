/**
 * htmlparser2's own Parser as an HtmlEventStream: the reading the crawl did
 * before html-events.ts, kept as the reference that reading is checked
 * against (html-events.test.ts, bench/read-pages-diff.ts). Not used by the
 * crawl: the Parser builds every attribute of every tag.
 */
import { Parser } from 'htmlparser2';
import type { HtmlEventStream } from '../../lib/links/scan-html.ts';

export const parserEvents: HtmlEventStream = (html, handlers, _kept, onStart) => {
  const parser = new Parser(handlers, { decodeEntities: false });
  onStart(parser);
  parser.end(html);
};
