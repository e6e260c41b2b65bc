/**
 * The crawl fixture site (tests/fixtures/crawl-site) and the outside site it
 * links to, each on its own 127.0.0.1 port, and the crawl settings the
 * browser tests use on it.
 */
import path from 'node:path';
import { startSiteServer, type SiteServer } from '../../cli/site-server.ts';
import type { CrawlSettings } from '../../lib/settings/crawl-settings.ts';
import { test } from './extension.ts';

export interface CrawlSites {
  site: SiteServer;
  external: SiteServer;
  close(): Promise<void>;
}

export async function startCrawlSites(): Promise<CrawlSites> {
  const external = await startSiteServer(path.resolve('tests/fixtures/crawl-external'));
  const site = await startSiteServer(path.resolve('tests/fixtures/crawl-site'), {
    vars: { external: external.origin },
  });
  return {
    site,
    external,
    close: async () => {
      await site.close();
      await external.close();
    },
  };
}

/** Starts the sites before each test of the file and closes them after; read them through the getters. */
export function useCrawlSites(): Omit<CrawlSites, 'close'> {
  let sites: CrawlSites | undefined;
  test.beforeEach(async () => {
    sites = await startCrawlSites();
  });
  test.afterEach(() => sites?.close());
  const started = () => {
    if (!sites) throw new Error('The crawl sites start before each test.');
    return sites;
  };
  return {
    get site() {
      return started().site;
    },
    get external() {
      return started().external;
    },
  };
}

export const CRAWL_SETTINGS: CrawlSettings = {
  maxPages: 500,
  maxDepth: 20,
  concurrencyPerOrigin: 2,
  delayMs: 5,
  timeoutMs: 15_000,
  robot: 'RobotLens',
  obeyRobots: true,
  checkExternal: false,
  useSitemaps: false,
};
