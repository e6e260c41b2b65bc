import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXTENSION_WORDING } from './i18n.ts';

const catalog = (lang: string) =>
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, `../public/_locales/${lang}/messages.json`),
      'utf8',
    ),
  ) as Record<string, { message: string }>;

describe('sentences lib/ words for the command line', () => {
  it.each(['en', 'ko'])('%s: none that names a flag reaches the extension unchanged', (lang) => {
    const messages = catalog(lang);
    const namingFlags = Object.keys(messages).filter(
      (key) => /\(--[a-z-]+\)/.test(messages[key]!.message) && !key.startsWith('cli_'),
    );
    expect(namingFlags.length).toBeGreaterThan(0);
    for (const key of namingFlags) {
      const worded = EXTENSION_WORDING[key];
      expect(worded, key).toBeDefined();
      expect(messages[worded!]!.message, key).not.toMatch(/--[a-z]/);
    }
  });

  it('names the popup’s own control instead', () => {
    const en = catalog('en');
    expect(en[EXTENSION_WORDING.skip_external_not_checked!]!.message).toContain(
      'Check links to other sites',
    );
    expect(en.crawl_check_external!.message).toContain('Check links to other sites');
  });
});
