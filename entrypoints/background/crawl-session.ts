/**
 * The crawl of each site in the service worker, and its one owner. A
 * CrawlSession holds a site's phase and crawler (whose checkpoint it is),
 * and builds its summary; this module alone writes the site's storage items
 * (extension/crawl-items.ts), so nothing else can leave them disagreeing.
 *
 *   start / resume ──▶ CrawlSession ── crawler.run ──what changed──▶ crawl state (IndexedDB,
 *        │                                          extension/crawl-store.ts)
 *        │   phase (local): running ─▶ finished | stopped | failed
 *        │   ProgressPulse ──every 300 ms if changed──▶ progress (session) ◀── popup, report page
 *   worker stopped ─ ─ ─ ┘  (Chrome stops idle workers; every session in memory is lost)
 *   worker starts again (a page's crawl-watch port, the alarm every 30 s, a message)
 *        └─▶ resumeInterrupted: each site whose phase is still "running" resumes from
 *            its checkpoint; only requests that were in flight are asked again.
 *   Stop ──▶ phase "stopped": nothing resumes it but Resume.
 *   A save fails (storage full) ──▶ the crawl pauses ("stopped", save-failed) and its
 *       session stays in memory, the only complete copy: Resume and the report read it.
 *
 * The phase lives in storage.local (the state in IndexedDB), so a browser
 * restart resumes as well. Progress writes go one after another, each to
 * its own site's item: no write reads another's record, and a live tick
 * never lands after the final state it preceded.
 */
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { systemClock } from '../../lib/crawl/clock.ts';
import { withPhraseReasons } from '../../lib/crawl/stored-reasons.ts';
import type { CrawlCheckpoint } from '../../lib/crawl/crawl-book.ts';
import { AddressGuard } from '../../lib/crawl/address-guard.ts';
import { Crawler, type CrawlPorts } from '../../lib/crawl/crawl.ts';
import { checkpointStats } from '../../lib/crawl/stats.ts';
import type { CrawlPhase, CrawlSummary } from '../../lib/protocol/messages.ts';
import { runningCrawlSettings } from '../../lib/settings/crawl-options.ts';
import {
  checkpointItem,
  PHASE_PREFIX,
  phaseItem,
  PROGRESS_PREFIX,
  progressItem,
  storedKeys,
} from '../../extension/crawl-items.ts';
import { extensionTranslator } from '../../extension/i18n.ts';
import { loadCrawl, saveCrawlChanges } from '../../extension/crawl-store.ts';
import { crawlHttpFor } from './crawl-http.ts';
import { ProgressPulse } from './progress-pulse.ts';
import { setKept } from './session-cache.ts';
import { recordFinishedCrawl } from './watch-service.ts';

export const KEEPALIVE_ALARM = 'robotlens-crawl-keepalive';

/** One site's crawl in this worker: running, or paused because its checkpoint could not be saved. */
export class CrawlSession {
  readonly origin: string;
  readonly crawler: Crawler;
  phase: CrawlPhase = 'running';
  /** Why it failed or paused, shown with its summary. */
  error: string | undefined;
  /** Until its run and final writes are done, the site is taken: nothing else starts it. */
  settled = false;
  /** Paused because a save failed: kept in memory once settled, for Resume and the report. */
  unsaved = false;
  readonly stop = new AbortController();
  readonly pulse: ProgressPulse;

  constructor(origin: string, crawler: Crawler) {
    this.origin = origin;
    this.crawler = crawler;
    this.pulse = new ProgressPulse({ read: () => this.summary(), write: writeProgress });
  }

  checkpoint(): CrawlCheckpoint {
    return this.crawler.checkpoint();
  }

  summary(): CrawlSummary {
    return toSummary(this.origin, this.phase, this.crawler, this.error);
  }
}

/**
 * A site's crawl as the pages show it, from a live crawler or a stored
 * checkpoint. While it runs: the rate over the last seconds and its own
 * settings; after, the rate is the average over the whole run.
 */
export function toSummary(
  origin: string,
  phase: CrawlPhase,
  source: Crawler | CrawlCheckpoint,
  error?: string,
): CrawlSummary {
  const live = source instanceof Crawler ? source : null;
  const options = live ? live.book.options : (source as CrawlCheckpoint).options;
  const stats = live ? live.stats() : checkpointStats(source as CrawlCheckpoint);
  const running = live !== null && phase === 'running';
  return {
    origin,
    startUrl: options.startUrls[0]!,
    phase,
    stats,
    currentUrl: running ? live.currentUrl : null,
    ratePerSecond: running
      ? live.requestsPerSecond()
      : stats.requests / Math.max(0.001, stats.elapsedMs / 1000),
    updatedAtMs: Date.now(),
    ...(running ? { settings: runningCrawlSettings(options) } : {}),
    ...(error ? { error } : {}),
  };
}

const sessions = new Map<string, CrawlSession>();
/**
 * Origins being started or resumed right now. Claimed synchronously, before
 * any await, so a Start click and the start-up resumption cannot both
 * launch a crawl of one site.
 */
const claimed = new Set<string>();

/** Origins whose crawl runs in this worker now. */
export function runningOrigins(): string[] {
  return [...sessions.values()].filter((s) => !s.settled).map((s) => s.origin);
}

/** The freshest state of a site's crawl: this worker's (running, or paused unsaved), else the stored one. */
export async function latestCheckpoint(origin: string): Promise<CrawlCheckpoint | undefined> {
  return sessions.get(origin)?.checkpoint() ?? (await storedCheckpoint(origin));
}

export async function storedCheckpoint(origin: string): Promise<CrawlCheckpoint | undefined> {
  return (await storedCrawl(origin))?.checkpoint;
}

/**
 * A site's stored crawl, and whether IndexedDB holds it as a resumed crawl
 * saves it (else it is one stored an older way: its first save writes it all).
 */
export interface StoredCrawl {
  checkpoint: CrawlCheckpoint;
  inStore: boolean;
}

/**
 * IndexedDB first (extension/crawl-store.ts); else a crawl stored before it,
 * as one item in storage.local: a paused crawl of an earlier version still
 * resumes (its first save moves it to IndexedDB) and its report still shows.
 */
export async function storedCrawl(origin: string): Promise<StoredCrawl | undefined> {
  const inStore = await loadCrawl(origin);
  if (inStore) return { checkpoint: inStore.checkpoint, inStore: inStore.current };
  const stored: unknown = await checkpointItem(origin).getValue();
  if (stored === null) return undefined;
  // Text since 0.1.0; an object is a crawl stored before, written after this worker's migration ran.
  // Older versions stored each reason twice (English and phrase) or in English alone.
  const checkpoint = withPhraseReasons(
    typeof stored === 'string'
      ? (JSON.parse(stored) as CrawlCheckpoint)
      : (stored as CrawlCheckpoint),
  );
  return { checkpoint, inStore: false };
}

/**
 * Runs `launch` for `origin` unless its crawl runs or is being launched
 * (then `busy`): the site is claimed until `launch` has started the crawl or failed.
 */
export async function withClaim<T>(origin: string, busy: T, launch: () => Promise<T>): Promise<T> {
  const session = sessions.get(origin);
  if ((session && !session.settled) || claimed.has(origin)) return busy;
  claimed.add(origin);
  try {
    return await launch();
  } finally {
    claimed.delete(origin);
  }
}

/**
 * One address rule per crawl, shared by lib/ (IP literals, localhost) and
 * the HTTP port (addresses). The state is saved to IndexedDB as it changes,
 * a save as soon as the one before is done (each writes only what changed):
 * a stopped worker loses the results of one save at most. `storeHolds`: the
 * crawl was resumed from IndexedDB, which holds its rows already.
 */
export function portsFor(origin: string, startUrl: string, storeHolds = false): CrawlPorts {
  const addressGuard = new AddressGuard(startUrl);
  return {
    http: crawlHttpFor(addressGuard),
    addressGuard,
    clock: systemClock,
    checkpointEveryMs: 0,
    storeHolds,
    // The store keeps each save (extension/crawl-store.ts): rewritten whole now and then.
    rewriteAfterRowsPerUrl: 8,
    saveChanges: async (changes) => {
      await saveCrawlChanges(origin, changes);
      // Every row is in IndexedDB now: a copy stored the old way is out of date.
      if (changes.replace)
        await checkpointItem(origin)
          .removeValue()
          .catch(() => undefined);
    },
  };
}

/**
 * The state a Resume continues from: the session paused unsaved, when this
 * worker holds one (it is handed over, and forgotten here), else the stored one.
 */
export async function resumableCrawl(origin: string): Promise<StoredCrawl | undefined> {
  const paused = sessions.get(origin);
  if (!paused?.unsaved) return storedCrawl(origin);
  sessions.delete(origin);
  // Its last saves failed: IndexedDB may lack some of it, so its first save writes it all.
  return { checkpoint: paused.checkpoint(), inStore: false };
}

/** Goes on with a stored or paused crawl: queued and in-flight URLs are fetched, nothing else again. */
export function launchResumed(origin: string, { checkpoint, inStore }: StoredCrawl): Promise<void> {
  return launch(
    origin,
    Crawler.resume(checkpoint, portsFor(origin, checkpoint.options.startUrls[0]!, inStore)),
  );
}

/** Runs `crawler` as `origin`'s session; throws, leaving nothing running, when its first writes fail. */
export async function launch(origin: string, crawler: Crawler): Promise<void> {
  const session = new CrawlSession(origin, crawler);
  sessions.set(origin, session);
  try {
    await phaseItem(origin).setValue('running');
    await browser.alarms?.create(KEEPALIVE_ALARM, { periodInMinutes: 0.5 });
    await writeProgress(session.summary());
  } catch (error) {
    // A save failed (storage full): the crawl never ran, so nothing may say it runs.
    release(session);
    await phaseItem(origin)
      .setValue('failed')
      .catch(() => undefined);
    if (runningOrigins().length === 0)
      await browser.alarms?.clear(KEEPALIVE_ALARM).catch(() => undefined);
    throw error;
  }
  void keepProgressWithinSiteLimit().catch(() => undefined);
  session.pulse.start();
  void run(session);
}

async function run(session: CrawlSession): Promise<void> {
  const { origin, crawler } = session;
  await crawler
    .run(session.stop.signal)
    .then(async (checkpoint) => {
      session.pulse.stop();
      session.phase = checkpoint.finished ? 'finished' : 'stopped';
      await phaseItem(origin)
        .setValue(session.phase)
        .catch(() => undefined);
      if (checkpoint.stoppedBecause === 'save-failed') {
        session.unsaved = true;
        session.error = savePausedMessage(crawler);
      }
      await writeProgress(session.summary());
      // Kept to compare the next crawl with; a failure here leaves the crawl as it is.
      if (checkpoint.finished) await recordFinishedCrawl(origin, checkpoint).catch(() => undefined);
    })
    .catch(async (error: unknown) => {
      session.pulse.stop();
      session.phase = 'failed';
      session.error = error instanceof Error ? error.message : String(error);
      await phaseItem(origin).setValue('failed');
      await writeProgress(session.summary());
    })
    .finally(async () => {
      session.pulse.stop();
      // A crawl paused unsaved stays: its session is the only complete copy of what it found.
      if (session.unsaved) session.settled = true;
      else release(session);
      if (runningOrigins().length === 0) await browser.alarms?.clear(KEEPALIVE_ALARM);
    })
    // The last progress write may fail too (storage full); the site is released all the same.
    .catch(() => undefined);
}

function release(session: CrawlSession): void {
  session.settled = true;
  if (sessions.get(session.origin) === session) sessions.delete(session.origin);
}

function savePausedMessage(crawler: Crawler): string {
  const { t } = extensionTranslator();
  return t('crawl_save_paused', { error: crawler.saveError?.message ?? t('crawl_storage_failed') });
}

/**
 * Stops `origin`'s crawl: it is aborted before anything is written, so a
 * failed write cannot keep it going; its run then ends and releases the site.
 */
export async function stopSession(origin: string): Promise<void> {
  const session = sessions.get(origin);
  const running = session && !session.settled ? session : undefined;
  running?.stop.abort(new Error('stopped by the user'));
  await phaseItem(origin).setValue('stopped');
  if (running) return;
  // Not running here: its progress item is made from the stored checkpoint.
  const stored = await storedCheckpoint(origin);
  if (stored) await writeProgress(toSummary(origin, 'stopped', stored));
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
    await withClaim(origin, undefined, async () => {
      if ((await phaseItem(origin).getValue()) !== 'running') return;
      const stored = await storedCrawl(origin);
      if (stored && !stored.checkpoint.finished) await launchResumed(origin, stored);
    });
  }
}

/** Origins with a stored crawl phase (key names only: values can be megabytes). */
async function storedCrawlOrigins(): Promise<string[]> {
  return (await storedKeys(browser.storage.local))
    .filter((key) => key.startsWith(PHASE_PREFIX))
    .map((key) => key.slice(PHASE_PREFIX.length));
}

let progressWrites: Promise<void> = Promise.resolve();

/** Sites whose progress is kept at most; the longest-untouched finished ones go first. */
const MAX_PROGRESS_SITES = 50;
/** A URL or message in a progress item is cut to this: it is shown in one line of the popup. */
const MAX_PROGRESS_TEXT_CHARS = 2_048;

/**
 * Writes one site's progress item, in the order asked, cut to size. Should
 * session storage be full, cached copies are evicted to make room
 * (setKept); it throws only when even that fails.
 */
function writeProgress(summary: CrawlSummary): Promise<void> {
  const write = progressWrites.then(() =>
    setKept(() => progressItem(summary.origin).setValue(boundedSummary(summary))),
  );
  progressWrites = write.catch(() => undefined);
  return write;
}

function boundedSummary(summary: CrawlSummary): CrawlSummary {
  const cut = (text: string) => text.slice(0, MAX_PROGRESS_TEXT_CHARS);
  return {
    ...summary,
    startUrl: cut(summary.startUrl),
    currentUrl: summary.currentUrl === null ? null : cut(summary.currentUrl),
    ...(summary.error === undefined ? {} : { error: cut(summary.error) }),
  };
}

/** At most MAX_PROGRESS_SITES progress items: run when a crawl starts, in the write order. */
function keepProgressWithinSiteLimit(): Promise<void> {
  const prune = progressWrites.then(async () => {
    const keys = (await storedKeys(browser.storage.session))
      .filter((key) => key.startsWith(PROGRESS_PREFIX))
      .map((key) => `session:${key}` as const);
    if (keys.length <= MAX_PROGRESS_SITES) return;
    const sites = (await storage.getItems(keys))
      .map(({ value }) => value as CrawlSummary | null)
      .filter((site): site is CrawlSummary => site !== null);
    const dropped = sites
      .filter((site) => site.phase !== 'running')
      .sort((a, b) => a.updatedAtMs - b.updatedAtMs)
      .slice(0, sites.length - MAX_PROGRESS_SITES)
      .map((site) => progressItem(site.origin));
    await storage.removeItems(dropped);
  });
  progressWrites = prune.catch(() => undefined);
  return prune;
}
