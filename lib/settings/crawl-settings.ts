/** What the user chooses before a crawl (the rest are the engine's defaults). */
export interface CrawlSettings {
  maxPages: number;
  maxDepth: number;
  concurrencyPerOrigin: number;
  delayMs: number;
  /** Per-request timeout (headers and body). */
  timeoutMs: number;
  robot: string;
  obeyRobots: boolean;
  checkExternal: boolean;
  useSitemaps: boolean;
}
