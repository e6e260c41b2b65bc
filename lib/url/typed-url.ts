/**
 * A URL as a person types it on the command line, made into the URL that
 * is requested — or refused with the reason. The rules:
 *
 * - `http://…` and `https://…` are taken as written.
 * - Any other scheme (`ftp://`, `file:`, `mailto:`) is refused: only the web
 *   can be audited. A mistyped scheme (`ht!tp://x/`, `htp//x`) is refused
 *   too, never read as a host name.
 * - Without a scheme, a local address — `localhost`, `*.localhost`, an IPv4
 *   or IPv6 literal — gets `http://` (a development server on a port rarely
 *   has a certificate); any other host gets `https://`. The caller says which
 *   scheme was added, so the person sees the URL that was used.
 * - The host must be a host name (letters, digits, `-`, `_` between dots) or
 *   an IP literal.
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';

export type TypedUrl =
  { ok: true; url: string; schemeAdded: 'http' | 'https' | null } | { ok: false; problem: Phrase };

/** Longest input quoted back in a reason. */
const MAX_QUOTED_CHARS = 100;

/** `scheme:` at the start; a `host:port` is told apart by the digits after the colon. */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const HOST_PORT = /^[^/?#:@]+:\d+(?:[/?#]|$)/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const HOST_LABEL = /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$/i;

export function urlFromTyped(typed: string): TypedUrl {
  const text = typed.trim();
  const quoted = quote(text);
  if (text === '') return { ok: false, problem: phrase('cliopt_url_empty') };
  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase();
  const hasScheme = scheme !== undefined && !HOST_PORT.test(text);
  if (!hasScheme && /^[^/?#]*:?\/\//.test(text))
    return { ok: false, problem: phrase('cliopt_url_bad_scheme', { url: quoted }) };
  if (hasScheme && scheme !== 'http' && scheme !== 'https')
    return { ok: false, problem: phrase('cliopt_url_not_http', { url: quoted, scheme }) };
  const schemeAdded = hasScheme ? null : local(hostPart(text)) ? 'http' : 'https';
  let url: URL;
  try {
    url = new URL(schemeAdded === null ? text : `${schemeAdded}://${text}`);
  } catch {
    return { ok: false, problem: phrase('cliopt_url_invalid', { url: quoted }) };
  }
  if (!usableHost(url.hostname))
    return { ok: false, problem: phrase('cliopt_url_bad_host', { url: quoted }) };
  return { ok: true, url: url.href, schemeAdded };
}

/** The host as typed, without user info and port (`[::1]` keeps its brackets). */
function hostPart(text: string): string {
  const authority = text.split(/[/?#]/, 1)[0]!;
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
}

function local(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return (
    name === 'localhost' || name.endsWith('.localhost') || IPV4.test(name) || name.startsWith('[')
  );
}

/** What the URL parser produced: punycode labels, a dotted IPv4 or a bracketed IPv6. */
function usableHost(hostname: string): boolean {
  if (hostname === '') return false;
  if (hostname.startsWith('[') || IPV4.test(hostname)) return true;
  const labels = hostname.replace(/\.$/, '').split('.');
  return labels.every((label) => HOST_LABEL.test(label));
}

function quote(text: string): string {
  return text.length > MAX_QUOTED_CHARS ? `${text.slice(0, MAX_QUOTED_CHARS)}…` : text;
}
