/** Every `.html` file under a directory (a documentation package's pages), in path order. */
import { readdir } from 'node:fs/promises';
import path from 'node:path';

export async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}
