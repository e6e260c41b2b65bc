// Makes sure Debian's Firefox ESR is there before the Firefox smoke test.
import { ensureDebianBrowser } from '../ensure-debian-browser.mjs';
import { firefoxPath } from './firefox-path.mjs';

ensureDebianBrowser({
  name: 'Firefox',
  binary: firefoxPath(),
  aptPackage: 'firefox-esr',
  envVar: 'FIREFOX_PATH',
});
