/**
 * The tables of "Changes since <date>": one spec per kind of change, with
 * the columns the report's other tables use (a URL is sortable text, a
 * status is narrow), so a changed link reads as it does in Broken links.
 */
import type { Translator } from '../../../lib/i18n/translator.ts';
import type { ReasonCode } from '../../../lib/verdict/types.ts';
import type {
  CrawlChanges,
  IndexabilityChange,
  RedirectChange,
  SnapshotBroken,
  SnapshotLinkPage,
} from '../../../lib/watch/types.ts';
import { useI18n } from '../../i18n.tsx';
import { PageText } from '../../PageText.tsx';
import { UrlText } from '../cells.tsx';
import { countColumn, statusColumn, textColumn, urlColumn } from '../columns.tsx';
import type { TableSpec } from '../table/table-model.ts';
import { reasonDelta, sitemapRows, type SitemapChangeRow } from './changes-rows.ts';

/** A spec as a pure function of the changes and the reader's language. */
export type ChangesSpecBuilder<R> = (changes: CrawlChanges, i18n: Translator) => TableSpec<R>;

const pagesText = (pages: SnapshotLinkPage[]) =>
  pages.map((p) => `${p.page}\n${p.text}`).join('\n');

function brokenChangeSpec(
  id: string,
  rowsOf: (changes: CrawlChanges) => SnapshotBroken[],
): ChangesSpecBuilder<SnapshotBroken> {
  return (changes, i18n) => {
    const { t, plural } = i18n;
    return {
      id,
      count: (n) => plural('rows_broken_links', n),
      noun: t('noun_broken_links'),
      rows: rowsOf(changes),
      searchText: (r) => `${r.url}\n${r.kind}\n${pagesText(r.pages)}`,
      filters: [{ label: t('col_kind'), valueOf: (r) => r.kind }],
      columns: [
        urlColumn('url', t('col_url'), (r) =>
          r.internal ? null : <span class="tag">{t('tag_other_site')}</span>,
        ),
        statusColumn('status', t('col_status'), i18n),
        textColumn('kind', t('col_kind'), (r) => r.kind),
        countColumn('pageCount', t('col_links'), (r) => r.pageCount, i18n.number),
        {
          id: 'pages',
          label: t('changes_col_pages'),
          width: 'wide',
          sortValue: (r) => r.pages[0]?.page ?? null,
          render: (r) => <LinkPages pages={r.pages} pageCount={r.pageCount} />,
        },
      ],
    };
  };
}

export const newBrokenSpec = brokenChangeSpec('changes-new-broken', (c) => c.broken.added);
export const fixedSpec = brokenChangeSpec('changes-fixed', (c) => c.broken.fixed);

/** The pages that carry a link, with the anchor text and line; how many more when cut. */
function LinkPages({ pages, pageCount }: { pages: SnapshotLinkPage[]; pageCount: number }) {
  const { t, plural } = useI18n();
  if (pages.length === 0) return <span class="muted">{t('cell_no_page_links')}</span>;
  return (
    <>
      <ul class="found-on">
        {pages.map((p, index) => (
          <li key={index}>
            <UrlText url={p.page} />{' '}
            {p.text ? (
              <q class="anchor-text">
                <PageText text={p.text} />
              </q>
            ) : (
              <span class="muted">{t('cell_no_text')}</span>
            )}
            {p.line !== undefined ? (
              <span class="muted where">{t('cell_at_line', { line: String(p.line) })}</span>
            ) : null}
          </li>
        ))}
      </ul>
      {pageCount > pages.length ? (
        <span class="muted">{plural('cell_more_pages', pageCount - pages.length)}</span>
      ) : null}
    </>
  );
}

/**
 * A page's blocking reasons, as the Indexability section shows codes; none
 * is "Indexable". The codes that changed are marked in words: new ones in
 * "now", gone ones in "before".
 */
export function ReasonCodes({
  codes,
  changed,
  mark,
}: {
  codes: readonly ReasonCode[];
  changed: readonly ReasonCode[];
  mark: 'changes_reason_added' | 'changes_reason_gone';
}) {
  const { t } = useI18n();
  if (codes.length === 0)
    return <span class="verdict-cell-indexable">{t('verdict_indexable')}</span>;
  return (
    <ul class="plain reasons-cell">
      {codes.map((code) => (
        <li
          key={code}
          data-code={code}
          class={changed.includes(code) ? 'blocking changed' : 'blocking'}
        >
          <code class="reason-code">{code}</code>
          {changed.includes(code) ? <span class="reason-kind"> ({t(mark)})</span> : null}
        </li>
      ))}
    </ul>
  );
}

function indexabilityChangeSpec(
  id: string,
  rowsOf: (changes: CrawlChanges) => IndexabilityChange[],
): ChangesSpecBuilder<IndexabilityChange> {
  return (changes, i18n) => {
    const { t, plural } = i18n;
    const codes = (list: readonly string[]) => list.join(' ') || null;
    return {
      id,
      count: (n) => plural('rows_pages', n),
      noun: t('noun_pages'),
      rows: rowsOf(changes),
      searchText: (r) => [r.url, ...r.before, ...r.now].join('\n'),
      filters: [
        {
          label: t('col_reason'),
          valueOf: (r) => {
            const delta = reasonDelta(r.before, r.now);
            return [...delta.added, ...delta.gone];
          },
        },
      ],
      columns: [
        urlColumn('url', t('col_page')),
        {
          id: 'before',
          label: t('changes_col_blocking_before'),
          sortValue: (r) => codes(r.before),
          render: (r) => (
            <ReasonCodes
              codes={r.before}
              changed={reasonDelta(r.before, r.now).gone}
              mark="changes_reason_gone"
            />
          ),
        },
        {
          id: 'now',
          label: t('changes_col_blocking_now'),
          sortValue: (r) => codes(r.now),
          render: (r) => (
            <ReasonCodes
              codes={r.now}
              changed={reasonDelta(r.before, r.now).added}
              mark="changes_reason_added"
            />
          ),
        },
      ],
    };
  };
}

export const lostIndexableSpec = indexabilityChangeSpec(
  'changes-lost-indexable',
  (c) => c.indexability.lost,
);
export const regainedIndexableSpec = indexabilityChangeSpec(
  'changes-regained-indexable',
  (c) => c.indexability.regained,
);

export const newRedirectsSpec: ChangesSpecBuilder<RedirectChange> = (changes, i18n) => {
  const { t, plural } = i18n;
  return {
    id: 'changes-new-redirects',
    count: (n) => plural('rows_redirects', n),
    noun: t('noun_redirects'),
    rows: changes.redirects.added,
    searchText: (r) => `${r.from}\n${r.to}`,
    columns: [
      urlColumn('from', t('col_from')),
      urlColumn('to', t('col_final_url')),
      countColumn('hopsBefore', t('changes_col_hops_before'), (r) => r.hopsBefore, i18n.number),
      countColumn('hops', t('changes_col_hops_now'), (r) => r.hops, i18n.number),
    ],
  };
};

export const newTrapsSpec: ChangesSpecBuilder<{ url: string; kind: string }> = (changes, i18n) => {
  const { t, plural } = i18n;
  return {
    id: 'changes-new-traps',
    count: (n) => plural('rows_traps', n),
    noun: t('noun_traps'),
    rows: changes.traps.added,
    searchText: (r) => `${r.url}\n${r.kind}`,
    filters: [{ label: t('col_kind'), valueOf: (r) => r.kind }],
    columns: [textColumn('kind', t('col_kind'), (r) => r.kind), urlColumn('url', t('col_url'))],
  };
};

export function sitemapChangeText(row: SitemapChangeRow, { t }: Translator) {
  return {
    change: row.change === 'added' ? t('changes_added') : t('changes_removed'),
    what: row.what === 'url' ? t('changes_what_url') : t('changes_what_sitemap'),
  };
}

export const sitemapChangesSpec: ChangesSpecBuilder<SitemapChangeRow> = (changes, i18n) => {
  const { t, plural } = i18n;
  return {
    id: 'changes-sitemap',
    count: (n) => plural('rows_pages', n),
    noun: t('noun_pages'),
    rows: sitemapRows(changes),
    searchText: (r) => r.url,
    filters: [
      {
        label: t('changes_col_change'),
        valueOf: (r) => r.change,
        labelOf: (value) => (value === 'added' ? t('changes_added') : t('changes_removed')),
      },
    ],
    columns: [
      urlColumn('url', t('col_url')),
      textColumn('change', t('changes_col_change'), (r) => sitemapChangeText(r, i18n).change),
      textColumn('what', t('changes_col_what'), (r) => sitemapChangeText(r, i18n).what),
    ],
  };
};
