/**
 * A saved crawl read back for comparison: the JSON report `robotlens crawl
 * --format json` writes, or a `--resume` state file (a SQLite database, or a
 * JSON CrawlCheckpoint of the format before; either's report is built first). Either becomes the snapshot
 * lib/watch/compare-crawls.ts compares; anything else is refused with the
 * file named and what is wrong (exit code 2).
 */
import { readFile } from 'node:fs/promises';
import type { CrawlCheckpoint } from '../../lib/crawl/crawl-book.ts';
import { buildReport } from '../../lib/crawl/report.ts';
import { checkpointStats } from '../../lib/crawl/stats.ts';
import { withPhraseReasons } from '../../lib/crawl/stored-reasons.ts';
import { phrase } from '../../lib/i18n/phrase.ts';
import { snapshotOfReport, snapshotOfSavedReport } from '../../lib/watch/snapshot.ts';
import type { CrawlSnapshot } from '../../lib/watch/types.ts';
import { SqliteCrawlStore } from '../state/sqlite-crawl-store.ts';
import { stateFormatOf } from '../state/state-file.ts';
import { UsageError } from '../usage-error.ts';

export async function readSavedCrawl(file: string): Promise<CrawlSnapshot> {
  try {
    if ((await stateFormatOf(file)) === 'sqlite') return snapshotOfCheckpoint(readStore(file));
    return snapshotOfJson(JSON.parse(await readFile(file, 'utf8')) as unknown);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(phrase('cli_saved_crawl_unreadable', { file, error: message }));
  }
}

/** A state file is told apart by what only it has: its records and its queue. */
export function snapshotOfJson(json: unknown): CrawlSnapshot {
  if (isCheckpoint(json)) return snapshotOfCheckpoint(withPhraseReasons(json));
  return snapshotOfSavedReport(json);
}

function snapshotOfCheckpoint(checkpoint: CrawlCheckpoint): CrawlSnapshot {
  return snapshotOfReport(buildReport(checkpoint, checkpointStats(checkpoint)));
}

/** A state database, opened to read only: comparing never writes to a crawl's state. */
function readStore(file: string): CrawlCheckpoint {
  const store = SqliteCrawlStore.open(file, { readonly: true });
  try {
    const checkpoint = store.load();
    if (!checkpoint) throw new Error('a crawl state that holds no crawl yet');
    return checkpoint;
  } finally {
    store.close();
  }
}

function isCheckpoint(json: unknown): json is CrawlCheckpoint {
  if (typeof json !== 'object' || json === null) return false;
  const fields = json as Partial<Record<keyof CrawlCheckpoint, unknown>>;
  return fields.version === 1 && Array.isArray(fields.records) && Array.isArray(fields.queue);
}
