/** The service worker: registers the services; decisions live in lib/. */
import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { registerCrawlReportService } from './crawl-report-service.ts';
import { registerCrawlService, registerCrawlWatch, resumeInterrupted } from './crawl-service.ts';
import { registerHighlightService } from './highlight-service.ts';
import { keepBrowseCheckWithAccess, registerPageReader } from '../../extension/browse-check.ts';
import { keepRequestsIdentified } from './identify-requests.ts';
import { watchOwnAddresses } from './request-addresses.ts';
import { watchOwnRequests } from './request-records.ts';
import { registerRobotsService } from './robots-service.ts';
import { registerVerdictService } from './verdict-service.ts';

export default defineBackground({
  type: 'module',
  main() {
    // Listeners are registered synchronously at start-up so events that
    // woke the worker are not missed; handlers that need the start-up work
    // (request identification) wait for `ready`.
    watchOwnRequests();
    watchOwnAddresses();
    const ready = keepRequestsIdentified().catch(() => undefined);
    registerVerdictService();
    registerRobotsService();
    registerCrawlReportService();
    registerCrawlService(ready);
    registerCrawlWatch(ready);
    registerHighlightService(ready);
    keepBrowseCheckWithAccess();
    // Only in the Firefox smoke test's build, which cannot click anything (see wxt.config.ts).
    if (import.meta.env.ROBOTLENS_E2E_BROWSE_CHECK)
      void registerPageReader().catch(() => undefined);
    // A crawl the worker was running when Chrome stopped it goes on by itself.
    void ready.then(resumeInterrupted);
    // With a start-up listener the browser starts the worker as it opens, so
    // a crawl interrupted by closing the browser resumes without a click.
    browser.runtime.onStartup.addListener(() => undefined);
  },
});
