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
 */
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

/** One way of answering a request. */
export interface Answer {
  status?: number;
  /** Response headers; an array sends the header once per value. */
  headers?: Record<string, string | string[]>;
  /** Serve this body instead of a file. */
  body?: string;
  /** Serve this file (relative to the site folder) instead of the path's own. */
  file?: string;
  /** Serve a generated HTML page of this many bytes, streamed (never held in memory). */
  bytes?: number;
  /** Serve a generated endless site. `calendar`: `?month=YYYY-MM` pages linking to the months either side. */
  generator?: Generator;
  /** Shorthand for `Location` (placeholders allowed) with status 301 unless `status` says otherwise. */
  redirect?: string;
  /** Gzip the body and send `Content-Encoding: gzip`, whatever the request accepts. */
  gzip?: boolean;
  /** Answer this late. */
  delayMs?: number;
  /** Accept the request and never answer: the socket stays open until the server closes. */
  hang?: boolean;
}

export interface RouteSpec extends Answer {
  /** Successive requests to the path (any method) get successive answers; the last one repeats. */
  sequence?: Answer[];
  /** Per-method overrides, e.g. `{ "HEAD": { "status": 405 } }`; applied last. */
  methods?: Record<string, Answer>;
}

export type Generator = 'calendar';

export interface SiteConfig {
  routes?: Record<string, RouteSpec>;
  prefixes?: Record<string, RouteSpec>;
}

export interface SiteServerOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Values for `{{name}}` placeholders in text bodies and headers. */
  vars?: Record<string, string>;
}

export interface LoggedRequest {
  method: string;
  /** The request target as sent (path and query, not decoded). */
  url: string;
  headers: http.IncomingHttpHeaders;
  /** Epoch milliseconds (fractional) when the request arrived. */
  startedAtMs: number;
  /** When the response finished or the socket closed; absent while in flight. */
  endedAtMs?: number;
  /** The status sent; absent when no response was started (a hang). */
  status?: number;
  /** The socket closed before the response finished (client gave up, or the server closed). */
  aborted?: boolean;
  /** Requests in flight when this one arrived, itself included. */
  inFlight: number;
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

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.json': 'application/json',
  '.xml': 'application/xml',
};

const HTML = 'text/html; charset=utf-8';
const NOT_FOUND_PAGE = '<!doctype html><title>Not found</title><h1>Not found</h1>';
const BODY_SOURCES = ['body', 'file', 'bytes', 'generator'] as const;
const ANSWER_KEYS = [...BODY_SOURCES, 'status', 'headers', 'redirect', 'gzip', 'delayMs', 'hang'];
const ROUTE_KEYS = [...ANSWER_KEYS, 'sequence', 'methods'];
const GENERATORS: readonly string[] = ['calendar'] satisfies Generator[];

export async function startSiteServer(
  root: string,
  options: number | SiteServerOptions = {},
): Promise<SiteServer> {
  const { port = 0, vars = {} } = typeof options === 'number' ? { port: options } : options;
  const config = await readConfig(root);
  const state = new RequestState();
  const timers = new Set<NodeJS.Timeout>();
  let origin = '';
  const site: Site = { root, config, state, timers, vars, origin: () => origin };

  const server = http.createServer((req, res) => {
    const entry = state.start(req);
    const finish = () => state.end(entry, res);
    res.on('finish', finish);
    res.on('close', finish);
    answer(site, req, res).catch(() => {
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
    log: state.log,
    vars,
    get inFlight() {
      return state.active.size;
    },
    get maxInFlight() {
      return state.peak;
    },
    maxInFlightUnder: (prefix) => state.peakUnder(prefix),
    reset: () => state.reset(),
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        // Chromium keeps connections open, and hung requests never end:
        // without this close() waits ~30 s or forever.
        server.closeAllConnections();
        server.close(() => {
          state.endAll(); // sockets are gone; their 'close' events may not have run yet
          resolve();
        });
      }),
  };
}

interface Site {
  root: string;
  config: SiteConfig;
  state: RequestState;
  timers: Set<NodeJS.Timeout>;
  vars: Record<string, string>;
  origin: () => string;
}

/** The request log, the in-flight set and its peaks, and the `sequence` counters. */
class RequestState {
  readonly log: LoggedRequest[] = [];
  readonly active = new Set<LoggedRequest>();
  peak = 0;
  /** For each logged request, the paths in flight when it arrived (itself included). */
  private snapshots: string[][] = [];
  private sequenceCounts = new Map<string, number>();

  start(req: http.IncomingMessage): LoggedRequest {
    const entry: LoggedRequest = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      startedAtMs: nowMs(),
      inFlight: this.active.size + 1,
    };
    this.active.add(entry);
    this.log.push(entry);
    this.snapshots.push([...this.active].map((e) => rawPathname(e.url)));
    this.peak = Math.max(this.peak, this.active.size);
    return entry;
  }

  end(entry: LoggedRequest, res: http.ServerResponse): void {
    if (entry.endedAtMs !== undefined) return;
    entry.endedAtMs = nowMs();
    if (res.headersSent) entry.status = res.statusCode;
    if (!res.writableFinished) entry.aborted = true;
    this.active.delete(entry);
  }

  endAll(): void {
    for (const entry of this.active) {
      entry.endedAtMs = nowMs();
      entry.aborted = true;
    }
    this.active.clear();
  }

  peakUnder(prefix: string): number {
    let peak = 0;
    this.log.forEach((entry, i) => {
      if (!rawPathname(entry.url).startsWith(prefix)) return;
      const under = this.snapshots[i]?.filter((p) => p.startsWith(prefix)).length ?? 0;
      peak = Math.max(peak, under);
    });
    return peak;
  }

  /** How many requests to this path came before this one (0 for the first). */
  nextInSequence(pathname: string): number {
    const count = this.sequenceCounts.get(pathname) ?? 0;
    this.sequenceCounts.set(pathname, count + 1);
    return count;
  }

  reset(): void {
    this.log.length = 0;
    this.snapshots = [];
    this.sequenceCounts.clear();
    this.peak = this.active.size;
  }
}

function nowMs(): number {
  return performance.timeOrigin + performance.now();
}

function rawPathname(target: string): string {
  const end = target.search(/[?#]/);
  return end === -1 ? target : target.slice(0, end);
}

// ---------------------------------------------------------------------------
// site.json: read and validated once, at startup.

async function readConfig(root: string): Promise<SiteConfig> {
  const file = path.join(root, 'site.json');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: not valid JSON: ${(error as Error).message}`);
  }
  const errors = validateConfig(parsed, root);
  if (errors.length > 0) throw new Error(`${file} is invalid:\n  ${errors.join('\n  ')}`);
  return parsed as SiteConfig;
}

/** Every problem in a site.json, as `where: what` lines; empty when valid. */
export function validateConfig(config: unknown, root: string): string[] {
  const errors: string[] = [];
  if (!isObject(config)) return ['the top level must be an object'];
  checkKeys(config, ['routes', 'prefixes'], '(top level)', errors);
  for (const table of ['routes', 'prefixes'] as const) {
    const routes = config[table];
    if (routes === undefined) continue;
    if (!isObject(routes)) {
      errors.push(`${table}: must be an object of path → route`);
      continue;
    }
    for (const [key, route] of Object.entries(routes)) {
      const where = `${table}[${JSON.stringify(key)}]`;
      if (!key.startsWith('/')) errors.push(`${where}: the path must start with "/"`);
      validateRoute(route, where, root, errors);
    }
  }
  return errors;
}

function validateRoute(route: unknown, where: string, root: string, errors: string[]): void {
  if (!isObject(route)) return void errors.push(`${where}: must be an object`);
  checkKeys(route, ROUTE_KEYS, where, errors);
  validateAnswer(route, where, root, errors);
  const { sequence, methods } = route;
  if (sequence !== undefined) {
    if (!Array.isArray(sequence) || sequence.length === 0) {
      errors.push(`${where}.sequence: must be a non-empty array of answers`);
    } else {
      sequence.forEach((step, i) => {
        const stepWhere = `${where}.sequence[${i}]`;
        if (!isObject(step)) return void errors.push(`${stepWhere}: must be an object`);
        checkKeys(step, ANSWER_KEYS, stepWhere, errors);
        validateAnswer(step, stepWhere, root, errors);
      });
    }
  }
  if (methods !== undefined) {
    if (!isObject(methods)) return void errors.push(`${where}.methods: must be an object`);
    for (const [method, override] of Object.entries(methods)) {
      const methodWhere = `${where}.methods.${method}`;
      if (!/^[A-Z]+$/.test(method)) errors.push(`${methodWhere}: method names are upper-case`);
      if (!isObject(override)) {
        errors.push(`${methodWhere}: must be an object`);
        continue;
      }
      checkKeys(override, ANSWER_KEYS, methodWhere, errors);
      validateAnswer(override, methodWhere, root, errors);
    }
  }
}

function validateAnswer(
  answer: Record<string, unknown>,
  where: string,
  root: string,
  errors: string[],
): void {
  const fail = (key: string, what: string) => errors.push(`${where}.${key}: ${what}`);
  const { status, headers, body, file, bytes, generator, redirect, gzip, delayMs, hang } = answer;
  if (status !== undefined && !(Number.isInteger(status) && isStatus(status as number)))
    fail('status', 'must be an integer from 100 to 599');
  if (headers !== undefined) {
    if (!isObject(headers)) fail('headers', 'must be an object of name → string or string[]');
    else
      for (const [name, value] of Object.entries(headers))
        if (!(typeof value === 'string' || (Array.isArray(value) && value.every(isString))))
          fail(`headers.${name}`, 'must be a string or an array of strings');
  }
  if (body !== undefined && typeof body !== 'string') fail('body', 'must be a string');
  if (file !== undefined) {
    if (typeof file !== 'string') fail('file', 'must be a path inside the site folder');
    else if (resolveInside(root, file) === null) fail('file', 'must stay inside the site folder');
  }
  if (bytes !== undefined && !(Number.isInteger(bytes) && (bytes as number) >= 0))
    fail('bytes', 'must be a non-negative integer');
  if (generator !== undefined && !GENERATORS.includes(generator as string))
    fail('generator', `must be one of ${GENERATORS.join(', ')}`);
  if (redirect !== undefined && typeof redirect !== 'string') fail('redirect', 'must be a URL');
  if (gzip !== undefined && typeof gzip !== 'boolean') fail('gzip', 'must be true or false');
  if (hang !== undefined && typeof hang !== 'boolean') fail('hang', 'must be true or false');
  if (delayMs !== undefined && !(typeof delayMs === 'number' && delayMs >= 0))
    fail('delayMs', 'must be a non-negative number');
  const sources = BODY_SOURCES.filter((key) => answer[key] !== undefined);
  if (sources.length > 1) errors.push(`${where}: ${sources.join(' and ')} exclude each other`);
}

function checkKeys(
  object: Record<string, unknown>,
  known: readonly string[],
  where: string,
  errors: string[],
): void {
  for (const key of Object.keys(object))
    if (!known.includes(key))
      errors.push(`${where}: unknown key "${key}" (known: ${known.join(', ')})`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

function isStatus(status: number): boolean {
  return status >= 100 && status <= 599;
}

// ---------------------------------------------------------------------------
// Answering.

/** The route for a decoded path: the exact one, else the longest matching prefix. */
function findRoute(config: SiteConfig, pathname: string): RouteSpec {
  const exact = config.routes?.[pathname];
  if (exact) return exact;
  let best: [string, RouteSpec] | undefined;
  for (const entry of Object.entries(config.prefixes ?? {}))
    if (pathname.startsWith(entry[0]) && entry[0].length > (best?.[0].length ?? -1)) best = entry;
  return best?.[1] ?? {};
}

/** The answer for this request: the route, then its sequence step, then its method override. */
function chooseAnswer(site: Site, route: RouteSpec, pathname: string, method: string): Answer {
  const { sequence, methods, ...base } = route;
  let chosen: Answer = base;
  if (sequence) {
    const index = Math.min(site.state.nextInSequence(pathname), sequence.length - 1);
    chosen = overlay(chosen, sequence[index] ?? {});
  }
  const override = methods?.[method];
  return override ? overlay(chosen, override) : chosen;
}

/** `top` over `base`; headers merge by name; a body source in `top` replaces any in `base`. */
function overlay(base: Answer, top: Answer): Answer {
  const merged: Answer = { ...base, ...top };
  if (BODY_SOURCES.some((key) => top[key] !== undefined))
    for (const key of BODY_SOURCES) if (top[key] === undefined) delete merged[key];
  const headers = new Map<string, [string, string | string[]]>();
  for (const [name, value] of [
    ...Object.entries(base.headers ?? {}),
    ...Object.entries(top.headers ?? {}),
  ])
    headers.set(name.toLowerCase(), [name, value]);
  merged.headers = Object.fromEntries(headers.values());
  return merged;
}

async function answer(site: Site, req: http.IncomingMessage, res: http.ServerResponse) {
  const target = new URL(req.url ?? '/', 'http://x');
  let pathname: string;
  try {
    pathname = decodeURIComponent(target.pathname);
  } catch {
    return send(res, req, 400, Buffer.from('bad request'), 'bad.txt');
  }
  const method = req.method ?? 'GET';
  const chosen = chooseAnswer(site, findRoute(site.config, pathname), pathname, method);
  if (chosen.delayMs) await sleep(site, chosen.delayMs);
  // A hang leaves the socket open until close(); a client that gave up gets nothing.
  if (chosen.hang || req.socket.destroyed) return;

  const vars = { ...site.vars, origin: site.origin(), url: escapeHtml(req.url ?? '/') };
  for (const [name, value] of Object.entries(chosen.headers ?? {}))
    res.setHeader(name, Array.isArray(value) ? value.map((v) => fill(v, vars)) : fill(value, vars));
  let status = chosen.status;
  if (chosen.redirect !== undefined) {
    res.setHeader('location', fill(chosen.redirect, vars));
    status ??= 301;
  }
  if (chosen.gzip) res.setHeader('content-encoding', 'gzip');

  if (chosen.bytes !== undefined) {
    return stream(res, req, status ?? 200, chosen.bytes, Boolean(chosen.gzip));
  }
  if (chosen.generator === 'calendar') {
    const page = calendarPage(pathname, target.searchParams.get('month'));
    if (!res.hasHeader('content-type')) res.setHeader('content-type', HTML);
    const body = Buffer.from(page ?? NOT_FOUND_PAGE);
    return send(res, req, status ?? (page ? 200 : 404), pack(body, chosen.gzip), 'calendar.html');
  }
  if (chosen.body !== undefined) {
    // The request path's extension gives the default Content-Type.
    const body = fillBytes(Buffer.from(chosen.body), vars, res, pathname);
    return send(res, req, status ?? 200, pack(body, chosen.gzip), pathname);
  }
  const file = await readSiteFile(site.root, chosen.file ?? pathname);
  if (file === null) {
    res.removeHeader('content-encoding');
    return send(res, req, status ?? 404, Buffer.from(NOT_FOUND_PAGE), 'missing.html');
  }
  const body = fillBytes(file.bytes, vars, res, file.name);
  send(res, req, status ?? 200, pack(body, chosen.gzip), file.name);
}

function sleep(site: Site, delayMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      site.timers.delete(timer);
      resolve();
    }, delayMs);
    site.timers.add(timer);
  });
}

function send(
  res: http.ServerResponse,
  req: http.IncomingMessage,
  status: number,
  body: Buffer,
  name: string,
): void {
  res.statusCode = status;
  if (!res.hasHeader('content-type')) {
    res.setHeader('content-type', CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream');
  }
  res.setHeader('content-length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function pack(body: Buffer, gzip: boolean | undefined): Buffer {
  return gzip ? zlib.gzipSync(body) : body;
}

// ---------------------------------------------------------------------------
// Placeholders.

const PLACEHOLDER = /\{\{([A-Za-z][\w-]*)\}\}/g;

function fill(text: string, vars: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => vars[name] ?? whole);
}

/** Substitute in text bodies only, byte-wise (`{{` is ASCII in every charset we serve). */
function fillBytes(
  bytes: Buffer,
  vars: Record<string, string>,
  res: http.ServerResponse,
  name: string,
): Buffer {
  const type = String(res.getHeader('content-type') ?? CONTENT_TYPES[path.extname(name)] ?? '');
  if (!/^text\/|xml|json/i.test(type) || !bytes.includes('{{')) return bytes;
  // latin1 maps each byte to one char and back, so non-UTF-8 pages survive intact.
  return Buffer.from(fill(bytes.toString('latin1'), latin1Vars(vars)), 'latin1');
}

function latin1Vars(vars: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(vars).map(([k, v]) => [k, Buffer.from(v, 'utf8').toString('latin1')]),
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// ---------------------------------------------------------------------------
// Generated bodies.

const BIG_HEAD = '<!doctype html><html><head><title>A large page</title></head><body>\n';
const BIG_TAIL = '</body></html>\n';
const BIG_CHUNK = Buffer.from(
  '<p>Filler text that makes this page large, repeated line after line.</p>\n'.repeat(1024),
);

/** A generated HTML page of `bytes` bytes (at least head and tail), written as the client reads. */
async function stream(
  res: http.ServerResponse,
  req: http.IncomingMessage,
  status: number,
  bytes: number,
  gzip: boolean,
): Promise<void> {
  const fillerBytes = Math.max(0, bytes - BIG_HEAD.length - BIG_TAIL.length);
  res.statusCode = status;
  if (!res.hasHeader('content-type')) res.setHeader('content-type', HTML);
  if (!gzip) res.setHeader('content-length', BIG_HEAD.length + fillerBytes + BIG_TAIL.length);
  if (req.method === 'HEAD') return void res.end();
  async function* chunks() {
    yield Buffer.from(BIG_HEAD);
    for (let left = fillerBytes; left > 0; left -= BIG_CHUNK.length)
      yield left >= BIG_CHUNK.length ? BIG_CHUNK : BIG_CHUNK.subarray(0, left);
    yield Buffer.from(BIG_TAIL);
  }
  const source = Readable.from(chunks(), { objectMode: false });
  try {
    await (gzip ? pipeline(source, zlib.createGzip(), res) : pipeline(source, res));
  } catch {
    // The client stopped reading (a crawler capping the body): nothing to do.
  }
}

const MONTH = /^(\d{4,})-(0[1-9]|1[0-2])$/;
const DEFAULT_MONTH = '2024-01';

/** An endless calendar: each month links to the one before and the one after, forever. */
function calendarPage(pathname: string, month: string | null): string | null {
  const match = MONTH.exec(month ?? DEFAULT_MONTH);
  if (!match) return null;
  const index = Number(match[1]) * 12 + Number(match[2]) - 1;
  const label = (i: number) => `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
  const href = (i: number) => escapeHtml(`${pathname}?month=${label(i)}`);
  return (
    `<!doctype html><html><head><title>Calendar ${label(index)}</title></head><body>` +
    `<h1>Events in ${label(index)}</h1><p>No events this month.</p>` +
    `<a href="${href(index - 1)}">Previous month</a> <a href="${href(index + 1)}">Next month</a>` +
    `</body></html>\n`
  );
}

// ---------------------------------------------------------------------------
// Files.

/** The absolute path of `relative` inside `root`, or null when it would leave it. */
function resolveInside(root: string, relative: string): string | null {
  const base = path.resolve(root);
  const full = path.join(base, path.normalize(relative));
  if (!full.startsWith(base + path.sep)) return null;
  return full;
}

async function readSiteFile(
  root: string,
  pathname: string,
): Promise<{ bytes: Buffer; name: string } | null> {
  const relative = pathname.endsWith('/') ? `${pathname}index.html` : pathname;
  // Stay inside the site folder whatever the request path says.
  const full = resolveInside(root, relative);
  if (full === null || path.basename(full) === 'site.json') return null;
  try {
    return { bytes: await readFile(full), name: full };
  } catch {
    return null;
  }
}
