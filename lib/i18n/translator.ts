/**
 * The one way UI and command-line code turn a message key into text: `t`
 * for a message, `plural` for a count (CLDR plural rules of the language,
 * through Intl.PluralRules), `number` for a bare number. Numbers given as
 * values are formatted for the language too (Intl.NumberFormat).
 *
 * Built over a lookup — the i18n API's getMessage in the extension, the
 * catalog files in the command line and tests — so it stays pure.
 */
import {
  placeholderOrder,
  type MessageValue,
  type MessageKey,
  type PluralBase,
  type PluralValuesArg,
  type ValuesArg,
} from './catalog.ts';
import type { Phrase } from './phrase.ts';

/** Positional substitutions in, text out; '' or undefined when the key is unknown. */
export type MessageLookup = (key: string, substitutions: string[]) => string | undefined;

export interface Translator {
  /** The BCP 47 language the text and numbers are in (`en`, `en-GB`, `ko`). */
  readonly lang: string;
  t<K extends MessageKey>(key: K, ...values: ValuesArg<K>): string;
  plural<B extends PluralBase>(base: B, count: number, ...values: PluralValuesArg<B>): string;
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /** A sentence lib/ made (a key chosen from a code, and its values). */
  say(phrase: Phrase): string;
}

type NestedPhrase = Exclude<MessageValue, string | number | readonly MessageValue[]>;

function isList(value: MessageValue): value is readonly MessageValue[] {
  return Array.isArray(value);
}

export function createTranslator(lang: string, lookup: MessageLookup): Translator {
  const numbers = new Intl.NumberFormat(lang);
  const plurals = new Intl.PluralRules(lang);
  const format = (value: MessageValue): string => {
    if (typeof value === 'number') return numbers.format(value);
    if (typeof value === 'string') return value;
    if (isList(value)) return value.map(format).join(find('list_separator') ?? ', ');
    return say(value);
  };
  const find = (key: string, values: Record<string, MessageValue> = {}): string | null => {
    const substitutions = placeholderOrder(values).map((name) => format(values[name]!));
    const text = lookup(key, substitutions);
    return text === undefined || text === '' ? null : text;
  };
  const pluralOf = (base: string, values: Record<string, MessageValue>): string => {
    const count = typeof values.count === 'number' ? values.count : 0;
    return (
      find(`${base}_${plurals.select(count)}`, values) ?? find(`${base}_other`, values) ?? base
    );
  };
  function say(phrase: Phrase | NestedPhrase): string {
    if (phrase.plural) return pluralOf(phrase.key.replace(/_other$/, ''), phrase.values);
    return find(phrase.key, phrase.values) ?? phrase.key;
  }
  return {
    lang,
    t: (key, ...values) => find(key, values[0]) ?? key,
    plural: (base, count, ...values) => pluralOf(base, { ...(values[0] ?? {}), count }),
    number: (value, options) =>
      options ? new Intl.NumberFormat(lang, options).format(value) : numbers.format(value),
    say,
  };
}
