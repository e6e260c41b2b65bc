/**
 * Job 1 from raw HTTP: fetch a page as a robot would (no cookies), read its
 * markup, fetch its robots.txt, and give the verdict. The command line uses
 * this; the extension reads the markup from the live DOM instead and calls
 * `computeVerdict` itself.
 */
import { isHtml } from '../http/content-type.ts';
import { decodeText } from '../http/decode-text.ts';
import { headerValues, HttpError, type HttpFetch, type HttpResponse } from '../http/types.ts';
import { extractPageFacts } from '../meta/extract-page-facts.ts';
import type { PageFacts } from '../meta/page-facts.ts';
import { decideWithOpinions, fetchRobotsTxt } from '../robots/index.ts';
import type { RobotsDecision, RobotsFetch } from '../robots/types.ts';
import { computeVerdict, type VerdictInput } from '../verdict/compute-verdict.ts';
import type { Verdict } from '../verdict/types.ts';

export interface InspectPageOptions {
  http: HttpFetch;
  url: string;
  /** Robot product token the verdict is for. */
  robot: string;
  nowMs: number;
  timeoutMs?: number;
}

export interface PageInspection {
  verdict: Verdict;
  robots: RobotsDecision;
  robotsFetch: RobotsFetch;
}

/** Markup past this is not needed to read `<head>`, and a 10 MB page must not cost 10 MB. */
const PAGE_MAX_BYTES = 2 * 1024 * 1024;
const PAGE_MAX_REDIRECTS = 10;

export async function inspectPage(options: InspectPageOptions): Promise<PageInspection> {
  const { http, url, robot, nowMs } = options;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const robotsFetch = await fetchRobotsTxt(http, new URL(url).origin, { nowMs, timeoutMs });
  const robots = decideWithOpinions(robotsFetch, url, robot);
  const page = await fetchPage(http, url, timeoutMs);
  const verdict = computeVerdict({ url, robot, nowMs, robots, ...page });
  return { verdict, robots, robotsFetch };
}

async function fetchPage(
  http: HttpFetch,
  url: string,
  timeoutMs: number,
): Promise<Pick<VerdictInput, 'http' | 'page'>> {
  let response: HttpResponse;
  try {
    response = await http({
      url,
      method: 'GET',
      timeoutMs,
      maxBytes: PAGE_MAX_BYTES,
      maxRedirects: PAGE_MAX_REDIRECTS,
    });
  } catch (error) {
    const failure = error instanceof HttpError ? error : new HttpError('other', String(error));
    return {
      http: {
        status: null,
        finalUrl: url,
        redirects: failure.redirects,
        xRobotsTag: [],
        error: failure.detail,
      },
      page: null,
    };
  }
  const contentType = headerValues(response, 'content-type')[0];
  return {
    http: {
      status: response.status,
      finalUrl: response.url,
      redirects: response.redirects,
      xRobotsTag: headerValues(response, 'x-robots-tag'),
      ...(contentType ? { contentType } : {}),
    },
    page: readFacts(response, contentType),
  };
}

function readFacts(response: HttpResponse, contentType: string | undefined): PageFacts | null {
  if (!isHtml(contentType)) return null;
  return extractPageFacts(decodeText(response.body, contentType), response.url);
}
