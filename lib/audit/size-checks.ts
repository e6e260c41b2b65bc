/**
 * `page-too-large`: a page cut at the crawl's size limit (15 MB by default,
 * where Googlebot stops reading an HTML file): what follows is neither
 * indexed nor checked. Shown with the internal links (its links past the
 * cut are not followed).
 */
import { phrase } from '../i18n/phrase.ts';
import { finding } from './finding.ts';
import type { SiteAuditInput, SiteFinding } from './types.ts';

export function sizeFindings(input: SiteAuditInput): SiteFinding[] {
  return input.pages.flatMap(({ url, truncatedAtBytes }) =>
    truncatedAtBytes === undefined
      ? []
      : [
          finding(
            'page-too-large',
            url,
            phrase('site_finding_page_too_large', { mb: megabytes(truncatedAtBytes) }),
          ),
        ],
  );
}

/** Bytes as megabytes (2^20 bytes, as the limit is set): to one decimal, or two digits below 1 MB. */
function megabytes(bytes: number): number {
  const mb = bytes / 2 ** 20;
  return mb >= 1 ? Math.round(mb * 10) / 10 : Number(mb.toPrecision(2));
}
