/**
 * Plain data with its phrases worded, for output that is text (JSON files,
 * CSV): every `name: Phrase` becomes `name: text` followed by its twin
 * `namePhrase: Phrase`, and a list of phrases (`errors: Phrase[]`) becomes
 * `errors: text[]` and `errorPhrases: Phrase[]` — the shape RobotLens's JSON has always had
 * (README "Languages"), so a tool reads the English and can word the phrase
 * in any language. Phrases inside phrases stay as they are.
 */
import type { JsonShaping } from '../text/safe-json.ts';
import { isPhrase, type Phrase } from './phrase.ts';

/** Data with each phrase replaced by its text (and the phrase kept beside it). */
export type WithText<T> = T extends Phrase
  ? string
  : T extends readonly (infer E)[]
    ? WithText<E>[]
    : T extends object
      ? { [K in keyof T]: WithText<T[K]> } & {
          [
            K in keyof T as [Extract<T[K], Phrase>] extends [never] ? never : `${K & string}Phrase`
          ]?: Extract<T[K], Phrase>;
        }
      : T;

export function withText<T>(value: T, say: (phrase: Phrase) => string): WithText<T> {
  return worded(value, say) as WithText<T>;
}

/** Lists of phrases, by name: an empty one gets its (empty) twin too. */
const PHRASE_LISTS = new Set(['errors']);

/**
 * `withText` a piece at a time, for safeJsonChunks: a container it walks
 * gets only its own phrases worded (its members are worded as they are
 * written), one written whole is worded whole. The JSON is that of
 * `withText(value, say)`, with no second copy of the whole value.
 */
export function textShaping(say: (phrase: Phrase) => string): JsonShaping {
  return {
    prepare: (value, whole) => worded(value, say, whole),
    // A phrase's members are its own; they are never worded.
    keepsWhole: isPhrase,
  };
}

/** `deep`: the members' phrases too, all the way down; otherwise this value's own only. */
function worded(value: unknown, say: (phrase: Phrase) => string, deep = true): unknown {
  if (Array.isArray(value)) return deep ? value.map((item) => worded(item, say)) : value;
  if (!isPlainObject(value) || isPhrase(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    if (isPhrase(item)) {
      out[name] = say(item);
      out[`${name}Phrase`] = item;
    } else if (PHRASE_LISTS.has(name) && Array.isArray(item) && item.every(isPhrase)) {
      out[name] = item.map(say);
      out[`${name.replace(/s$/, '')}Phrases`] = item;
    } else out[name] = deep ? worded(item, say) : item;
  }
  return out;
}

/** Records only: bytes (a body) and other class instances pass as they are. */
function isPlainObject(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
