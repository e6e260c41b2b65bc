/**
 * Job 1 from raw HTTP: fetch a page as a robot would (no cookies), read its
 * markup, fetch its robots.txt, and give the verdict. The command line uses
 * this; the extension reads the markup from the live DOM instead, fetches
 * the served HTML the same way (page-response.ts) and calls `computeVerdict`
 * itself.
 */
import type { HttpFetch, HttpResponse } from '../http/types.ts';
import { decideWithOpinions, fetchRobotsTxt } from '../robots/index.ts';
import type { RobotsDecision, RobotsFetch } from '../robots/types.ts';
import { computeVerdict, type VerdictInput } from '../verdict/compute-verdict.ts';
import type { Verdict } from '../verdict/types.ts';
import {
  failedHttp,
  pageFactsOf,
  PAGE_MAX_BYTES,
  PAGE_MAX_REDIRECTS,
  verdictHttpOf,
} from './page-response.ts';

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
    return { http: failedHttp(url, error), page: null };
  }
  return { http: verdictHttpOf(response), page: pageFactsOf(response) };
}
