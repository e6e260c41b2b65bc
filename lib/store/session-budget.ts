/**
 * The budget of the browser's session storage (storage.session: 10 MB in
 * Chrome, shared by everything the background keeps there). Caches — the
 * robots.txt copy of each origin, the facts of each tab's page — are many
 * and page-controlled in size: left alone, 16 origins and one page with
 * 0.6 MB of META tags filled the area, and every later write (verdicts,
 * crawl starts) failed with "quota exceeded". So each cached item has a
 * size cap, and the cached items together a total budget well under the
 * quota; when a new item would overflow it, the least recently used ones
 * are evicted first.
 *
 * Pure: the index (key → size, last use) is plain data the caller stores.
 */

export interface BudgetEntry {
  /** Bytes the item takes in storage: its key and its value as JSON, in UTF-8. */
  bytes: number;
  /** Last stored or read; the smallest is evicted first. */
  usedAtMs: number;
}

export type BudgetIndex = Record<string, BudgetEntry>;

export interface BudgetLimits {
  /** The most one cached item may take. */
  maxItemBytes: number;
  /** The most all cached items may take together. */
  totalBytes: number;
}

/** Chrome's storage.session quota. */
export const SESSION_QUOTA_BYTES = 10 * 1024 * 1024;

/**
 * The caches' share: half the quota, so crawl progress, the index and
 * anything else kept in the area always have room.
 */
export const SESSION_CACHE_LIMITS: BudgetLimits = {
  // A robots.txt copy at the 512 KB fetch limit, as base64, with its headers.
  maxItemBytes: 768 * 1024,
  totalBytes: 5 * 1024 * 1024,
};

export type StorePlan =
  | { ok: true; evict: string[]; index: BudgetIndex }
  | { ok: false; reason: 'item-too-big'; bytes: number; maxItemBytes: number };

/** How many bytes storing `value` under `key` takes (Chrome counts key + JSON of the value). */
export function storedBytes(key: string, value: unknown): number {
  return utf8Length(key) + utf8Length(JSON.stringify(value) ?? '');
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

export function totalBytes(index: BudgetIndex): number {
  return Object.values(index).reduce((sum, entry) => sum + entry.bytes, 0);
}

/**
 * What storing `bytes` under `key` takes: the keys to evict (least recently
 * used first) so the total stays within the budget, and the index after.
 * A replaced item's old size does not count. Refused when the item alone is
 * over its cap.
 */
export function planStore(
  index: BudgetIndex,
  key: string,
  bytes: number,
  nowMs: number,
  limits: BudgetLimits = SESSION_CACHE_LIMITS,
): StorePlan {
  if (bytes > limits.maxItemBytes)
    return { ok: false, reason: 'item-too-big', bytes, maxItemBytes: limits.maxItemBytes };
  const others = Object.entries(index)
    .filter(([other]) => other !== key)
    .sort(([, a], [, b]) => a.usedAtMs - b.usedAtMs);
  let total = others.reduce((sum, [, entry]) => sum + entry.bytes, 0) + bytes;
  const evict: string[] = [];
  for (const [other, entry] of others) {
    if (total <= limits.totalBytes) break;
    evict.push(other);
    total -= entry.bytes;
  }
  const next: BudgetIndex = {};
  for (const [other, entry] of others) if (!evict.includes(other)) next[other] = entry;
  next[key] = { bytes, usedAtMs: nowMs };
  return { ok: true, evict, index: next };
}

/** The index with `key` marked as used now (unchanged when `key` is not in it). */
export function touch(index: BudgetIndex, key: string, nowMs: number): BudgetIndex {
  const entry = index[key];
  return entry ? { ...index, [key]: { ...entry, usedAtMs: nowMs } } : index;
}

/** The index without `keys`. */
export function forget(index: BudgetIndex, keys: readonly string[]): BudgetIndex {
  const next = { ...index };
  for (const key of keys) delete next[key];
  return next;
}

/** The least recently used keys to evict so at least `bytes` are freed (all of them if needed). */
export function oldestFirst(index: BudgetIndex, bytes: number): string[] {
  const evict: string[] = [];
  let freed = 0;
  for (const [key, entry] of Object.entries(index).sort(
    ([, a], [, b]) => a.usedAtMs - b.usedAtMs,
  )) {
    if (freed >= bytes) break;
    evict.push(key);
    freed += entry.bytes;
  }
  return evict;
}
