/**
 * A crawl checkpoint in a JSON file, written atomically (temp file + rename)
 * so a kill never leaves half a file.
 *
 * The temp file sits next to the state file (rename is atomic only within
 * one file system), often in a shared directory such as /tmp. A predictable
 * name (`<state>.<pid>.tmp`) let anyone plant a symlink there and have the
 * next save overwrite the file it points to. So the name carries 16 random
 * bytes, and the file is opened with `wx` (O_CREAT|O_EXCL): the open fails
 * on anything already at that path, a symlink included, instead of
 * following it. rename() replaces a symlink at the state path itself; it
 * never writes through it.
 */
import { phrase } from '../lib/i18n/phrase.ts';
import { randomBytes } from 'node:crypto';
import { open, readFile, rename, unlink } from 'node:fs/promises';
import type { CrawlCheckpoint } from '../lib/crawl/crawl-book.ts';
import { withPhraseReasons } from '../lib/crawl/stored-reasons.ts';
import { normalizeUrl } from '../lib/url/normalize-url.ts';
import { UsageError } from './usage-error.ts';

/** Fresh names tried when one is taken before the save gives up. */
const NAME_ATTEMPTS = 5;

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
    return withPhraseReasons(checkpoint);
  } catch (error) {
    throw new UsageError(phrase('cli_not_state_file', { file, error: (error as Error).message }));
  }
}

/** A temp-file suffix nobody can guess; replaceable in tests to force a name clash. */
export type TempSuffix = () => string;
const randomSuffix: TempSuffix = () => randomBytes(16).toString('hex');

export async function writeCheckpoint(
  file: string,
  checkpoint: CrawlCheckpoint,
  suffix: TempSuffix = randomSuffix,
): Promise<void> {
  const text = JSON.stringify(checkpoint);
  for (let attempt = 1; ; attempt++) {
    const temporary = `${file}.${suffix()}.tmp`;
    try {
      await writeExclusive(temporary, text);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && attempt < NAME_ATTEMPTS) continue;
      throw error;
    }
    try {
      await rename(temporary, file);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    return;
  }
}

/** Creates `file` (never an existing path, never through a symlink), owner-only, and writes `text`. */
async function writeExclusive(file: string, text: string): Promise<void> {
  const handle = await open(file, 'wx', 0o600);
  try {
    await handle.writeFile(text);
  } catch (error) {
    await handle.close();
    await unlink(file).catch(() => undefined);
    throw error;
  }
  await handle.close();
}

/**
 * `crawl <url> --resume <file>` where the file holds another crawl: refused,
 * rather than silently going on with a site the person did not name.
 */
export function checkSameCrawl(
  previous: Pick<CrawlCheckpoint, 'options'>,
  startUrl: string,
  file: string,
): void {
  const saved = previous.options.startUrls[0] ?? '';
  const asked = normalizeUrl(startUrl);
  if (asked.ok && asked.url === saved) return;
  throw new UsageError(phrase('cliopt_resume_other_crawl', { file, saved, url: startUrl }));
}
