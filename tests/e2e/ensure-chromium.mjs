// Makes sure Debian's Chromium is there before the browser tests run:
// installs it with apt-get when we are root, otherwise says how. Never skips.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from './chromium-path.mjs';

if (existsSync(chromiumPath())) process.exit(0);

const isRoot = process.getuid?.() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (!isRoot || !hasApt) {
  console.error(
    'The browser tests need Chromium. Install it with:\n' +
      '  sudo apt-get update && sudo apt-get install -y chromium\n' +
      'or point CHROMIUM_PATH at a Chromium binary.',
  );
  process.exit(1);
}
console.log('Installing Chromium from Debian packages (apt-get install chromium)…');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
  stdio: 'inherit',
  env,
});
if (!existsSync(chromiumPath())) {
  console.error(`Chromium was installed but ${chromiumPath()} is missing; set CHROMIUM_PATH.`);
  process.exit(1);
}
