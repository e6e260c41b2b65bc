import { describe, expect, it } from 'vitest';
import {
  oldestFirst,
  planStore,
  SESSION_CACHE_LIMITS,
  SESSION_QUOTA_BYTES,
  storedBytes,
  totalBytes,
  touch,
  type BudgetIndex,
} from './session-budget.ts';

const LIMITS = { maxItemBytes: 100, totalBytes: 250 };

/** Stores each (key, bytes) in turn at times 1, 2, 3…, as the cache would. */
function storeAll(items: [string, number][], index: BudgetIndex = {}) {
  const evicted: string[] = [];
  items.forEach(([key, bytes], i) => {
    const plan = planStore(index, key, bytes, i + 1, LIMITS);
    if (!plan.ok) throw new Error(plan.reason);
    evicted.push(...plan.evict);
    index = plan.index;
  });
  return { index, evicted };
}

describe('planStore', () => {
  it('evicts the least recently used items to stay within the total', () => {
    const { index, evicted } = storeAll([
      ['a', 100],
      ['b', 100],
      ['c', 100],
    ]);
    expect(evicted).toEqual(['a']);
    expect(Object.keys(index).sort()).toEqual(['b', 'c']);
    expect(totalBytes(index)).toBeLessThanOrEqual(LIMITS.totalBytes);
  });

  it('keeps what was used recently: a read item outlives an older write', () => {
    let { index } = storeAll([
      ['a', 100],
      ['b', 100],
    ]);
    index = touch(index, 'a', 10);
    const plan = planStore(index, 'c', 100, 11, LIMITS);
    expect(plan).toMatchObject({ ok: true, evict: ['b'] });
  });

  it('does not count a replaced item twice', () => {
    const { index, evicted } = storeAll([
      ['a', 100],
      ['b', 100],
      ['a', 100],
      ['a', 100],
    ]);
    expect(evicted).toEqual([]);
    expect(totalBytes(index)).toBe(200);
  });

  it('refuses an item over its cap, saying how big it is', () => {
    expect(planStore({}, 'big', 101, 1, LIMITS)).toEqual({
      ok: false,
      reason: 'item-too-big',
      bytes: 101,
      maxItemBytes: 100,
    });
  });

  it('never lets many origins and a huge page pass the budget (the reported fill-up)', () => {
    let index: BudgetIndex = {};
    // 16 origins' robots.txt at 600 KB each, then a page's facts, then more of both.
    for (let i = 0; i < 40; i++) {
      const plan = planStore(index, `robots.origin${i}`, 600_000, i, SESSION_CACHE_LIMITS);
      expect(plan.ok).toBe(true);
      if (plan.ok) index = plan.index;
      expect(totalBytes(index)).toBeLessThanOrEqual(SESSION_CACHE_LIMITS.totalBytes);
    }
    expect(SESSION_CACHE_LIMITS.totalBytes).toBeLessThanOrEqual(SESSION_QUOTA_BYTES / 2);
  });
});

describe('storedBytes and oldestFirst', () => {
  it('counts the key and the JSON of the value in UTF-8', () => {
    expect(storedBytes('k', 'é')).toBe(1 + 4);
    expect(storedBytes('k', { a: '한' })).toBe(1 + '{"a":""}'.length + 3);
  });

  it('names the oldest keys until enough bytes are freed', () => {
    const { index } = storeAll([
      ['a', 50],
      ['b', 60],
      ['c', 70],
    ]);
    expect(oldestFirst(index, 100)).toEqual(['a', 'b']);
    expect(oldestFirst(index, Infinity)).toEqual(['a', 'b', 'c']);
  });
});
