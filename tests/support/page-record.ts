/** Crawl records of HTML pages, for tests. */
import type { PageAuditFacts } from '../../lib/audit/types.ts';
import type { UrlRecord } from '../../lib/crawl/types.ts';
import type { PageFacts } from '../../lib/meta/page-facts.ts';

/** A page fetched fine; `fields` change what the test is about. */
export function pageRecord(fields: Partial<UrlRecord> & Pick<UrlRecord, 'url'>): UrlRecord {
  return {
    depth: 1,
    internal: true,
    status: 'ok',
    httpStatus: 200,
    method: 'GET',
    contentType: 'text/html; charset=utf-8',
    ...fields,
  };
}

/** A page's audit facts as the crawl keeps them: a title, one link, nothing else unless `facts` says. */
export function auditFacts(url: string, facts: Partial<PageFacts> = {}): PageAuditFacts {
  return {
    facts: {
      url,
      title: 'A page',
      metas: [],
      links: [],
      refresh: [],
      anchorCount: 1,
      nofollowAnchorCount: 0,
      ...facts,
    },
    xRobotsTag: [],
  };
}
