/**
 * A sentence lib/ says — a verdict reason, a robots.txt finding, a crawl
 * reason — as a message key and the values it names, so the popup, the
 * report and the command line word it in the user's language. lib/ keeps
 * no wording of its own: text is made at the edges (the popup, the report
 * page, the command line's text and JSON output) with a Translator.
 */
import type {
  MessageKey,
  MessageValue,
  PluralBase,
  PluralValuesArg,
  ValuesArg,
} from './catalog.ts';

export interface Phrase<K extends MessageKey = MessageKey> {
  key: K;
  values: Record<string, MessageValue>;
  /** `key` is `<base>_other`: the form is chosen by `values.count` in the reader's language. */
  plural?: boolean;
}

export function phrase<K extends MessageKey>(key: K, ...values: ValuesArg<K>): Phrase<K> {
  return { key, values: values[0] ?? {} };
}

/** A counted phrase ("3 notes"), its plural form left to the language it is worded in. */
export function counted<B extends PluralBase>(
  base: B,
  count: number,
  ...values: PluralValuesArg<B>
): Phrase {
  return {
    key: `${base}_other` as MessageKey,
    values: { ...(values[0] ?? {}), count },
    plural: true,
  };
}

/**
 * Text that is not RobotLens's own words — an adapter's error detail, a
 * reason stored by a version that kept only English — shown as written.
 */
export function asWritten(text: string): Phrase<'text_as_written'> {
  return phrase('text_as_written', { text });
}

/** A phrase, told apart from other plain data (JSON read back, a report's rows). */
export function isPhrase(value: unknown): value is Phrase {
  if (typeof value !== 'object' || value === null) return false;
  const { key, values } = value as Partial<Phrase>;
  return typeof key === 'string' && typeof values === 'object' && values !== null;
}
