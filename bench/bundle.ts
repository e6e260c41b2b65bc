/** Size of the built Chrome extension (.output/chrome-mv3) and of each entrypoint, in KB. */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export interface BundleFigures {
  totalKb: number;
  entrypoints: { name: string; file: string; kb: number }[];
}

const DIR = path.resolve('.output/chrome-mv3');

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    ),
  );
  return nested.flat();
}

const kb = async (file: string) => (await stat(file)).size / 1024;

/** An entrypoint's size is its own JS plus its HTML and CSS, when it has them. */
export async function measureBundle(): Promise<BundleFigures> {
  const all = (await files(DIR)).map((file) => path.relative(DIR, file));
  let totalKb = 0;
  for (const file of all) totalKb += await kb(path.join(DIR, file));
  const groups: [string, RegExp][] = [
    ['background', /^background\.js$/],
    ['content script', /^content-scripts\/.*\.(js|css)$/],
    ['popup', /^(popup\.html|chunks\/popup-.*\.js|assets\/popup-.*\.css)$/],
    ['report', /^(report\.html|chunks\/report-.*\.js|assets\/report-.*\.css)$/],
  ];
  const entrypoints: BundleFigures['entrypoints'] = [];
  for (const [name, pattern] of groups) {
    const matched = all.filter((file) => pattern.test(file));
    let size = 0;
    for (const file of matched) size += await kb(path.join(DIR, file));
    entrypoints.push({ name, file: matched.join(' + ') || 'not found', kb: size });
  }
  return { totalKb, entrypoints };
}
