/**
 * Strings in code-unit order: the same in every locale and runtime (no
 * `localeCompare`), and the order of a store keyed by ASCII text such as
 * normalized URLs.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
