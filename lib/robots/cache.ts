/**
 * robots.txt results cached per origin (scheme, host and port). The clock is
 * injected; entries are plain JSON (the body as base64) so the extension can
 * keep them in storage across service-worker restarts. The cache is
 * observable: every hit says how old it is and when it expires, for the audit.
 */
import { base64ToBytes, bytesToBase64 } from '../http/base64.ts';
import { originOf } from '../url/http-url.ts';
import { cacheLifetime } from './cache-lifetime.ts';
import type { RobotsFetch } from './types.ts';

/** A RobotsFetch as JSON: the body as base64. */
export type RobotsFetchJson = Omit<RobotsFetch, 'body'> & { bodyBase64?: string };

export interface RobotsCacheEntry {
  /** `https://example.com:8443`: the key. */
  origin: string;
  fetch: RobotsFetchJson;
  storedAtMs: number;
  expiresAtMs: number;
  /** Why it expires when it does (`Cache-Control: max-age=600`, …). */
  lifetimeReason: string;
}

export interface RobotsCacheHit {
  fetch: RobotsFetch;
  /** How old the cached result is. */
  ageMs: number;
  expiresAtMs: number;
  lifetimeReason: string;
}

/** The cache key of any URL: its origin (scheme + host + port). */
function cacheKey(url: string): string {
  return originOf(url) ?? url;
}

export class RobotsCache {
  readonly #entries = new Map<string, RobotsCacheEntry>();
  readonly #nowMs: () => number;

  constructor(options: { nowMs: () => number; entries?: readonly RobotsCacheEntry[] }) {
    this.#nowMs = options.nowMs;
    for (const entry of options.entries ?? []) this.#entries.set(entry.origin, entry);
  }

  /** The fresh result for the origin of `url`, or undefined (expired entries are dropped). */
  get(url: string): RobotsCacheHit | undefined {
    const origin = cacheKey(url);
    const entry = this.#entries.get(origin);
    if (!entry) return undefined;
    const nowMs = this.#nowMs();
    if (nowMs >= entry.expiresAtMs) {
      this.#entries.delete(origin);
      return undefined;
    }
    return {
      fetch: fromJson(entry.fetch),
      ageMs: nowMs - entry.fetch.fetchedAtMs,
      expiresAtMs: entry.expiresAtMs,
      lifetimeReason: entry.lifetimeReason,
    };
  }

  /** Stores a result under the origin of its URL; returns the entry (not stored when its lifetime is 0). */
  set(fetch: RobotsFetch): RobotsCacheEntry {
    const { lifetimeMs, reason } = cacheLifetime(fetch);
    const entry: RobotsCacheEntry = {
      origin: cacheKey(fetch.url),
      fetch: toJson(fetch),
      storedAtMs: this.#nowMs(),
      expiresAtMs: fetch.fetchedAtMs + lifetimeMs,
      lifetimeReason: reason,
    };
    if (lifetimeMs > 0) this.#entries.set(entry.origin, entry);
    else this.#entries.delete(entry.origin);
    return entry;
  }

  delete(url: string): void {
    this.#entries.delete(cacheKey(url));
  }

  /** Every entry, as JSON, for storage or display. */
  entries(): RobotsCacheEntry[] {
    return [...this.#entries.values()];
  }
}

export function toJson(fetch: RobotsFetch): RobotsFetchJson {
  const { body, ...rest } = fetch;
  return body === undefined ? rest : { ...rest, bodyBase64: bytesToBase64(body) };
}

export function fromJson(json: RobotsFetchJson): RobotsFetch {
  const { bodyBase64, ...rest } = json;
  return bodyBase64 === undefined ? rest : { ...rest, body: base64ToBytes(bodyBase64) };
}
