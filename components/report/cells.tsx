/**
 * How page data appears in the report. URLs, anchor texts and reasons come
 * from crawled pages: they are only ever text (Preact escapes them), and a
 * URL becomes a link only when it is http(s) — `javascript:` and the like
 * stay inert text — and bidi controls or invisible characters show as
 * `⟨U+202E⟩` (PageText).
 */
import type { ReportLinkSource } from '../../lib/crawl/report.ts';
import { parseHttpUrl } from '../../lib/url/http-url.ts';
import type { Translator } from '../../lib/i18n/translator.ts';
import { useI18n } from '../i18n.tsx';
import { elideUrl, type ElidedUrl } from './elide-url.ts';
import { PageText } from '../PageText.tsx';

/** The URL itself when it is an http(s) URL, else null (it must not become a link). */
export function httpHref(url: string): string | null {
  return parseHttpUrl(url)?.href ?? null;
}

/** A URL as text, linked (in a new tab) when it is http(s); a long one elided in the middle. */
export function UrlText({ url }: { url: string }) {
  const href = httpHref(url);
  const elided = elideUrl(url);
  const title = elided ? url : undefined;
  return href ? (
    <a class="url" href={href} target="_blank" rel="noopener noreferrer" title={title}>
      <UrlWords url={url} elided={elided} />
    </a>
  ) : (
    <span class="url url-inert" title={title}>
      <UrlWords url={url} elided={elided} />
    </span>
  );
}

/**
 * The middle of a long URL is in the page, only out of sight: a selection
 * copies the whole URL and a screen reader reads it; the "…" in its place
 * is neither copied nor read.
 */
function UrlWords({ url, elided }: { url: string; elided: ElidedUrl | null }) {
  if (!elided) return <PageText text={url} />;
  return (
    <>
      <PageText text={elided.head} />
      <span class="url-ellipsis" aria-hidden="true">
        …
      </span>
      <span class="url-middle">
        <PageText text={elided.middle} />
      </span>
      <PageText text={elided.tail} />
    </>
  );
}

/** Sources shown before the rest fold into a "more" disclosure. */
const SOURCES_SHOWN = 3;

/** Every page that carries a link, with its anchor text and where in the page it is. */
export function FoundOn({
  sources,
  linkCount,
}: {
  sources: ReportLinkSource[];
  linkCount?: number;
}) {
  const { t, plural } = useI18n();
  if (sources.length === 0) return <span class="muted">{t('cell_no_page_links')}</span>;
  const first = sources.slice(0, SOURCES_SHOWN);
  const rest = sources.slice(SOURCES_SHOWN);
  // The report lists at most 100 pages per URL; say so when it was cut.
  const cut = linkCount !== undefined && sources.length >= 100 && linkCount > sources.length;
  return (
    <>
      <SourceList sources={first} />
      {rest.length > 0 ? (
        <details>
          <summary>{plural('cell_more_pages', rest.length)}</summary>
          <SourceList sources={rest} />
        </details>
      ) : null}
      {cut ? (
        <span class="muted">
          {t('cell_links_in_all', { links: linkCount, pages: sources.length })}
        </span>
      ) : null}
    </>
  );
}

function SourceList({ sources }: { sources: ReportLinkSource[] }) {
  const { t } = useI18n();
  return (
    <ul class="found-on">
      {sources.map((source, index) => (
        <li key={index}>
          <UrlText url={source.page} />{' '}
          {source.text ? (
            <q class="anchor-text">
              <PageText text={source.text} />
            </q>
          ) : (
            <span class="muted">{t('cell_no_text')}</span>
          )}{' '}
          <span class="muted where">
            {source.element} {source.attribute}
            {source.line !== undefined ? t('cell_at_line', { line: String(source.line) }) : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A list of URLs, each as UrlText; long lists fold after the first few. */
export function UrlList({ urls }: { urls: string[] }) {
  const { t } = useI18n();
  const rest = urls.slice(SOURCES_SHOWN);
  return (
    <>
      <UrlItems urls={urls.slice(0, SOURCES_SHOWN)} />
      {rest.length > 0 ? (
        <details>
          <summary>{t('cell_more', { count: rest.length })}</summary>
          <UrlItems urls={rest} />
        </details>
      ) : null}
    </>
  );
}

function UrlItems({ urls }: { urls: string[] }) {
  return (
    <ul class="url-list">
      {urls.map((url, index) => (
        <li key={index}>
          <UrlText url={url} />
        </li>
      ))}
    </ul>
  );
}

export function statusText(status: number | null, { t }: Translator): string {
  return status === null ? t('none') : String(status);
}
