/**
 * A fixture server of behaviours, for the bundled demo and the test fixtures,
 * bound to 127.0.0.1 only. A site is a folder of files plus an optional
 * `site.json` that says how given paths answer, so one folder describes one
 * scenario site:
 *
 *   { "routes":   { "/exact/path": Route, … },
 *     "prefixes": { "/every/path/under/": Route, … } }
 *
 * An exact route wins over prefixes; among prefixes the longest wins. A Route
 * is an Answer (status, headers, body | file | bytes | generator, redirect,
 * gzip, delayMs, hang) plus `sequence` (successive requests to one path get
 * successive answers, the last repeating) and `methods` (an Answer per HTTP
 * method, e.g. HEAD refused). Unknown keys are a startup error, so a typo in
 * a fixture fails loudly instead of silently serving the default.
 *
 * Text bodies (text/*, XML, JSON) get `{{name}}` placeholders replaced:
 * `{{origin}}` (this server), `{{url}}` (the request target, HTML-escaped)
 * and whatever `vars` the caller passes (e.g. `{{external}}` for a second
 * fixture server on another port). Header values are substituted too.
 *
 * Every request is logged with its start and end time, and the server keeps
 * the peak number of requests in flight, so tests can assert politeness and
 * what was *not* fetched.
 *
 * The parts: site-config.ts (site.json schema and validation), site-routes.ts
 * (which answer a request gets), site-answer.ts (sending it, with
 * site-files.ts, site-generated.ts and site-placeholders.ts), and
 * site-request-log.ts (the log and in-flight counts). This file starts and
 * stops the server and is the one to import.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerRequest, type RunningSite } from './site-answer.ts';
import { readSiteConfig } from './site-config.ts';
import { RequestLog, type LoggedRequest } from './site-request-log.ts';
import { SequenceCounters } from './site-routes.ts';

export type { Answer, Generator, RouteSpec, SiteConfig } from './site-config.ts';
export { validateConfig } from './site-config.ts';
export type { LoggedRequest } from './site-request-log.ts';

export interface SiteServerOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Values for `{{name}}` placeholders in text bodies and headers. */
  vars?: Record<string, string>;
}

export interface SiteServer {
  origin: string;
  log: LoggedRequest[];
  /** Placeholder values; may be changed after start (built-ins `origin` and `url` always win). */
  vars: Record<string, string>;
  /** Requests in flight now. */
  readonly inFlight: number;
  /** The most requests ever in flight at once (since start or `reset()`). */
  readonly maxInFlight: number;
  /** The most requests in flight at once among those whose path starts with `prefix`. */
  maxInFlightUnder(prefix: string): number;
  /** Empty the log, the peaks and the `sequence` counters. */
  reset(): void;
  close(): Promise<void>;
}

export async function startSiteServer(
  root: string,
  options: number | SiteServerOptions = {},
): Promise<SiteServer> {
  const { port = 0, vars = {} } = typeof options === 'number' ? { port: options } : options;
  const config = await readSiteConfig(root);
  const requests = new RequestLog();
  const sequences = new SequenceCounters();
  const timers = new Set<NodeJS.Timeout>();
  let origin = '';
  const site: RunningSite = { root, config, sequences, timers, vars, origin: () => origin };

  const server = http.createServer((req, res) => {
    const entry = requests.start(req);
    const finish = () => requests.end(entry, res);
    res.on('finish', finish);
    res.on('close', finish);
    answerRequest(site, req, res).catch(() => {
      if (res.headersSent) return void res.destroy();
      res.statusCode = 500;
      res.end('internal error');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: boundPort } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${boundPort}`;
  return {
    origin,
    log: requests.entries,
    vars,
    get inFlight() {
      return requests.active.size;
    },
    get maxInFlight() {
      return requests.peak;
    },
    maxInFlightUnder: (prefix) => requests.peakUnder(prefix),
    reset: () => {
      requests.reset();
      sequences.reset();
    },
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        // Chromium keeps connections open, and hung requests never end:
        // without this close() waits ~30 s or forever.
        server.closeAllConnections();
        server.close(() => {
          requests.endAll(); // sockets are gone; their 'close' events may not have run yet
          resolve();
        });
      }),
  };
}
