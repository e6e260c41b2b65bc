// Makes sure a browser from Debian's packages is there before the browser
// tests run: installs it with apt-get when we are root, otherwise says how.
// Never skips.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * @param {{ name: string, binary: string, aptPackage: string, envVar: string }} browser
 */
export function ensureDebianBrowser({ name, binary, aptPackage, envVar }) {
  if (existsSync(binary)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    console.error(
      `The browser tests need ${name}. Install it with:\n` +
        `  sudo apt-get update && sudo apt-get install -y ${aptPackage}\n` +
        `or point ${envVar} at a ${name} binary.`,
    );
    process.exit(1);
  }
  console.log(`Installing ${name} from Debian packages (apt-get install ${aptPackage})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', aptPackage], {
    stdio: 'inherit',
    env,
  });
  if (!existsSync(binary)) {
    console.error(`${name} was installed but ${binary} is missing; set ${envVar}.`);
    process.exit(1);
  }
}
