/** The service worker: registers the services; decisions live in lib/. */
import { defineBackground } from 'wxt/utils/define-background';
import { registerRobotsService } from '../extension/background/robots-service.ts';
import { registerVerdictService } from '../extension/background/verdict-service.ts';

export default defineBackground({
  type: 'module',
  main() {
    // Listeners are registered synchronously at start-up so events that
    // woke the worker are not missed.
    registerVerdictService();
    registerRobotsService();
  },
});
