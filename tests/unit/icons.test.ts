/** Every icon size exists as a real PNG of that size (read from its IHDR header). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICON_DIR, ICON_SIZES, ICON_SOURCE } from '../../scripts/icon-sizes.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Width, height and colour type from a PNG's first chunk, which must be IHDR. */
function pngHeader(bytes: Buffer): { width: number; height: number; colorType: number } {
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), colorType: bytes[25]! };
}

describe('icons', () => {
  it.each(ICON_SIZES)('%i px is a square RGBA PNG of that size', (size) => {
    const header = pngHeader(readFileSync(path.join(ICON_DIR, `${size}.png`)));
    expect(header).toEqual({ width: size, height: size, colorType: 6 });
  });

  it('come from one SVG source in the repository', () => {
    expect(readFileSync(ICON_SOURCE, 'utf8')).toMatch(/^<svg [^>]*viewBox="0 0 128 128"/);
  });
});
