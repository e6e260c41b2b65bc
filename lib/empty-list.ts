/**
 * One empty list for everything that has none of something, frozen so that
 * nothing can add to it. A big crawl holds a million records and pages at
 * its end, most with no METAs, links, reasons or alternates: a list of
 * their own is 16 bytes of heap each, a million times over.
 */
export const EMPTY_LIST: never[] = Object.freeze([]) as unknown as never[];

/** The list, or the shared empty one when it has no items; an absent list stays absent. */
export function sharedIfEmpty<T>(list: T[]): T[];
export function sharedIfEmpty<T>(list: T[] | undefined): T[] | undefined;
export function sharedIfEmpty<T>(list: T[] | undefined): T[] | undefined {
  return list !== undefined && list.length === 0 ? EMPTY_LIST : list;
}
