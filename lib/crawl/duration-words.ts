/** Durations in words, as phrases each surface words in its reader's language. */
import { phrase, type Phrase } from '../i18n/phrase.ts';

type UnitKey = 'unit_seconds' | 'unit_minutes' | 'unit_hours' | 'unit_days';

/** A wait in words: `45 s`, `20 min`, `12 days`, `7,974 years` (a hostile Retry-After can be anything). */
export function durationWords(ms: number): Phrase {
  const seconds = ms / 1000;
  const units: [limit: number, size: number, key: UnitKey][] = [
    [120, 1, 'unit_seconds'],
    [2 * 3600, 60, 'unit_minutes'],
    [2 * 86_400, 3600, 'unit_hours'],
    [2 * 365 * 86_400, 86_400, 'unit_days'],
  ];
  for (const [limit, size, key] of units)
    if (seconds < limit) return phrase(key, { count: Math.round(seconds / size) });
  return phrase('unit_years', { count: Math.round(seconds / (365.25 * 86_400)) });
}

/** A time limit in words, to the tenth of a second below two minutes: `3 s`, `1.5 s`, `2 min`. */
export function limitWords(ms: number): Phrase {
  return ms < 120_000
    ? phrase('unit_seconds', { count: Math.round(ms / 100) / 10 })
    : durationWords(ms);
}
