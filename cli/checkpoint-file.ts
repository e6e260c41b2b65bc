/** A crawl checkpoint in a JSON file, written atomically (temp file + rename) so a kill never leaves half a file. */
import { phrase } from '../lib/i18n/phrase.ts';
import { readFile, rename, writeFile } from 'node:fs/promises';
import type { CrawlCheckpoint } from '../lib/crawl/crawl-book.ts';
import { normalizeUrl } from '../lib/url/normalize-url.ts';
import { UsageError } from './usage-error.ts';

export async function readCheckpoint(file: string): Promise<CrawlCheckpoint | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new UsageError(phrase('cli_cannot_read', { file, error: (error as Error).message }));
  }
  try {
    const checkpoint = JSON.parse(text) as CrawlCheckpoint;
    if (checkpoint.version !== 1 || !Array.isArray(checkpoint.records))
      throw new Error('not a RobotLens crawl state');
    return checkpoint;
  } catch (error) {
    throw new UsageError(phrase('cli_not_state_file', { file, error: (error as Error).message }));
  }
}

export async function writeCheckpoint(file: string, checkpoint: CrawlCheckpoint): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(checkpoint));
  await rename(temporary, file);
}

/**
 * `crawl <url> --resume <file>` where the file holds another crawl: refused,
 * rather than silently going on with a site the person did not name.
 */
export function checkSameCrawl(previous: CrawlCheckpoint, startUrl: string, file: string): void {
  const saved = previous.options.startUrls[0] ?? '';
  const asked = normalizeUrl(startUrl);
  if (asked.ok && asked.url === saved) return;
  throw new UsageError(phrase('cliopt_resume_other_crawl', { file, saved, url: startUrl }));
}
