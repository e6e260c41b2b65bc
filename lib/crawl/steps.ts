import type { LinkFetcher } from './fetch-link.ts';
import type { Politeness } from './politeness.ts';
import type { RobotsGate } from './robots-gate.ts';

/** The crawl's collaborators for one run (they hold timers and the abort signal). */
export interface CrawlSteps {
  politeness: Politeness;
  robots: RobotsGate;
  fetcher: LinkFetcher;
  signal: AbortSignal;
  onRequest: (url: string, method?: 'GET' | 'HEAD') => void;
}
