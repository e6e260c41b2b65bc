/**
 * The message catalogs (public/_locales/<lang>/messages.json): both languages
 * have every message, their placeholders agree, the placeholder blocks
 * follow the sorted-name convention the translator relies on, the browser's
 * limits hold, and every key the code names exists.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeholderNames, type Catalog } from '../../lib/i18n/catalog.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LANGS = ['en', 'ko'] as const;
const catalogs = Object.fromEntries(
  LANGS.map((lang) => [
    lang,
    JSON.parse(
      readFileSync(path.join(ROOT, 'public/_locales', lang, 'messages.json'), 'utf8'),
    ) as Catalog,
  ]),
) as Record<(typeof LANGS)[number], Catalog>;
const en = catalogs.en;

const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
/** Plural bases: keys whose `_other` form exists in English. */
const pluralBases = new Set(
  Object.keys(en)
    .filter((key) => key.endsWith('_other'))
    .map((key) => key.slice(0, -'_other'.length)),
);
function pluralBaseOf(key: string): string | null {
  const match = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
  return match && pluralBases.has(match[1]!) ? match[1]! : null;
}

/** Keys every language needs: the plain ones, and each plural base's forms for that language. */
function requiredKeys(lang: string): string[] {
  const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  return [
    ...Object.keys(en).filter((key) => pluralBaseOf(key) === null),
    ...[...pluralBases].flatMap((base) => categories.map((category) => `${base}_${category}`)),
  ];
}

describe('message catalogs', () => {
  it.each(LANGS)('%s has every message, and no message English lacks', (lang) => {
    const catalog = catalogs[lang];
    const missing = requiredKeys(lang).filter((key) => !Object.hasOwn(catalog, key));
    expect(missing).toEqual([]);
    const extra = Object.keys(catalog).filter(
      (key) => !Object.hasOwn(en, key) && pluralBaseOf(key.replace(/_[a-z]+$/, '_other')) === null,
    );
    expect(extra).toEqual([]);
  });

  it.each(LANGS)('%s uses the same placeholders as English in every message', (lang) => {
    const differ = Object.entries(catalogs[lang]).flatMap(([key, entry]) => {
      const base = pluralBaseOf(key);
      const reference = en[key] ?? (base === null ? undefined : en[`${base}_other`]);
      if (!reference) return [];
      const mine = placeholderNames(entry.message).join(',');
      const theirs = placeholderNames(reference.message).join(',');
      return mine === theirs ? [] : [`${key}: ${mine} ≠ ${theirs}`];
    });
    expect(differ).toEqual([]);
  });

  it.each(LANGS)('%s: placeholder blocks number the sorted names from 1', (lang) => {
    const wrong = Object.entries(catalogs[lang]).flatMap(([key, entry]) => {
      const names = placeholderNames(entry.message);
      const expected = Object.fromEntries(names.map((name, i) => [name, `$${i + 1}`]));
      const actual = Object.fromEntries(
        Object.entries(entry.placeholders ?? {}).map(([name, p]) => [name, p.content]),
      );
      return JSON.stringify(actual) === JSON.stringify(expected) ? [] : [key];
    });
    // Fix with: npx tsx scripts/sync-placeholders.ts
    expect(wrong).toEqual([]);
  });

  it.each(LANGS)('%s fits the browser: key names, at most 9 values, no stray $', (lang) => {
    for (const [key, entry] of Object.entries(catalogs[lang])) {
      expect(key, key).toMatch(/^[A-Za-z0-9_]+$/);
      expect(entry.message.trim(), key).not.toBe('');
      expect(placeholderNames(entry.message).length, key).toBeLessThanOrEqual(9);
      // Every `$` is `$$` or part of a `$name$`: a lone one would vanish or eat text.
      const rest = entry.message.replaceAll('$$', '').replace(/\$[a-z0-9_]+\$/g, '');
      expect(rest, key).not.toContain('$');
    }
  });

  it('plural forms cover the categories of each language', () => {
    for (const lang of LANGS) {
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      for (const base of pluralBases) {
        for (const category of categories)
          expect(Object.hasOwn(catalogs[lang], `${base}_${category}`), `${lang} ${base}`).toBe(
            true,
          );
      }
    }
    expect(PLURAL_CATEGORIES).toContain('other');
  });
});

/** Source files of the product (tests left out: they may name keys that must not exist). */
function sources(): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) {
        out.push({ file: path.relative(ROOT, full), text: readFileSync(full, 'utf8') });
      }
    }
  };
  for (const dir of ['lib', 'components', 'entrypoints', 'extension', 'cli'])
    walk(path.join(ROOT, dir));
  out.push({ file: 'wxt.config.ts', text: readFileSync(path.join(ROOT, 'wxt.config.ts'), 'utf8') });
  return out;
}

describe('keys in the code', () => {
  const files = sources();

  it('every key given to t, plural, phrase, sentence or counted exists', () => {
    const call = /\b(t|plural|phrase|sentence|counted)\(\s*'([A-Za-z0-9_]+)'/g;
    const unknown = files.flatMap(({ file, text }) =>
      [...text.matchAll(call)].flatMap(([, fn, key]) => {
        const exists = fn === 'plural' || fn === 'counted' ? pluralBases.has(key!) : key! in en;
        return exists ? [] : [`${file}: ${fn}('${key}')`];
      }),
    );
    expect(unknown).toEqual([]);
  });

  it('every __MSG_…__ in the manifest exists', () => {
    const config = files.find((f) => f.file === 'wxt.config.ts')!.text;
    const keys = [...config.matchAll(/__MSG_([A-Za-z0-9_]+)__/g)].map((m) => m[1]!);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(keys.filter((key) => !(key in en))).toEqual([]);
  });

  it('every message is used somewhere (no dead translations)', () => {
    const all = files.map((f) => f.text).join('\n');
    // Keys built at run time: `policy_kind_${kind}` and the like, as patterns.
    const dynamic = [...all.matchAll(/`([a-z0-9_]*)\$\{[^}]+\}([a-z0-9_]*)`/g)]
      .filter(([, head, tail]) => (head ?? '').length + (tail ?? '').length >= 4)
      .map(([, head, tail]) => new RegExp(`^${head}[a-z0-9_]+${tail}$`));
    const unused = Object.keys(en).filter((key) => {
      const base = pluralBaseOf(key);
      const named = (k: string) => all.includes(`'${k}'`) || all.includes(`__MSG_${k}__`);
      return !(
        named(key) ||
        (base !== null && named(base)) ||
        key === 'locale_tag' ||
        dynamic.some((pattern) => pattern.test(key))
      );
    });
    expect(unused).toEqual([]);
  });
});
