/** The report page asks for a site's crawl report; it is built from the crawl's latest state. */
import { extensionTranslator } from '../../extension/i18n.ts';
import { browser, type Browser } from 'wxt/browser';
import { buildReport } from '../../lib/crawl/report.ts';
import { checkpointStats } from '../../lib/crawl/stats.ts';
import { parseMessage, type Message, type Reply } from '../../lib/protocol/messages.ts';
import { isExtensionPage } from '../../extension/sender.ts';
import { liveCheckpoint } from './crawl-service.ts';
import { loadCheckpoint } from './crawl-store.ts';

export function registerCrawlReportService(): void {
  browser.runtime.onMessage.addListener((raw, sender: Browser.runtime.MessageSender) => {
    // Only the extension's own pages may read reports; content scripts (next to pages) may not.
    if (!isExtensionPage(sender)) return undefined;
    const message = parseMessage(raw, ['get-crawl-report']);
    return message ? reportFor(message) : undefined;
  });
}

async function reportFor({
  origin,
}: Message<'get-crawl-report'>): Promise<Reply<'get-crawl-report'>> {
  // A crawl paused by a failed save is newer in memory than in storage.
  const checkpoint = liveCheckpoint(origin) ?? (await loadCheckpoint(origin));
  if (!checkpoint)
    return { ok: false, error: extensionTranslator().t('report_no_crawl', { origin }) };
  return { ok: true, report: buildReport(checkpoint, checkpointStats(checkpoint)) };
}
