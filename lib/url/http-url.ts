/** Parsing URLs without the throw: the one place lib/ calls `new URL` on untrusted text. */

/** `new URL` without the throw. */
export function parseUrl(input: string, base?: string): URL | null {
  try {
    return new URL(input, base);
  } catch {
    return null;
  }
}

/** Page data names URLs of every scheme; only http(s) ones are ever fetched, linked or trusted. */
export function parseHttpUrl(url: string): URL | null {
  const parsed = parseUrl(url);
  return parsed !== null && (parsed.protocol === 'http:' || parsed.protocol === 'https:')
    ? parsed
    : null;
}

/**
 * `scheme://host[:port]` of an absolute URL, or null when it does not parse.
 * `new URL` answers "null" for the origin of schemes it does not know
 * (`chrome-extension:`, `moz-extension:`); those keep their scheme and host.
 */
export function originOf(url: string): string | null {
  const parsed = parseUrl(url);
  if (parsed === null) return null;
  return parsed.origin === 'null' && parsed.host !== ''
    ? `${parsed.protocol}//${parsed.host}`
    : parsed.origin;
}
