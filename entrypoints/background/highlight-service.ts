/**
 * "Highlight links on this page": the page's links, each marked by what the
 * site's crawl found — and the ones no crawl covered checked now, if
 * RobotLens has access to their site (never guessed: no access is "unknown"),
 * and, for links to other sites, only when the crawl settings say to check
 * them: like the crawl, a highlight sends nothing to another site unasked,
 * and nothing to a URL on the user's block list.
 */
import { checkLinks } from '../../lib/crawl/check-links.ts';
import { systemClock } from '../../lib/crawl/clock.ts';
import { markOf } from '../../lib/crawl/link-marks.ts';
import { extensionTranslator } from '../../extension/i18n.ts';
import type { UrlRecord } from '../../lib/crawl/types.ts';
import { PRODUCT_TOKEN } from '../../lib/identity.ts';
import type { Message, OkOrError } from '../../lib/protocol/messages.ts';
import { normalizeUrl } from '../../lib/url/normalize-url.ts';
import { hasHostAccess } from '../../extension/host-access.ts';
import { askPageReader } from './page-reader.ts';
import { loadSettings } from '../../extension/settings.ts';
import { crawlHttp } from './crawl-http.ts';
import { storedCheckpoint } from './crawl-session.ts';
import { explainFailure } from './explain-failure.ts';

/** A link checked on demand gets this long: the user is waiting for the marks. */
const CHECK_TIMEOUT_MS = 10_000;

export async function highlight({
  tabId,
  checkExternal,
}: Message<'highlight-links'>): Promise<OkOrError> {
  try {
    const { pageUrl, links } = await askPageReader(tabId, { type: 'collect-links' });
    const keys = new Map(links.map((url) => [url, normalizedKey(url)]));
    const origin = new URL(pageUrl).origin;
    const known = await crawledRecords(origin);
    const outside = (key: string) => new URL(key).origin !== origin;
    const unchecked = [
      ...new Set(
        [...keys.values()].filter((key): key is string => key !== null && !known.has(key)),
      ),
    ];
    const reachable = await withAccess(unchecked.filter((key) => checkExternal || !outside(key)));
    const { t, say } = extensionTranslator();
    const marksNow = (pending: boolean) =>
      links.map((url) => {
        const key = keys.get(url);
        const record = key ? known.get(key) : undefined;
        if (record || !key) return markOf(url, record, say);
        if (!reachable.includes(key)) {
          return {
            url,
            mark: 'unknown' as const,
            detail:
              !checkExternal && outside(key)
                ? t('mark_external_not_checked')
                : t('mark_no_access', { origin: new URL(key).origin }),
          };
        }
        return pending
          ? { url, mark: 'unknown' as const, detail: t('mark_checking') }
          : markOf(url, undefined, say);
      });
    // What the crawl already knows shows at once; the links checked now follow.
    await askPageReader(tabId, { type: 'mark-links', marks: marksNow(true) });
    const { blockList } = await loadSettings();
    const checked = await checkLinks(
      reachable,
      { robot: PRODUCT_TOKEN, delayMs: 0, timeoutMs: CHECK_TIMEOUT_MS, blockList, checkExternal },
      // The page is the scope: hops off it are not followed unless other sites are checked.
      { http: crawlHttp, clock: systemClock, pageUrl },
    );
    for (const record of checked) known.set(record.url, record);
    await askPageReader(tabId, { type: 'mark-links', marks: marksNow(false) });
    return { ok: true };
  } catch (error) {
    return { ok: false, error: explainFailure(error) };
  }
}

async function crawledRecords(origin: string): Promise<Map<string, UrlRecord>> {
  const checkpoint = await storedCheckpoint(origin);
  return new Map((checkpoint?.records ?? []).map((record) => [record.url, record]));
}

/** Only sites RobotLens may reach: without access the browser hides the answer, and a guess would be wrong. */
async function withAccess(urls: string[]): Promise<string[]> {
  const origins = [...new Set(urls.map((url) => new URL(url).origin))];
  const granted = new Set<string>();
  for (const origin of origins) {
    if (await hasHostAccess(origin)) granted.add(origin);
  }
  return urls.filter((url) => granted.has(new URL(url).origin));
}

function normalizedKey(url: string): string | null {
  const normalized = normalizeUrl(url);
  return normalized.ok ? normalized.url : null;
}
