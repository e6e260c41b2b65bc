/**
 * Job 3 in the background: runs lib/crawl in the service worker, one crawl
 * per site, and makes it outlive the worker.
 *
 *   popup ──start-crawl──▶ Crawler.start ──every result──▶ checkpoint (storage.local)
 *                              │          ProgressPulse ──every 300 ms if changed──▶
 *                              │                          progress (storage.session)
 *   worker stopped ─ ─ ─ ─ ─ ─ ┘  (Chrome stops idle workers; state in memory is lost)
 *   worker starts again (any event: an open popup's or report page's crawl-watch
 *   port, reconnecting as soon as the worker went; an alarm every 30 s; a message)
 *        └─▶ resumeInterrupted: every site whose phase is still "running" resumes
 *            from its checkpoint; only requests that were in flight are asked again.
 *
 * The phase of each site lives in storage.local too, so a browser restart
 * resumes as well; Stop sets it to "stopped" and nothing resumes it but Resume.
 */
import { extensionTranslator } from '../../extension/i18n.ts';
import { browser, type Browser } from 'wxt/browser';
import { systemClock } from '../../lib/crawl/clock.ts';
import type { CrawlCheckpoint } from '../../lib/crawl/crawl-book.ts';
import { AddressGuard } from '../../lib/crawl/address-guard.ts';
import { Crawler, type CrawlPorts } from '../../lib/crawl/crawl.ts';
import { checkpointStats } from '../../lib/crawl/stats.ts';
import { runningCrawlSettings } from '../../lib/settings/crawl-options.ts';
import { isRobotsFetchFresh } from '../../lib/robots/index.ts';
import {
  CRAWL_WATCH_PORT,
  parseMessage,
  type CrawlPhase,
  type CrawlSettings,
  type CrawlSummary,
  type CrawlWatchReply,
  type Message,
  type OkOrError,
} from '../../lib/protocol/messages.ts';
import { crawlOptionsOf } from '../../lib/settings/crawl-options.ts';
import { hasHostAccess } from '../../extension/host-access.ts';
import { loadSettings } from '../../extension/settings.ts';
import { isExtensionPage } from '../../extension/sender.ts';
import { crawlHttpFor } from './crawl-http.ts';
import { identifyWithStoredAddress } from './identify-requests.ts';
import { loadCheckpoint, saveCheckpoint, saveProgress, storedCrawlOrigins } from './crawl-store.ts';
import { ProgressPulse } from './progress-pulse.ts';
import { loadRobotsFetch } from './tab-store.ts';

const KEEPALIVE_ALARM = 'robotlens-crawl-keepalive';
const PHASE_PREFIX = 'crawl.phase.';

interface RunningCrawl {
  crawler: Crawler;
  stop: AbortController;
  pulse: ProgressPulse;
}

const running = new Map<string, RunningCrawl>();
/**
 * Crawls paused because their checkpoint could not be saved (storage full
 * or failing): the only complete copy of what they found is here, so Resume
 * and the report read it from here while the worker lives.
 */
const pausedUnsaved = new Map<string, Crawler>();

/** The freshest state of a site's crawl this worker holds (running, or paused unsaved); else undefined. */
export function liveCheckpoint(origin: string): CrawlCheckpoint | undefined {
  return (running.get(origin)?.crawler ?? pausedUnsaved.get(origin))?.checkpoint();
}
/**
 * Origins being started or resumed right now. Claimed synchronously, before
 * any await, so a Start click and the start-up resumption cannot both
 * launch a crawl of one site.
 */
const claimed = new Set<string>();

function claim(origin: string): boolean {
  if (running.has(origin) || claimed.has(origin)) return false;
  claimed.add(origin);
  return true;
}

export function registerCrawlService(ready: Promise<void>): void {
  browser.runtime.onMessage.addListener((raw, sender: Browser.runtime.MessageSender) => {
    if (!isExtensionPage(sender)) return undefined;
    const message = parseMessage(raw, ['start-crawl', 'stop-crawl', 'resume-crawl']);
    if (!message) return undefined;
    return ready.then(() => handle(message));
  });
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
      const reply: CrawlWatchReply = { running: [...running.keys()] };
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

async function handle(
  message: Message<'start-crawl' | 'stop-crawl' | 'resume-crawl'>,
): Promise<OkOrError> {
  try {
    switch (message.type) {
      case 'start-crawl':
        return await startCrawl(message.startUrl, message.settings);
      case 'stop-crawl':
        return await stopCrawl(message.origin);
      case 'resume-crawl':
        return await resumeCrawl(message.origin);
      default:
        return message satisfies never;
    }
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

async function startCrawl(startUrl: string, settings: CrawlSettings): Promise<OkOrError> {
  const origin = new URL(startUrl).origin;
  const { t } = extensionTranslator();
  if (!claim(origin)) return { ok: false, error: t('crawl_already_running', { origin }) };
  try {
    if (!(await hasHostAccess(origin))) {
      return { ok: false, error: t('crawl_needs_access', { origin }) };
    }
    const known = await loadRobotsFetch(origin);
    const knownRobots = known && isRobotsFetchFresh(known, Date.now()) ? [known] : [];
    // The popup sends its form; the timeout, block list and From come from the Options page.
    const stored = await loadSettings();
    await identifyWithStoredAddress();
    await launch(
      origin,
      Crawler.start(
        { startUrls: [startUrl], ...crawlOptionsOf(settings, stored) },
        { ...portsFor(origin, startUrl), knownRobots },
      ),
    );
    return { ok: true };
  } finally {
    claimed.delete(origin);
  }
}

/**
 * The crawl is aborted before anything is written, so a failed write cannot
 * keep it going; its run then ends and releases the site (launch's finally).
 */
async function stopCrawl(origin: string): Promise<OkOrError> {
  const crawl = running.get(origin);
  if (crawl) crawl.stop.abort(new Error('stopped by the user'));
  await setPhase(origin, 'stopped');
  if (!crawl) await publishStored(origin, 'stopped');
  return { ok: true };
}

async function resumeCrawl(origin: string): Promise<OkOrError> {
  if (!claim(origin)) return { ok: true };
  try {
    const checkpoint = pausedUnsaved.get(origin)?.checkpoint() ?? (await loadCheckpoint(origin));
    pausedUnsaved.delete(origin);
    const { t } = extensionTranslator();
    if (!checkpoint) return { ok: false, error: t('crawl_nothing_to_resume', { origin }) };
    if (checkpoint.finished) return { ok: false, error: t('crawl_already_finished', { origin }) };
    await launch(
      origin,
      Crawler.resume(checkpoint, portsFor(origin, checkpoint.options.startUrls[0]!)),
    );
    return { ok: true };
  } finally {
    claimed.delete(origin);
  }
}

let resuming: Promise<void> | undefined;

/**
 * On every worker start: crawls that were running when the worker stopped
 * go on by themselves. Calls while one is under way share it, so a caller
 * learns when the crawls really run again.
 */
export function resumeInterrupted(): Promise<void> {
  resuming ??= resumeAll().finally(() => {
    resuming = undefined;
  });
  return resuming;
}

async function resumeAll(): Promise<void> {
  for (const origin of await storedCrawlOrigins()) {
    if (!claim(origin)) continue;
    try {
      if ((await phaseOf(origin)) !== 'running') continue;
      const checkpoint = await loadCheckpoint(origin);
      if (checkpoint && !checkpoint.finished) {
        await launch(
          origin,
          Crawler.resume(checkpoint, portsFor(origin, checkpoint.options.startUrls[0]!)),
        );
      }
    } finally {
      claimed.delete(origin);
    }
  }
}

async function launch(origin: string, crawler: Crawler): Promise<void> {
  const stop = new AbortController();
  const pulse = new ProgressPulse({
    read: () => liveSummary(origin, crawler),
    write: saveProgress,
  });
  const entry = { crawler, stop, pulse };
  running.set(origin, entry);
  try {
    await setPhase(origin, 'running');
    await browser.alarms?.create(KEEPALIVE_ALARM, { periodInMinutes: 0.5 });
    await publish(origin, crawler, 'running');
  } catch (error) {
    // A save failed (storage full): the crawl never ran, so nothing may say it runs.
    if (running.get(origin) === entry) running.delete(origin);
    await setPhase(origin, 'failed').catch(() => undefined);
    if (running.size === 0) await browser.alarms?.clear(KEEPALIVE_ALARM).catch(() => undefined);
    throw error;
  }
  pulse.start();
  void crawler
    .run(stop.signal)
    .then(async (checkpoint) => {
      pulse.stop();
      const phase: CrawlPhase = checkpoint.finished ? 'finished' : 'stopped';
      await setPhase(origin, phase).catch(() => undefined);
      if (checkpoint.stoppedBecause !== 'save-failed') return publish(origin, crawler, phase);
      pausedUnsaved.set(origin, crawler);
      await publish(origin, crawler, phase, savePausedMessage(crawler.saveError));
    })
    .catch(async (error: unknown) => {
      pulse.stop();
      await setPhase(origin, 'failed');
      await publish(
        origin,
        crawler,
        'failed',
        error instanceof Error ? error.message : String(error),
      );
    })
    .finally(async () => {
      pulse.stop();
      if (running.get(origin) === entry) running.delete(origin);
      if (running.size === 0) await browser.alarms?.clear(KEEPALIVE_ALARM);
    })
    // The last progress write may fail too (storage full); the site is released all the same.
    .catch(() => undefined);
}

function savePausedMessage(error: Error | null): string {
  const { t } = extensionTranslator();
  return t('crawl_save_paused', { error: error?.message ?? t('crawl_storage_failed') });
}

/** One address rule per crawl, shared by lib/ (IP literals, localhost) and the HTTP port (addresses). */
function portsFor(origin: string, startUrl: string): CrawlPorts {
  const addressGuard = new AddressGuard(startUrl);
  return {
    http: crawlHttpFor(addressGuard),
    addressGuard,
    clock: systemClock,
    save: (checkpoint: CrawlCheckpoint) => saveCheckpoint(origin, checkpoint),
  };
}

/** A running crawl as the popup shows it: the rate over the last seconds, its own settings. */
function liveSummary(origin: string, crawler: Crawler): CrawlSummary {
  return {
    origin,
    startUrl: crawler.book.options.startUrls[0]!,
    phase: 'running',
    stats: crawler.stats(),
    currentUrl: crawler.currentUrl,
    ratePerSecond: crawler.requestsPerSecond(),
    updatedAtMs: Date.now(),
    settings: runningCrawlSettings(crawler.book.options),
  };
}

/** A crawl's final state: the rate is its average over the whole run. */
async function publish(
  origin: string,
  crawler: Crawler,
  phase: CrawlPhase,
  error?: string,
): Promise<void> {
  const stats = crawler.stats();
  await saveProgress({
    origin,
    startUrl: crawler.book.options.startUrls[0]!,
    phase,
    stats,
    currentUrl: null,
    ratePerSecond: averageRate(stats),
    updatedAtMs: Date.now(),
    ...(error ? { error } : {}),
  });
}

/** Requests per second over a crawl's running time. */
function averageRate(stats: CrawlSummary['stats']): number {
  return stats.requests / Math.max(0.001, stats.elapsedMs / 1000);
}

/** The progress item of a crawl that is not running in this worker, from its checkpoint. */
async function publishStored(origin: string, phase: CrawlPhase): Promise<void> {
  const checkpoint = await loadCheckpoint(origin);
  if (!checkpoint) return;
  const stats = checkpointStats(checkpoint);
  await saveProgress({
    origin,
    startUrl: checkpoint.options.startUrls[0]!,
    phase,
    stats,
    currentUrl: null,
    ratePerSecond: averageRate(stats),
    updatedAtMs: Date.now(),
  });
}

async function setPhase(origin: string, phase: CrawlPhase): Promise<void> {
  await browser.storage.local.set({ [PHASE_PREFIX + origin]: phase });
}

async function phaseOf(origin: string): Promise<CrawlPhase | undefined> {
  return (await browser.storage.local.get(PHASE_PREFIX + origin))[PHASE_PREFIX + origin] as
    CrawlPhase | undefined;
}
