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

/**
 * A phrase without values is one frozen object per key, shared: a site
 * audit says "no META description" once per page, and a million-page
 * crawl's report held a million copies (~90 bytes each).
 */
const WITHOUT_VALUES = new Map<MessageKey, Phrase>();
const NO_VALUES: Record<string, MessageValue> = Object.freeze({});

export function phrase<K extends MessageKey>(key: K, ...values: ValuesArg<K>): Phrase<K> {
  const given = values[0];
  if (given !== undefined) return { key, values: given };
  let shared = WITHOUT_VALUES.get(key);
  if (!shared) {
    shared = Object.freeze({ key, values: NO_VALUES });
    WITHOUT_VALUES.set(key, shared);
  }
  return shared as Phrase<K>;
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
