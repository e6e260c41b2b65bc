/**
 * `npx tsx scripts/sync-placeholders.ts`: rewrites the `placeholders` of every
 * message in public/_locales/<lang>/messages.json from the `$name$` the
 * message uses, named in sorted order `$1`, `$2`, … (the convention
 * lib/i18n/catalog.ts relies on). Translators write `$name$`; this keeps the
 * browser's placeholder blocks right. tests/unit/messages.test.ts checks it.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { placeholderNames, type Catalog, type CatalogEntry } from '../lib/i18n/catalog.ts';

const LOCALES = path.resolve(import.meta.dirname, '../public/_locales');

function sync(entry: CatalogEntry): CatalogEntry {
  const names = placeholderNames(entry.message);
  const { placeholders: old, ...rest } = entry;
  if (names.length === 0) return rest;
  const placeholders: NonNullable<CatalogEntry['placeholders']> = {};
  names.forEach((name, index) => {
    const example = old?.[name]?.example;
    placeholders[name] = { content: `$${index + 1}`, ...(example ? { example } : {}) };
  });
  return { ...rest, placeholders };
}

for (const lang of readdirSync(LOCALES)) {
  const file = path.join(LOCALES, lang, 'messages.json');
  const catalog = JSON.parse(readFileSync(file, 'utf8')) as Catalog;
  const synced = Object.fromEntries(Object.entries(catalog).map(([k, e]) => [k, sync(e)]));
  writeFileSync(file, `${JSON.stringify(synced, null, 2)}\n`);
}
