/**
 * Job 3 in the background: the crawl's requests (start, stop, resume), the
 * open pages' crawl-watch port and the keep-alive alarm. The crawl itself,
 * its state and its storage are the crawl session's (crawl-session.ts).
 */
import { browser } from 'wxt/browser';
import { Crawler } from '../../lib/crawl/crawl.ts';
import { isRobotsFetchFresh } from '../../lib/robots/index.ts';
import {
  CRAWL_WATCH_PORT,
  type CrawlWatchReply,
  type Message,
  type OkOrError,
} from '../../lib/protocol/messages.ts';
import { crawlOptionsOf } from '../../lib/settings/crawl-options.ts';
import { hasHostAccess } from '../../extension/host-access.ts';
import { extensionTranslator } from '../../extension/i18n.ts';
import { isExtensionPage } from '../../extension/sender.ts';
import { loadSettings } from '../../extension/settings.ts';
import {
  KEEPALIVE_ALARM,
  launch,
  launchResumed,
  portsFor,
  resumableCrawl,
  resumeInterrupted,
  runningOrigins,
  stopSession,
  storedCheckpoint,
  withClaim,
} from './crawl-session.ts';
import { identifyWithStoredAddress } from './identify-requests.ts';
import { loadRobotsFetch } from './tab-store.ts';

/** The alarm every 30 s wakes a stopped worker, which resumes its crawls. */
export function registerCrawlAlarm(ready: Promise<void>): void {
  browser.alarms?.onAlarm.addListener((alarm) => {
    if (alarm.name === KEEPALIVE_ALARM) void ready.then(resumeInterrupted);
  });
}

/**
 * The crawl-watch port of open popups and report pages (lib/protocol):
 * its connect wakes a stopped worker, which resumes its crawls at once;
 * each ping is answered with the crawls running here.
 */
export function registerCrawlWatch(ready: Promise<void>): void {
  browser.runtime.onConnect.addListener((port) => {
    if (port.name !== CRAWL_WATCH_PORT || !port.sender || !isExtensionPage(port.sender)) return;
    // The page's connect is what woke a stopped worker: answer once its crawls run again.
    const answer = () => {
      const reply: CrawlWatchReply = { running: runningOrigins() };
      try {
        port.postMessage(reply);
      } catch {
        // The page closed meanwhile.
      }
    };
    void ready.then(resumeInterrupted).then(answer, answer);
    port.onMessage.addListener(answer);
  });
}

/** An error thrown while handling a request is its answer. */
export async function answering(handle: () => Promise<OkOrError>): Promise<OkOrError> {
  try {
    return await handle();
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

export function startCrawl({ startUrl, settings }: Message<'start-crawl'>): Promise<OkOrError> {
  const origin = new URL(startUrl).origin;
  const { t } = extensionTranslator();
  const busy: OkOrError = { ok: false, error: t('crawl_already_running', { origin }) };
  return withClaim(origin, busy, async () => {
    if (!(await hasHostAccess(origin))) {
      return { ok: false, error: t('crawl_needs_access', { origin }) };
    }
    // A finished crawl is crawled again (every page read again; Crawler.recrawl says why).
    const previous = await storedCheckpoint(origin);
    // A re-crawl is there to see what changed: robots.txt is fetched again, never taken
    // from the cache (the popup's answer of a minute ago may predate a deploy).
    const known = previous?.finished ? null : await loadRobotsFetch(origin);
    const knownRobots = known && isRobotsFetchFresh(known, Date.now()) ? [known] : [];
    // The popup sends its form; the timeout, block list and From come from the Options page.
    const stored = await loadSettings();
    await identifyWithStoredAddress();
    const options = { startUrls: [startUrl], ...crawlOptionsOf(settings, stored) };
    const ports = { ...portsFor(origin, startUrl), knownRobots };
    await launch(
      origin,
      previous?.finished
        ? Crawler.recrawl(previous, ports, options)
        : Crawler.start(options, ports),
    );
    return { ok: true };
  });
}

export async function stopCrawl({ origin }: Message<'stop-crawl'>): Promise<OkOrError> {
  await stopSession(origin);
  return { ok: true };
}

export function resumeCrawl({ origin }: Message<'resume-crawl'>): Promise<OkOrError> {
  return withClaim<OkOrError>(origin, { ok: true }, async () => {
    const stored = await resumableCrawl(origin);
    const { t } = extensionTranslator();
    if (!stored) return { ok: false, error: t('crawl_nothing_to_resume', { origin }) };
    if (stored.checkpoint.finished)
      return { ok: false, error: t('crawl_already_finished', { origin }) };
    await launchResumed(origin, stored);
    return { ok: true };
  });
}
