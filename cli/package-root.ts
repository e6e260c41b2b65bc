/**
 * Files the command line reads at run time (the message catalogs, the demo
 * site) live at the package's root. From the sources (cli/…) and from the
 * compiled bundle (dist/robotlens.mjs) that root is a different number of
 * folders up, so it is found by walking up to the nearest package.json.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | null = null;

export function packageRoot(): string {
  if (root !== null) return root;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('robotlens: cannot find its package.json');
    dir = parent;
  }
  root = dir;
  return dir;
}

/** A file of the package, by its path from the package's root. */
export function packageFile(...segments: string[]): string {
  return path.join(packageRoot(), ...segments);
}
