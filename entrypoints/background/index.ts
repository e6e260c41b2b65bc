/** The service worker: registers the message router and the services' listeners; decisions live in lib/. */
import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { keepBrowseCheckWithAccess, registerPageReader } from '../../extension/browse-check.ts';
import { registerCrawlAlarm, registerCrawlWatch } from './crawl-service.ts';
import { resumeInterrupted } from './crawl-session.ts';
import { keepRequestsIdentified } from './identify-requests.ts';
import { watchOwnAddresses } from './request-addresses.ts';
import { watchOwnRequests } from './request-records.ts';
import { registerRecrawlSchedule } from './recrawl-service.ts';
import { registerRouter } from './router.ts';
import { registerVerdictService } from './verdict-service.ts';
import { refreshWatchBadge, registerWatchNotifications } from './watch-service.ts';

export default defineBackground({
  type: 'module',
  main() {
    // Listeners are registered synchronously at start-up so events that
    // woke the worker are not missed; handlers that need the start-up work
    // (request identification) wait for `ready`.
    watchOwnRequests();
    watchOwnAddresses();
    const ready = keepRequestsIdentified().catch(() => undefined);
    registerRouter(ready);
    registerVerdictService();
    registerCrawlAlarm(ready);
    registerCrawlWatch(ready);
    registerRecrawlSchedule(ready);
    registerWatchNotifications();
    // The browser does not keep the action's badge across its restarts.
    void refreshWatchBadge().catch(() => undefined);
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
