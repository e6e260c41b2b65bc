/**
 * A page's HTTP answer read for the verdict, the same way wherever the page
 * is fetched (the command line's `inspectPage`, the extension's background):
 * the status, redirects and X-Robots-Tag of the response, and the facts of
 * its markup when it is HTML.
 */
import { isHtml } from '../http/content-type.ts';
import { decodeText } from '../http/decode-text.ts';
import { headerValues, HttpError, type HttpResponse } from '../http/types.ts';
import { extractPageFacts } from '../meta/extract-page-facts.ts';
import type { PageFacts } from '../meta/page-facts.ts';
import type { VerdictHttp } from '../verdict/verdict-input.ts';

/** Markup past this is not needed to read `<head>`, and a 10 MB page must not cost 10 MB. */
export const PAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PAGE_MAX_REDIRECTS = 10;

export function verdictHttpOf(response: HttpResponse): VerdictHttp {
  const contentType = headerValues(response, 'content-type')[0];
  return {
    status: response.status,
    finalUrl: response.url,
    redirects: response.redirects,
    xRobotsTag: headerValues(response, 'x-robots-tag'),
    ...(contentType ? { contentType } : {}),
  };
}

/** What the verdict says when nothing answered. */
export function failedHttp(url: string, error: unknown): VerdictHttp {
  const failure = error instanceof HttpError ? error : new HttpError('other', String(error));
  return {
    status: null,
    finalUrl: url,
    redirects: failure.redirects,
    xRobotsTag: [],
    error: failure.detail,
  };
}

/** The facts of the response's markup; null when it is not HTML. */
export function pageFactsOf(response: HttpResponse): PageFacts | null {
  const contentType = headerValues(response, 'content-type')[0];
  if (!isHtml(contentType)) return null;
  return extractPageFacts(decodeText(response.body, contentType), response.url);
}
