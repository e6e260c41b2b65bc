/**
 * Which field a line names. Google's reference parser reads a key by its
 * prefix, case-insensitively, and accepts frequent typos (`disalow`,
 * `useragent`, …); robots that follow RFC 9309 to the letter only know the
 * exact names. We read keys the way Googlebot does and say which way it was.
 */

export type RobotsKeyName = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'other';

/** `exact`: the standard name. `variant`: a typo or prefix only Google's parser accepts. */
export type KeySpelling = 'exact' | 'variant';

export interface KeyReading {
  name: RobotsKeyName;
  spelling: KeySpelling;
}

/** Google's accepted spellings, each matched as a case-insensitive prefix. */
const SPELLINGS: readonly [Exclude<RobotsKeyName, 'other'>, readonly string[]][] = [
  ['user-agent', ['user-agent', 'useragent', 'user agent']],
  ['allow', ['allow']],
  ['disallow', ['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw']],
  ['sitemap', ['sitemap', 'site-map']],
];

/** Reads a key (already trimmed) in Google's order: user-agent, allow, disallow, sitemap. */
export function readKey(key: string): KeyReading {
  const lower = key.toLowerCase();
  for (const [name, prefixes] of SPELLINGS) {
    if (prefixes.some((prefix) => lower.startsWith(prefix))) {
      return { name, spelling: lower === name ? 'exact' : 'variant' };
    }
  }
  return { name: 'other', spelling: 'exact' };
}
