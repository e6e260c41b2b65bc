// The Chromium the browser tests drive: CHROMIUM_PATH, else Debian's binary
// (the /usr/bin/chromium wrapper script prints a harmless shell warning).
import { existsSync } from 'node:fs';

export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync('/usr/lib/chromium/chromium')
    ? '/usr/lib/chromium/chromium'
    : '/usr/bin/chromium';
}
