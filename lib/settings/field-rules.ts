/**
 * The rule for each setting, shared by the Options form (text typed in),
 * an imported file (JSON values) and what storage holds: each returns null
 * when the value is acceptable, else a sentence saying what is wanted.
 */
import { CRAWL_LIMITS, type CrawlNumberKey } from './settings.ts';

/** The longest product token the message protocol accepts. */
export const MAX_ROBOT_CHARS = 100;

export function robotTokenProblem(token: string): string | null {
  if (token.trim() === '')
    return 'Must be a robot’s product token, such as googlebot, or * for any robot.';
  if (token.length > MAX_ROBOT_CHARS) return `Must be at most ${MAX_ROBOT_CHARS} characters.`;
  if (hasControlCharacter(token)) return 'Must not contain a control character.';
  return null;
}

export function crawlNumberProblem(key: CrawlNumberKey, value: number): string | null {
  const { min, max } = CRAWL_LIMITS[key];
  return Number.isInteger(value) && value >= min && value <= max
    ? null
    : `Must be a whole number from ${min.toLocaleString('en')} to ${max.toLocaleString('en')}.`;
}

/** A number typed in a form field: digits only (no sign, no exponent, no thousands separator). */
export function parseWholeNumber(text: string): number {
  const trimmed = text.trim();
  return /^\d{1,15}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** C0 controls and DEL: nothing a header value or a product token may hold (CR and LF split headers). */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
