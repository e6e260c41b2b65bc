/**
 * How Debian's Chromium is launched with a built extension, for the browser
 * tests and the benchmarks alike (the flags are the ones checked on these
 * machines: no first-run UI, no background networking to other hosts).
 */
// @ts-expect-error — plain JS helper shared with ensure-chromium.mjs
import { chromiumPath } from './chromium-path.mjs';

export function extensionLaunchOptions(extensionDir: string) {
  return {
    executablePath: (chromiumPath as () => string)(),
    headless: false,
    args: [
      '--headless=new',
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--enable-unsafe-extension-debugging',
    ],
  };
}
