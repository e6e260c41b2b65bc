/** The report page asks for a site's crawl report; it is built from the crawl's latest state. */
import { extensionTranslator } from '../../extension/i18n.ts';
import { buildReport } from '../../lib/crawl/report.ts';
import { checkpointStats } from '../../lib/crawl/stats.ts';
import type { Message, Reply } from '../../lib/protocol/messages.ts';
import { latestCheckpoint } from './crawl-session.ts';

export async function reportFor({
  origin,
}: Message<'get-crawl-report'>): Promise<Reply<'get-crawl-report'>> {
  // A crawl paused by a failed save is newer in memory than in storage.
  const checkpoint = await latestCheckpoint(origin);
  if (!checkpoint)
    return { ok: false, error: extensionTranslator().t('report_no_crawl', { origin }) };
  return { ok: true, report: buildReport(checkpoint, checkpointStats(checkpoint)) };
}
