// Makes sure Debian's Chromium is there before the browser tests run.
import { ensureDebianBrowser } from '../ensure-debian-browser.mjs';
import { chromiumPath } from './chromium-path.mjs';

ensureDebianBrowser({
  name: 'Chromium',
  binary: chromiumPath(),
  aptPackage: 'chromium',
  envVar: 'CHROMIUM_PATH',
});
