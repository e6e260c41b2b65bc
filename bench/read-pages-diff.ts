/**
 * Checks, page by page, that the crawl's HTML reading (lib/links/html-events.ts)
 * reads a real site exactly as htmlparser2's Parser did: the same parser
 * events at the same positions (attributes limited to those the readers
 * use), and deep-equal PageReadings with and without the audit's facts.
 * Exits non-zero on the first difference, naming the page.
 *
 *   npx tsx bench/read-pages-diff.ts [dir ...]
 *   (default: Debian's libstdc++ and django docs)
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { htmlFiles } from './html-files.ts';
import { isDeepStrictEqual } from 'node:util';
import { readPage } from '../lib/crawl/read-page.ts';
import { decodeText } from '../lib/http/decode-text.ts';
import { eventLog } from '../tests/support/html-event-log.ts';
import { parserEvents } from '../tests/support/parser-events.ts';
import { streamHtmlEvents } from '../lib/links/html-events.ts';

const DEFAULT_DIRS = [
  '/usr/share/doc/gcc-12-base/libstdc++',
  '/usr/share/doc/python-django-doc/html',
];

/** The first way the two readings of `html` differ, or null. */
function difference(html: string, pageUrl: string): string | null {
  if (!isDeepStrictEqual(eventLog(html, parserEvents), eventLog(html, streamHtmlEvents))) {
    return 'parser events';
  }
  for (const withFacts of [false, true]) {
    const reference = readPage(html, pageUrl, { withFacts }, parserEvents);
    const reading = readPage(html, pageUrl, { withFacts });
    if (!isDeepStrictEqual(reference, reading)) return `PageReading (withFacts: ${withFacts})`;
  }
  return null;
}

async function checkDir(dir: string): Promise<boolean> {
  const files = await htmlFiles(dir);
  for (const file of files) {
    const html = decodeText(new Uint8Array(await readFile(file)), 'text/html');
    const pageUrl = `http://127.0.0.1/${path.relative(dir, file).split(path.sep).join('/')}`;
    const found = difference(html, pageUrl);
    if (found !== null) {
      console.error(`${file}: ${found} differ`);
      return false;
    }
  }
  console.log(`${dir}: ${files.length} pages, events and readings identical`);
  return true;
}

const dirs = process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_DIRS;
for (const dir of dirs) {
  if (!(await checkDir(dir))) process.exitCode = 1;
}
