/**
 * `npm run icons`: renders assets/icon.svg, the one source of the icon, to
 * public/icon/<size>.png at every size the stores and browsers ask for.
 * Chromium draws the SVG (the browser tests' own, so no image library is
 * added); a transparent page keeps the corners transparent.
 */
import { chromium } from '@playwright/test';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
// @ts-expect-error — plain JS helper shared with the browser tests
import { chromiumPath } from '../tests/e2e/chromium-path.mjs';
import { ICON_DIR, ICON_SIZES, ICON_SOURCE } from './icon-sizes.ts';

async function main(): Promise<void> {
  const svg = await readFile(ICON_SOURCE, 'utf8');
  await mkdir(ICON_DIR, { recursive: true });
  const browser = await chromium.launch({
    executablePath: (chromiumPath as () => string)(),
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    for (const size of ICON_SIZES) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      await page.setContent(iconPage(svg, size));
      const file = path.join(ICON_DIR, `${size}.png`);
      await page.screenshot({ path: file, omitBackground: true });
      await page.close();
      console.log(`${file} (${size}×${size})`);
    }
  } finally {
    await browser.close();
  }
}

function iconPage(svg: string, size: number): string {
  const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
  return `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`;
}

await main();
