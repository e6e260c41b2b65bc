/**
 * A sentence lib/ says — a verdict reason, a robots.txt finding, a crawl
 * reason — as a message key and the values it names, so the popup, the
 * report and the command line word it in the user's language. lib/ also
 * keeps the English wording (`english`) for its JSON output and its tests.
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
