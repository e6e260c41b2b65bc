/**
 * The columns the report's tables share, so each section (sections/<id>.tsx)
 * lists its columns in one line each and a column looks and sorts the same
 * in every table: a URL is sortable text (a link only when http/https), a
 * status is narrow, a reason is page text, "found on" lists the pages.
 */
import type { ComponentChildren } from 'preact';
import type { CrawlReport, ReportLinkSource } from '../../lib/crawl/report.ts';
import type { Phrase } from '../../lib/i18n/phrase.ts';
import type { Translator } from '../../lib/i18n/translator.ts';
import { PageText } from '../PageText.tsx';
import { FoundOn, UrlList, UrlText, statusText } from './cells.tsx';
import type { Column } from './table/table-model.ts';

/** A row of one of the report's lists. */
export type Row<K extends keyof CrawlReport> = CrawlReport[K] extends (infer R)[] | null
  ? R
  : never;

/** The keys of `R` whose values are `V`: a column names the field it shows. */
type KeyOf<R, V> = { [K in keyof R]: R[K] extends V ? K : never }[keyof R] & string;

/** A report row's reason, in the reader's language. */
export interface ReasonRow {
  reason: Phrase;
}

export function reasonText(row: ReasonRow, { say }: Translator): string {
  return say(row.reason);
}

/** The rule that caught a trap, likewise. */
export function trapText(row: { detail: Phrase }, { say }: Translator): string {
  return say(row.detail);
}

/** The pages and anchor texts a search looks in. */
export const sourcesText = (sources: { page: string; text: string }[]) =>
  sources.map((s) => `${s.page}\n${s.text}`).join('\n');

/** A URL field, wide and sortable; `after` adds a tag behind the URL. */
export function urlColumn<R>(
  key: KeyOf<R, string>,
  label: string,
  after?: (row: R) => ComponentChildren,
): Column<R> {
  const urlOf = (row: R) => row[key] as string;
  return {
    id: key,
    label,
    width: 'wide',
    sortValue: urlOf,
    render: after
      ? (row) => (
          <>
            <UrlText url={urlOf(row)} />
            {after(row)}
          </>
        )
      : (row) => <UrlText url={urlOf(row)} />,
  };
}

/** An HTTP status field (none when there was no answer), narrow. */
export function statusColumn<R>(
  key: KeyOf<R, number | null>,
  label: string,
  i18n: Translator,
): Column<R> {
  const statusOf = (row: R) => row[key] as number | null;
  return {
    id: key,
    label,
    width: 'narrow',
    sortValue: statusOf,
    render: (row) => statusText(statusOf(row), i18n),
  };
}

/** Text that came from a page or the crawl, sortable, shown as page text. */
export function pageTextColumn<R>(
  id: string,
  label: string,
  textOf: (row: R) => string,
): Column<R> {
  return { id, label, sortValue: textOf, render: (row) => <PageText text={textOf(row)} /> };
}

/** A row's reason, in the reader's language. */
export function reasonColumn<R extends ReasonRow>(label: string, i18n: Translator): Column<R> {
  return pageTextColumn('reason', label, (row) => reasonText(row, i18n));
}

/** Words RobotLens writes itself (a code, a directive list), sortable as they read. */
export function textColumn<R>(id: string, label: string, textOf: (row: R) => string): Column<R> {
  return { id, label, sortValue: textOf, render: textOf };
}

/** A number, narrow; `show` formats it (as written when absent). */
export function countColumn<R>(
  id: string,
  label: string,
  countOf: (row: R) => number,
  show: (count: number) => ComponentChildren = (count) => count,
): Column<R> {
  return { id, label, width: 'narrow', sortValue: countOf, render: (row) => show(countOf(row)) };
}

/** A list of URLs, wide; sortable by its first URL when `sortable`. */
export function urlListColumn<R>(
  id: string,
  label: string,
  urlsOf: (row: R) => string[],
  { sortable = false } = {},
): Column<R> {
  return {
    id,
    label,
    width: 'wide',
    ...(sortable ? { sortValue: (row: R) => urlsOf(row)[0] ?? null } : {}),
    render: (row) => <UrlList urls={urlsOf(row)} />,
  };
}

/**
 * The pages that carry a link, wide. With `linkCount` the column sorts by
 * the first page and says when the list was cut.
 */
export function foundOnColumn<R extends { foundOn: ReportLinkSource[] }>(
  label: string,
  linkCount?: (row: R) => number,
): Column<R> {
  return {
    id: 'foundOn',
    label,
    width: 'wide',
    ...(linkCount
      ? {
          sortValue: (row: R) => row.foundOn[0]?.page ?? null,
          render: (row: R) => <FoundOn sources={row.foundOn} linkCount={linkCount(row)} />,
        }
      : { render: (row: R) => <FoundOn sources={row.foundOn} /> }),
  };
}
