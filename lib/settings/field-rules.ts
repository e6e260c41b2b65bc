/**
 * The rule for each setting, shared by the Options form (text typed in),
 * an imported file (JSON values) and what storage holds: each returns null
 * when the value is acceptable, else a phrase saying what is wanted.
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { CRAWL_LIMITS, type CrawlNumberKey } from './settings.ts';

/** The longest product token the message protocol accepts. */
export const MAX_ROBOT_CHARS = 100;

export function robotProblem(robot: string): Phrase | null {
  if (robot.trim() === '') return phrase('options_error_robot_empty');
  if (robot.length > MAX_ROBOT_CHARS)
    return phrase('options_error_too_long', { max: MAX_ROBOT_CHARS });
  if (hasControlCharacter(robot)) return phrase('options_error_control');
  return null;
}

export function crawlNumberProblem(key: CrawlNumberKey, value: number): Phrase | null {
  const { min, max } = CRAWL_LIMITS[key];
  return Number.isInteger(value) && value >= min && value <= max
    ? null
    : phrase('options_error_number_range', { min, max });
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
