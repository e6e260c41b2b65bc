/** Shapes of parsed JSON (a message, a settings file, a site config) before it is trusted. */

/** True for a JSON object: not null, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
