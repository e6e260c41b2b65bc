/**
 * The HTTP port for Node (the command line): node:http/https with redirects
 * followed by hand, so every hop is recorded, duplicate headers kept, the body
 * capped and decompressed with a bound (a gzip bomb stops at `maxBytes`), and
 * one deadline for headers and body (a slow-loris body ends with it). Never
 * sends cookies or the credentials of a `user:password@` URL; only GET and
 * HEAD.
 *
 * With `checkAddress`, every address a request would connect to is judged
 * first: IP literals before the request, names in the socket's own DNS
 * lookup (`lookup` of http.request), so the address checked is the address
 * connected to — a name cannot resolve to one address for the check and to
 * another for the connection.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import { pipeline, type Readable } from 'node:stream';
import type { LookupFunction } from 'node:net';
import type { AddressVerdict } from '../../lib/crawl/address-guard.ts';
import { phrase, type Phrase } from '../../lib/i18n/phrase.ts';
import { parseIpAddress } from '../../lib/url/ip-address.ts';
import {
  HttpError,
  type HttpFetch,
  type HttpRequest,
  type HttpResponse,
  type RedirectHop,
} from '../../lib/http/types.ts';
import { requestDeadline, timedOut } from '../../lib/http/request-deadline.ts';

export interface NodeHttpOptions {
  /** Sent on every request: `RobotLens/<version> (+<url>)`. */
  userAgent: string;
  /** Optional contact address sent as `From`. */
  from?: string;
  /** Resolves a host name to its addresses (default: the system resolver, `dns.lookup`). */
  lookup?: HostLookup;
  /** Judges each address before connecting; a refusal fails the request as `address-refused`. */
  checkAddress?: (hostname: string, address: string) => AddressVerdict;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

const systemLookup: HostLookup = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map(
    ({ address, family }) => ({
      address,
      family: family === 6 ? 6 : 4,
    }),
  );

/** The code a refused address's error carries from the lookup to classifyError. */
const ADDRESS_REFUSED = 'ERR_ROBOTLENS_ADDRESS_REFUSED';

/** The lookup's error for a refused address, with the guard's reason. */
type AddressRefusal = Error & { code: typeof ADDRESS_REFUSED; refusal: Phrase };

interface RawResponse {
  status: number;
  headers: [string, string][];
  stream: Readable;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

interface Agents {
  http: http.Agent;
  https: https.Agent;
}

/**
 * Connections are kept alive and reused: opening a TCP connection per
 * request took a third of a crawl's time. Idle sockets close after
 * IDLE_SOCKET_MS, before a server's usual 5 s keep-alive limit, so a reused
 * socket is rarely one the server is closing. Idle sockets do not keep the
 * process alive (Node unrefs them).
 */
const IDLE_SOCKET_MS = 4_000;

export function createNodeHttp(options: NodeHttpOptions): HttpFetch {
  const agentOptions = { keepAlive: true, timeout: IDLE_SOCKET_MS };
  const agents: Agents = {
    http: new http.Agent(agentOptions),
    https: new https.Agent(agentOptions),
  };
  return (request) => fetchFollowingRedirects(request, options, agents);
}

async function fetchFollowingRedirects(
  request: HttpRequest,
  options: NodeHttpOptions,
  agents: Agents,
): Promise<HttpResponse> {
  const deadline = requestDeadline(request.signal, request.timeoutMs);
  try {
    return await followRedirects(request, options, agents, deadline.signal);
  } finally {
    deadline.end();
  }
}

async function followRedirects(
  request: HttpRequest,
  options: NodeHttpOptions,
  agents: Agents,
  signal: AbortSignal,
): Promise<HttpResponse> {
  const redirects: RedirectHop[] = [];
  const seen = new Set<string>();
  let url = request.url;
  for (;;) {
    seen.add(url);
    const raw = await sendOnce(url, request, { options, agents, signal, redirects });
    const location = firstHeader(raw.headers, 'location');
    const isRedirect = REDIRECT_STATUSES.has(raw.status) && location !== undefined;
    if (!isRedirect || request.maxRedirects === 0) {
      // A redirect's body is never used: one that trickles forever must not hold the hop up.
      const { body, truncated } = isRedirect
        ? skipBody(raw)
        : await readBody(raw, request, signal, redirects);
      return {
        requestedUrl: request.url,
        url,
        status: raw.status,
        headers: raw.headers,
        redirects,
        body,
        truncated,
      };
    }
    skipBody(raw);
    redirects.push({ url, status: raw.status });
    const next = resolveLocation(location!, url, redirects);
    if (seen.has(next)) {
      throw new HttpError(
        'redirect-loop',
        phrase('http_error_redirect_loop', { url: next }),
        redirects,
      );
    }
    if (redirects.length > request.maxRedirects) {
      throw new HttpError(
        'too-many-redirects',
        phrase('http_error_too_many_redirects', { limit: String(request.maxRedirects) }),
        redirects,
      );
    }
    url = next;
  }
}

function resolveLocation(location: string, base: string, redirects: RedirectHop[]): string {
  try {
    const next = new URL(location, base);
    next.hash = '';
    next.username = '';
    next.password = '';
    return next.href;
  } catch {
    throw new HttpError('invalid-url', phrase('http_error_bad_location', { location }), redirects);
  }
}

interface SendContext {
  options: NodeHttpOptions;
  agents: Agents;
  signal: AbortSignal;
  redirects: RedirectHop[];
}

function sendOnce(
  url: string,
  request: HttpRequest,
  { options, agents, signal, redirects }: SendContext,
): Promise<RawResponse> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.reject(
      new HttpError('invalid-url', phrase('http_error_invalid_url', { url }), redirects),
    );
  }
  // Credentials in a URL (a link or a Location header) would become `Authorization: Basic`.
  if (target.username !== '' || target.password !== '') {
    target.username = '';
    target.password = '';
  }
  // The fragment is the reader's, never sent.
  target.hash = '';
  const scheme =
    target.protocol === 'https:' ? 'https' : target.protocol === 'http:' ? 'http' : null;
  if (scheme === null) {
    return Promise.reject(
      new HttpError('invalid-url', phrase('http_error_not_http', { url }), redirects),
    );
  }
  const headers: Record<string, string> = {
    'user-agent': options.userAgent,
    accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.8',
    'accept-encoding': 'gzip, deflate, br',
    ...(options.from ? { from: options.from } : {}),
    ...lowerCaseKeys(request.headers ?? {}),
  };
  const literal = literalRefusal(target.hostname, options);
  if (literal) return Promise.reject(new HttpError('address-refused', literal, redirects));
  const lookup = options.checkAddress ? guardedLookup(options) : undefined;
  const client = scheme === 'https' ? https : http;
  const path = requestTarget(target);
  const send = (): Promise<RawResponse> =>
    new Promise((resolve, reject) => {
      const req = client.request(
        target,
        {
          path,
          method: request.method,
          headers,
          signal,
          agent: agents[scheme],
          ...(lookup ? { lookup } : {}),
        },
        (res) => {
          resolve({
            status: res.statusCode ?? 0,
            headers: pairHeaders(res.rawHeaders),
            stream: res,
          });
        },
      );
      req.on('error', (error) => {
        if (closedWhileIdle(req, error, signal)) resolve(send());
        else reject(classifyError(error, signal, redirects));
      });
      req.end();
    });
  return send();
}

/**
 * A kept-alive socket the server closed while it sat idle, found closed only
 * when the request was written on it: when a long synchronous step (a big
 * crawl's save, 10 s or more) keeps the idle timers and the server's FIN
 * from being seen, every socket in the pool is one. The server never saw the
 * request, and GET and HEAD are safe to send again: sent again, each time on
 * the next socket of the pool or a new one (one a request was never sent on
 * is not retried), as browsers do. On the generated million-URL site, 80
 * pages were reported broken with ECONNRESET before.
 */
function closedWhileIdle(req: http.ClientRequest, error: unknown, signal: AbortSignal): boolean {
  if (!req.reusedSocket || signal.aborted) return false;
  const code = (error as { code?: string }).code;
  return code === 'ECONNRESET' || code === 'EPIPE';
}

/**
 * The path and query as the URL has them: Node writes `pathname + search`,
 * which drops an empty query (`font.eot?`, from a CSS `font.eot?#iefix`),
 * so the URL the report names would not be the one requested. Browsers
 * send it as written. `url` has no fragment.
 */
function requestTarget(url: URL): string {
  return url.href.slice(url.origin.length);
}

/** An IP literal is connected to without a lookup: it is judged here. */
function literalRefusal(hostname: string, options: NodeHttpOptions): Phrase | null {
  if (!options.checkAddress) return null;
  const address = hostname.replace(/^\[|\]$/g, '');
  if (parseIpAddress(address) === null) return null;
  const verdict = options.checkAddress(hostname, address);
  return verdict.allowed ? null : verdict.reason;
}

/**
 * The socket's DNS lookup, keeping only the addresses `checkAddress` allows
 * (Node connects to what this returns, nothing else).
 */
function guardedLookup(options: NodeHttpOptions): LookupFunction {
  const resolve = options.lookup ?? systemLookup;
  const check = options.checkAddress!;
  return (hostname, lookupOptions, callback) => {
    const wanted =
      lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
    resolve(hostname).then(
      (found) => {
        const candidates = found.filter((a) => wanted === 0 || a.family === wanted);
        const verdicts = candidates.map((a) => ({ a, verdict: check(hostname, a.address) }));
        const allowed = verdicts.filter((v) => v.verdict.allowed).map((v) => v.a);
        if (allowed.length === 0) {
          const refusal = verdicts.find((v) => !v.verdict.allowed)?.verdict;
          const error =
            refusal && !refusal.allowed
              ? Object.assign(new Error(refusal.reason.key), {
                  code: ADDRESS_REFUSED,
                  refusal: refusal.reason,
                })
              : Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
          callback(error, '', 0);
        } else if (lookupOptions.all) {
          callback(null, allowed);
        } else {
          callback(null, allowed[0]!.address, allowed[0]!.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

function skipBody(raw: RawResponse): { body: Uint8Array; truncated: boolean } {
  raw.stream.destroy();
  return { body: new Uint8Array(0), truncated: false };
}

async function readBody(
  raw: RawResponse,
  request: HttpRequest,
  signal: AbortSignal,
  redirects: RedirectHop[],
): Promise<{ body: Uint8Array; truncated: boolean }> {
  if (request.method === 'HEAD') {
    raw.stream.resume();
    return { body: new Uint8Array(0), truncated: false };
  }
  const stream = decompress(raw.stream, firstHeader(raw.headers, 'content-encoding'));
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const room = request.maxBytes - size;
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      size += Math.min(chunk.length, room);
      if (chunk.length >= room) {
        raw.stream.destroy();
        return { body: Buffer.concat(chunks), truncated: true };
      }
    }
  } catch (error) {
    throw classifyError(error, signal, redirects);
  }
  return { body: Buffer.concat(chunks), truncated: false };
}

function decompress(stream: Readable, encoding: string | undefined): Readable {
  const decoder = decoderFor(encoding);
  if (!decoder) return stream;
  // pipeline, not pipe: a reset or a timeout of the socket must reach the reader through the
  // decoder (pipe would leave it waiting forever), and dropping the decoder must close the socket.
  pipeline(stream, decoder, () => {});
  return decoder;
}

function decoderFor(
  encoding: string | undefined,
): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

function classifyError(error: unknown, signal: AbortSignal, redirects: RedirectHop[]): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code ?? '';
  const message = error instanceof Error ? error.message : String(error);
  if (signal.aborted) {
    return timedOut(signal)
      ? new HttpError('timeout', phrase('http_error_timeout'), redirects)
      : new HttpError('aborted', phrase('http_error_cancelled'), redirects);
  }
  if (code === ADDRESS_REFUSED)
    return new HttpError('address-refused', (error as AddressRefusal).refusal, redirects);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new HttpError('dns', phrase('http_error_dns', { message }), redirects);
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code === 'EPROTO') {
    return new HttpError('tls', phrase('http_error_tls', { message }), redirects);
  }
  if (
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH'].includes(
      code,
    )
  ) {
    return new HttpError('connection', phrase('http_error_connection', { code }), redirects);
  }
  if (code.startsWith('Z_') || code === 'ERR_BROTLI')
    return new HttpError('other', phrase('http_error_compressed', { message }), redirects);
  return new HttpError('other', message, redirects);
}

function pairHeaders(rawHeaders: string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    pairs.push([rawHeaders[i]!.toLowerCase(), rawHeaders[i + 1]!]);
  }
  return pairs;
}

function firstHeader(headers: [string, string][], name: string): string | undefined {
  return headers.find(([n]) => n === name)?.[1];
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}
