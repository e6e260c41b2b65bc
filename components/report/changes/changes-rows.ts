/**
 * The report page's "Changes since <date>" as rows, apart from how they look:
 * the headline's counts (worse and better, each kind once), the parts that
 * have entries in page order, a robots.txt line diff as marked rows, the
 * sitemap's changes as one list, and all of it as one CSV. Pure, so the
 * tests check what the section shows on hand-made CrawlChanges.
 */
import { csvText } from '../../../lib/crawl/report-csv.ts';
import type { ReasonCode } from '../../../lib/verdict/types.ts';
import type { CrawlChanges, RobotsChange, RobotsLineDiff } from '../../../lib/watch/types.ts';

/** The kinds of change, in the order the page shows their parts. */
export const CHANGE_PARTS = [
  'new-broken',
  'lost-indexable',
  'robots',
  'new-redirects',
  'new-traps',
  'sitemap',
  'fixed',
  'regained-indexable',
] as const;
export type ChangePart = (typeof CHANGE_PARTS)[number];

/** One count of the headline; `worse` says which side of it the count stands on. */
export interface ChangeCount {
  part: Exclude<ChangePart, 'sitemap'> | 'sitemap-added' | 'sitemap-removed';
  count: number;
  worse: boolean;
}

const sitemapUrlCount = (changes: CrawlChanges, side: 'urlsAdded' | 'urlsRemoved') =>
  changes.sitemap?.[side].length ?? 0;

/** The headline's counts, worse first, only those above zero. */
export function changeCounts(changes: CrawlChanges): ChangeCount[] {
  const all: ChangeCount[] = [
    { part: 'new-broken', count: changes.broken.added.length, worse: true },
    { part: 'lost-indexable', count: changes.indexability.lost.length, worse: true },
    { part: 'robots', count: changes.robots.length, worse: true },
    { part: 'new-redirects', count: changes.redirects.added.length, worse: true },
    { part: 'new-traps', count: changes.traps.added.length, worse: true },
    { part: 'sitemap-removed', count: sitemapUrlCount(changes, 'urlsRemoved'), worse: true },
    { part: 'fixed', count: changes.broken.fixed.length, worse: false },
    { part: 'regained-indexable', count: changes.indexability.regained.length, worse: false },
    { part: 'sitemap-added', count: sitemapUrlCount(changes, 'urlsAdded'), worse: false },
  ];
  return all.filter((c) => c.count > 0);
}

/** The parts with entries, in page order. */
export function changeParts(changes: CrawlChanges): ChangePart[] {
  return CHANGE_PARTS.filter((part) => partSize(changes, part) > 0);
}

function partSize(changes: CrawlChanges, part: ChangePart): number {
  switch (part) {
    case 'new-broken':
      return changes.broken.added.length;
    case 'fixed':
      return changes.broken.fixed.length;
    case 'lost-indexable':
      return changes.indexability.lost.length;
    case 'regained-indexable':
      return changes.indexability.regained.length;
    case 'new-redirects':
      return changes.redirects.added.length;
    case 'new-traps':
      return changes.traps.added.length;
    case 'robots':
      return changes.robots.length;
    case 'sitemap':
      return sitemapRows(changes).length;
  }
}

/** A page's change of reasons: the codes gone, the codes new, the codes kept. */
export interface ReasonDelta {
  gone: ReasonCode[];
  added: ReasonCode[];
  kept: ReasonCode[];
}

export function reasonDelta(
  before: readonly ReasonCode[],
  now: readonly ReasonCode[],
): ReasonDelta {
  return {
    gone: before.filter((code) => !now.includes(code)),
    added: now.filter((code) => !before.includes(code)),
    kept: now.filter((code) => before.includes(code)),
  };
}

/** A line of a robots.txt diff as shown: its sign (words come with it on the page) and numbers. */
export interface DiffRow extends RobotsLineDiff {
  sign: '+' | '−' | '';
}

const SIGNS: Record<RobotsLineDiff['op'], DiffRow['sign']> = {
  added: '+',
  removed: '−',
  kept: '',
};

export function diffRows(change: RobotsChange): DiffRow[] {
  return change.lines.map((line) => ({ ...line, sign: SIGNS[line.op] }));
}

/** The lines a diff shows: only the changed ones and `context` kept lines around each. */
export function diffWithContext(rows: readonly DiffRow[], context = 2): (DiffRow | 'gap')[] {
  const near = rows.map((_, index) =>
    rows.slice(Math.max(0, index - context), index + context + 1).some((row) => row.op !== 'kept'),
  );
  const shown: (DiffRow | 'gap')[] = [];
  rows.forEach((row, index) => {
    if (near[index]) shown.push(row);
    else if (shown.at(-1) !== 'gap') shown.push('gap');
  });
  return shown;
}

export interface SitemapChangeRow {
  url: string;
  /** A sitemap file, or a URL the sitemaps list. */
  what: 'sitemap' | 'url';
  change: 'added' | 'removed';
}

export function sitemapRows(changes: CrawlChanges): SitemapChangeRow[] {
  const sitemap = changes.sitemap;
  if (!sitemap) return [];
  const rows = (
    urls: string[],
    what: SitemapChangeRow['what'],
    change: SitemapChangeRow['change'],
  ) => urls.map((url) => ({ url, what, change }));
  return [
    ...rows(sitemap.sitemapsRemoved, 'sitemap', 'removed'),
    ...rows(sitemap.urlsRemoved, 'url', 'removed'),
    ...rows(sitemap.sitemapsAdded, 'sitemap', 'added'),
    ...rows(sitemap.urlsAdded, 'url', 'added'),
  ];
}

const codes = (list: readonly string[]) => list.join(' ');

/**
 * Every change as one CSV (data, in English codes as the other exports):
 * change, URL, detail, before, now.
 */
export function changesCsv(changes: CrawlChanges): string {
  const rows: (string | number | null)[][] = [['change', 'url', 'detail', 'before', 'now']];
  for (const b of changes.broken.added) rows.push(['new-broken', b.url, b.kind, null, b.status]);
  for (const b of changes.broken.fixed) rows.push(['fixed', b.url, b.kind, b.status, null]);
  for (const c of changes.indexability.lost)
    rows.push(['lost-indexable', c.url, null, codes(c.before), codes(c.now)]);
  for (const c of changes.indexability.regained)
    rows.push(['regained-indexable', c.url, null, codes(c.before), codes(c.now)]);
  for (const r of changes.redirects.added)
    rows.push(['new-redirect', r.from, r.to, r.hopsBefore, r.hops]);
  for (const trap of changes.traps.added) rows.push(['new-trap', trap.url, trap.kind, null, null]);
  for (const robots of changes.robots) {
    for (const line of robots.lines.filter((l) => l.op !== 'kept'))
      rows.push([`robots-line-${line.op}`, robots.url, line.text, line.oldLine, line.newLine]);
  }
  for (const s of sitemapRows(changes))
    rows.push([`sitemap-${s.what}-${s.change}`, s.url, null, null, null]);
  return csvText(rows);
}
