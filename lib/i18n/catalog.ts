/**
 * The message catalog: `public/_locales/<lang>/messages.json`, the browser's
 * own i18n format, read by the browser (its i18n API) for the extension and
 * by the command line from the same files. English is the reference: its
 * keys and placeholder names are the types every caller is checked against.
 *
 * Convention (tests/unit/messages.test.ts enforces it): a message names its
 * values as `$name$` placeholders, and the placeholders, sorted by name, are
 * `$1`, `$2`, … — so a caller passes named values, and the translator turns
 * them into the positional substitutions the i18n API's getMessage takes.
 */
// Types only: the keys and placeholders are checked against the English catalog, none of its text is bundled.
// eslint-disable-next-line no-restricted-imports
import type english from '../../public/_locales/en/messages.json';

export interface CatalogEntry {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string; example?: string }>;
}

export type Catalog = Record<string, CatalogEntry>;

type English = typeof english;

/** Every message key, from the English catalog: a wrong key fails typecheck. */
export type MessageKey = keyof English & string;

type NamesOf<K extends MessageKey> = English[K] extends { placeholders: infer P }
  ? Extract<keyof P, string>
  : never;

/**
 * A value put into a message: text as it is, a number formatted for the
 * language, another message (a robot's name, a tag's label) worded first,
 * or a list of them (joined by the language's `list_separator`).
 */
export type MessageValue =
  | string
  | number
  | { key: MessageKey; values: Record<string, MessageValue>; plural?: boolean }
  | readonly MessageValue[];

/** The values a message names, by placeholder name. */
export type MessageValues<K extends MessageKey> = { [N in NamesOf<K>]: MessageValue };

/** Keys of messages that take no values: what a table of labels may hold. */
export type PlainMessageKey = {
  [K in MessageKey]: [NamesOf<K>] extends [never] ? K : never;
}[MessageKey];

/** No argument for a message without placeholders; its named values otherwise. */
export type ValuesArg<K extends MessageKey> = [NamesOf<K>] extends [never]
  ? []
  : [values: MessageValues<K>];

/** Messages with plural forms: `<base>_one`, `<base>_other`, … (CLDR categories). */
export type PluralBase = MessageKey extends infer K
  ? K extends `${infer B}_other`
    ? B
    : never
  : never;

type PluralKey<B extends PluralBase> = `${B}_other` & MessageKey;

/** A plural message's values other than `count`, which the count fills. */
export type PluralValuesArg<B extends PluralBase> = [
  Exclude<NamesOf<PluralKey<B>>, 'count'>,
] extends [never]
  ? []
  : [values: Omit<MessageValues<PluralKey<B>>, 'count'>];

/** The `$name$` placeholders a message uses, sorted (`$$` is a literal dollar sign). */
export function placeholderNames(message: string): string[] {
  const names = new Set<string>();
  for (const match of message.replaceAll('$$', '').matchAll(/\$([a-z0-9_]+)\$/g)) {
    names.add(match[1]!);
  }
  return [...names].sort();
}

/** The placeholder names of a message, sorted: their order is `$1`, `$2`, … */
export function placeholderOrder(values: Record<string, unknown>): string[] {
  return Object.keys(values).sort();
}

/**
 * the i18n API's `getMessage` for a catalog read from disk: `$name$` becomes
 * its placeholder's content, then `$1`…`$9` the substitutions and `$$` a `$`.
 * Undefined when the catalog has no such message.
 */
export function renderMessage(
  catalog: Catalog,
  key: string,
  substitutions: readonly string[] = [],
): string | undefined {
  const entry = Object.hasOwn(catalog, key) ? catalog[key] : undefined;
  if (entry === undefined) return undefined;
  const placeholders = entry.placeholders ?? {};
  const expanded = entry.message.replace(/\$([A-Za-z0-9_@]+)\$/g, (whole, name: string) => {
    const placeholder = placeholders[name.toLowerCase()];
    return placeholder === undefined ? whole : placeholder.content;
  });
  return expanded.replace(/\$(\$|[1-9])/g, (_, what: string) =>
    what === '$' ? '$' : (substitutions[Number(what) - 1] ?? ''),
  );
}
