/**
 * Cached items in storage.session within a budget (lib/store/session-budget.ts).
 *
 *   put(key, value) ─▶ size ─▶ over the item cap? not stored, kept in memory only
 *                          └─▶ plan: evict least recently used ─▶ remove + set item + index
 *   set fails (quota) ─▶ evict every cached item, try once more ─▶ still failing: memory only
 *
 * The index (key → bytes, last use) is one item of its own, so a restarted
 * worker knows what it holds. Writes are queued one after another: the index
 * is read, changed and written back by one write at a time. A cache write
 * never throws: a verdict does not fail because its copy could not be kept.
 * What could not be stored is kept in memory for the worker's life (a few
 * items, most recent first), so the answer being computed still has it.
 */
import { browser } from 'wxt/browser';
import {
  forget,
  oldestFirst,
  planStore,
  storedBytes,
  touch,
  type BudgetIndex,
} from '../../lib/store/session-budget.ts';

const INDEX_KEY = 'cache.index';
const MEMORY_ITEMS = 16;

let queue: Promise<unknown> = Promise.resolve();
const memory = new Map<string, unknown>();

function serially<T>(job: () => Promise<T>): Promise<T> {
  const run = queue.then(job, job);
  queue = run.catch(() => undefined);
  return run;
}

async function loadIndex(): Promise<BudgetIndex> {
  const stored = (await browser.storage.session.get(INDEX_KEY))[INDEX_KEY];
  return (stored as BudgetIndex | undefined) ?? {};
}

function remember(key: string, value: unknown): void {
  memory.delete(key);
  memory.set(key, value);
  while (memory.size > MEMORY_ITEMS) memory.delete(memory.keys().next().value!);
}

/** Why an item was not stored, or null when it was. */
export type PutResult = null | 'item-too-big' | 'storage-failed';

export function putCached(key: string, value: unknown): Promise<PutResult> {
  return serially(async () => {
    const bytes = storedBytes(key, value);
    let index: BudgetIndex;
    try {
      index = await loadIndex();
    } catch {
      index = {};
    }
    const plan = planStore(index, key, bytes, Date.now());
    if (!plan.ok) {
      remember(key, value);
      await removeStored(index, [key]).catch(() => undefined);
      return 'item-too-big';
    }
    try {
      await writePlan(plan.evict, key, value, plan.index);
    } catch {
      // Over the quota all the same (another item grew): free every cached item, once.
      try {
        const rest = forget(plan.index, [key]);
        const all = oldestFirst(rest, Infinity);
        await writePlan(all, key, value, forget(plan.index, all));
      } catch {
        remember(key, value);
        return 'storage-failed';
      }
    }
    memory.delete(key);
    return null;
  });
}

async function writePlan(
  evict: string[],
  key: string,
  value: unknown,
  index: BudgetIndex,
): Promise<void> {
  // Evicted first, so the new item has room; should the write below fail, the
  // index keeps naming them, which only counts bytes that are already free.
  if (evict.length > 0) await browser.storage.session.remove(evict);
  await browser.storage.session.set({ [key]: value, [INDEX_KEY]: index });
}

async function removeStored(index: BudgetIndex, keys: string[]): Promise<void> {
  const present = keys.filter((key) => key in index);
  if (present.length === 0) return;
  await browser.storage.session.remove(present);
  await browser.storage.session.set({ [INDEX_KEY]: forget(index, present) });
}

/** The cached value, marked as used (so it is evicted last); undefined when not kept. */
export async function getCached<T>(key: string): Promise<T | undefined> {
  if (memory.has(key)) return memory.get(key) as T;
  const value = (await browser.storage.session.get(key))[key] as T | undefined;
  if (value !== undefined) void markUsed(key);
  return value;
}

function markUsed(key: string): Promise<void> {
  return serially(async () => {
    const index = await loadIndex();
    if (index[key])
      await browser.storage.session.set({ [INDEX_KEY]: touch(index, key, Date.now()) });
  }).catch(() => undefined);
}

export function removeCached(key: string): Promise<void> {
  memory.delete(key);
  return serially(async () => removeStored(await loadIndex(), [key])).catch(async () => {
    await browser.storage.session.remove(key).catch(() => undefined);
  });
}

/** Keys of cached items starting with `prefix` (stored or held in memory). */
export async function cachedKeys(prefix: string): Promise<string[]> {
  const index = await loadIndex().catch(() => ({}) as BudgetIndex);
  const keys = new Set([...Object.keys(index), ...memory.keys()]);
  return [...keys].filter((key) => key.startsWith(prefix));
}

/**
 * Runs `write` (of items not cached: they must be kept), making room when the
 * area is full: on a failed write every cached item is evicted and the write
 * is tried once more. Throws when it still fails.
 */
export async function setKept(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch {
    await serially(async () => {
      const index = await loadIndex().catch(() => ({}) as BudgetIndex);
      const all = Object.keys(index);
      if (all.length > 0) await browser.storage.session.remove([...all, INDEX_KEY]);
    }).catch(() => undefined);
    await write();
  }
}

/** For tests: forget what is held in memory. */
export function resetSessionCacheMemory(): void {
  memory.clear();
}
