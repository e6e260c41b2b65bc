/**
 * A generated static site for the benchmarks: `pages` interlinked pages of
 * realistic size (~`pageBytes` each, `linksPerPage` links), one link in
 * `brokenEvery` pointing at a missing page. Deterministic (seeded), so runs
 * compare.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface GeneratedSite {
  root: string;
  pages: number;
  brokenLinks: number;
}

export async function generateSite(
  root: string,
  { pages = 2_000, linksPerPage = 20, pageBytes = 8_000, brokenEvery = 97 } = {},
): Promise<GeneratedSite> {
  await mkdir(path.join(root, 'p'), { recursive: true });
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  let broken = 0;
  for (let i = 0; i < pages; i++) {
    const links: string[] = [`<a href="/p/${(i + 1) % pages}.html">next</a>`];
    for (let j = 1; j < linksPerPage; j++) {
      const target = Math.floor(random() * pages);
      const isBroken = (i * linksPerPage + j) % brokenEvery === 0;
      if (isBroken) broken++;
      links.push(
        `<a href="/p/${isBroken ? `missing-${i}-${j}` : target}.html">Link ${j} of page ${i}</a>`,
      );
    }
    const text = `<p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(Math.max(1, Math.floor((pageBytes - 2_000) / 57)))}</p>`;
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page ${i}</title><meta name="description" content="Generated page ${i}"></head><body><h1>Page ${i}</h1>${text}<nav>${links.join(' ')}</nav></body></html>`;
    await writeFile(path.join(root, 'p', `${i}.html`), html);
  }
  await writeFile(
    path.join(root, 'index.html'),
    '<!doctype html><title>Bench</title><a href="/p/0.html">start</a>',
  );
  await writeFile(path.join(root, 'robots.txt'), 'User-agent: *\nDisallow: /private/\n');
  return { root, pages, brokenLinks: broken };
}
