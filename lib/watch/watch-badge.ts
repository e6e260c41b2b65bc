/**
 * The toolbar's quiet count for watched sites: how many sites got worse
 * since their previous crawl and the user has not looked yet. One site with
 * five new broken links counts once: the badge says where to look, the
 * report says what.
 */
export interface UnseenRecord {
  changes: { worse: { total: number } };
  seen: boolean;
}

export function unseenWorseSites(records: (UnseenRecord | null | undefined)[]): number {
  return records.filter((record) => record && !record.seen && record.changes.worse.total > 0)
    .length;
}

/** Badge text fits about four characters; nothing when there is nothing to see. */
export function watchBadgeText(count: number): string {
  if (count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}
