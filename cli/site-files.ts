/**
 * The site folder as the fixture server sees it: which file a path names, what
 * its content type is, and the rule that nothing outside the folder (nor the
 * folder's own `site.json`) is ever served.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.json': 'application/json',
  '.xml': 'application/xml',
};

/** The Content-Type a file name's extension implies, if we know one. */
export function contentTypeFor(name: string): string | undefined {
  return CONTENT_TYPES[path.extname(name)];
}

/** The absolute path of `relative` inside `root`, or null when it would leave it. */
export function resolveInside(root: string, relative: string): string | null {
  const base = path.resolve(root);
  const full = path.join(base, path.normalize(relative));
  if (!full.startsWith(base + path.sep)) return null;
  return full;
}

/** The file a decoded request path names (`index.html` for a folder), or null when there is none. */
export async function readSiteFile(
  root: string,
  pathname: string,
): Promise<{ bytes: Buffer; name: string } | null> {
  const relative = pathname.endsWith('/') ? `${pathname}index.html` : pathname;
  // Stay inside the site folder whatever the request path says.
  const full = resolveInside(root, relative);
  if (full === null || path.basename(full) === 'site.json') return null;
  try {
    return { bytes: await readFile(full), name: full };
  } catch {
    return null;
  }
}
