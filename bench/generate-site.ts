/**
 * A generated static site for the benchmarks: `pages` interlinked pages of
 * realistic size (~`pageBytes` each, `linksPerPage` links, or a seeded count
 * in `linksMin`..`linksMax` when given), one link in `brokenEvery` pointing
 * at a missing page. Deterministic (seeded), so runs compare.
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
  {
    pages = 2_000,
    linksPerPage = 20,
    linksMin = linksPerPage,
    linksMax = linksPerPage,
    pageBytes = 8_000,
    brokenEvery = 97,
  }: {
    pages?: number;
    linksPerPage?: number;
    linksMin?: number;
    linksMax?: number;
    pageBytes?: number;
    brokenEvery?: number;
  } = {},
): Promise<GeneratedSite> {
  await mkdir(path.join(root, 'p'), { recursive: true });
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  let broken = 0;
  let linkNumber = 0;
  for (let i = 0; i < pages; i++) {
    const links: string[] = [`<a href="/p/${(i + 1) % pages}.html">next</a>`];
    const count = linksMin + Math.floor(random() * (linksMax - linksMin + 1));
    for (let j = 1; j < count; j++) {
      const target = Math.floor(random() * pages);
      const isBroken = ++linkNumber % brokenEvery === 0;
      if (isBroken) broken++;
      links.push(
        `<a href="/p/${isBroken ? `missing-${i}-${j}` : target}.html">Link ${j} of page ${i}</a>`,
      );
    }
    const linkBytes = links.reduce((sum, link) => sum + link.length + 1, 0);
    const textBytes = Math.max(57, pageBytes - 300 - linkBytes);
    const text = `<p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(Math.floor(textBytes / 57))}</p>`;
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
