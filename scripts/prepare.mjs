// `npm ci` / `npm install` in the repository (npm's `prepare`): `wxt prepare`
// writes .wxt/, the generated types tsconfig.json extends. Without the
// development dependencies (`npm ci --omit=dev`) there is no wxt and nothing
// to prepare, so it says so instead of failing the install. It never runs
// when the packed command line is installed from its tarball.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const wxt = 'node_modules/wxt/bin/wxt.mjs';
if (!existsSync(wxt)) {
  console.log('robotlens: wxt is not installed (--omit=dev?); skipping wxt prepare');
} else {
  const run = spawnSync(process.execPath, [wxt, 'prepare'], { stdio: 'inherit' });
  process.exitCode = run.status ?? 1;
}
