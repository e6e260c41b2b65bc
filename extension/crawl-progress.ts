/**
 * Watches one site's crawl for the popup and the report page: its progress
 * item (crawl-items.ts, written by the background), and whether the background
 * runs it right now. An open page holds a port to the background: the
 * connect starts a stopped service worker, which resumes the crawl at once
 * (not at the next alarm, up to 30 s later); the port's disconnect is how
 * the page learns the worker stopped, and it connects again straight away.
 */
import { browser, type Browser } from 'wxt/browser';
import {
  CRAWL_WATCH_PORT,
  type CrawlSummary,
  type CrawlWatchPing,
  type CrawlWatchReply,
} from '../lib/protocol/messages.ts';
import { progressItem } from './crawl-items.ts';

/** How often an open page asks whether the crawl runs (each ask also keeps the worker busy). */
const PING_EVERY_MS = 2_000;
/** A pause before connecting again, so the connect wakes a new worker rather than the one going. */
const RECONNECT_AFTER_MS = 150;

export function watchCrawlProgress(
  origin: string,
  onSummary: (summary: CrawlSummary | null) => void,
): () => void {
  const item = progressItem(origin);
  void item.getValue().then(onSummary);
  return item.watch(onSummary);
}

/**
 * Keeps the background awake for `origin`'s crawl while the page is open,
 * and says whether the crawl runs there: `true` when the background said so
 * last, `false` from the moment the worker went until it says so again.
 */
export function keepCrawlAwake(origin: string, onRunning: (running: boolean) => void): () => void {
  let port: Browser.runtime.Port | undefined;
  let closed = false;
  let reconnect: ReturnType<typeof setTimeout> | undefined;
  const connect = () => {
    reconnect = undefined;
    if (closed) return;
    const opened = browser.runtime.connect({ name: CRAWL_WATCH_PORT });
    port = opened;
    opened.onMessage.addListener((reply) =>
      onRunning(((reply as CrawlWatchReply).running ?? []).includes(origin)),
    );
    opened.onDisconnect.addListener(() => {
      if (port === opened) port = undefined;
      if (closed) return;
      onRunning(false);
      reconnect ??= setTimeout(connect, RECONNECT_AFTER_MS);
    });
  };
  connect();
  const ping: CrawlWatchPing = { type: 'ping' };
  const timer = setInterval(() => {
    if (port) port.postMessage(ping);
    else reconnect ??= setTimeout(connect, 0);
  }, PING_EVERY_MS);
  return () => {
    closed = true;
    clearInterval(timer);
    clearTimeout(reconnect);
    port?.disconnect();
  };
}
